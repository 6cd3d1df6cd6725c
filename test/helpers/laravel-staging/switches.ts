// The switches of the Laravel-style staging: true defects (each against a
// fact the interface document states) and legitimate deviations (a choice
// where the document is silent, the other plausible Laravel answer to one of
// the spec's x-assumed points). Data, so that the verdict test walks the
// same table the server reads.

/** The runs the verdict test makes; a switch names those where a request can show it. */
import { MODES, type Mode } from '../staging-modes.js';

export { MODES, type Mode };

/** Every run makes the read-only checks; writes and deletes only the writes run. */
const READS: Mode[] = MODES;
const WRITES: Mode[] = ['writes'];

export interface DefectRow {
  /** The document's fact it breaks. */
  fact: string;
  /** The operations a failed check must name (one of them is enough). */
  operations: string[];
  modes: Mode[];
  /** What a failed check's id or messages say when it reports this defect. */
  evidence: RegExp;
}

export const DEFECTS = {
  'created-at-no-micros': {
    fact: '2.1: a client created_at is an ISO 8601 UTC timestamp with microseconds and a trailing Z',
    operations: ['listClients', 'listCompanyClients'],
    modes: READS,
    evidence: /created_at/,
  },
  'boolean-after-update': {
    fact: '2.1: end_client_known is an integer (1 or 0) in listings, a boolean only in the update request',
    operations: ['updateClient', 'listClients'],
    modes: WRITES,
    evidence: /end_client_known/,
  },
  'delete-keeps-client': {
    fact: '4.6: client/delete answers Client deleted successfully. (the client is gone)',
    operations: ['deleteClient'],
    modes: WRITES,
    evidence: /still listed|after (the|its) delete/,
  },
  'company-leak': {
    fact: "4.4: client/user_client returns clients shared by members of the caller's company",
    operations: ['listCompanyClients'],
    modes: READS,
    evidence: /leak|no member of the caller's company/,
  },
  'keyword-like-500': {
    fact: '4.3: keyword is a string (any string; an unescaped SQL LIKE fails on %)',
    operations: ['listClients'],
    modes: ['fuzz'],
    evidence: /\b500\b/,
  },
  'plan-price-string': {
    fact: '2.4: a Plan price is a number',
    operations: ['listPlans'],
    modes: READS,
    evidence: /price/,
  },
  'x-api-token-refused': {
    fact: '5: a builder accepts the token in either X-API-Token or Authorization: Bearer',
    operations: ['listClients', 'getProfile', 'listCompanyUsers'],
    modes: READS,
    evidence: /x-api-token.*answered 401/i,
  },
  'unauthenticated-no-status': {
    fact: '7: the 401 body is {message: "Unauthenticated.", status: integer}',
    operations: ['listClients', 'getProfile', 'listCompanyUsers'],
    modes: READS,
    evidence: /401 \/status/,
  },
  'subscription-wrong-message': {
    fact: '5 rule 4 and 7: without an active subscription, 403 with message Subscription required.',
    operations: ['listClients', 'listCompanyUsers', 'listMeasurementTypes'],
    modes: READS,
    evidence: /403 \/message/,
  },
  'room-entry-no-group-id': {
    fact: '2.3: a room entry has group_id (integer)',
    operations: ['getRoomMeasurements'],
    modes: READS,
    evidence: /group_id/,
  },
  'awning-dimensions-strings': {
    fact: '4.7: the awning dimensions width, projection, mount_height are integers',
    operations: ['addEditAwningMeasurement'],
    modes: WRITES,
    evidence: /dimensions/,
  },
  'update-wrong-message': {
    fact: '4.5: the update answers the success text Client details updated successfully.',
    operations: ['updateClient'],
    modes: WRITES,
    evidence: /updateClient 200 \/message/,
  },
  'countries-message-envelope': {
    fact: '4.1: countries/index answers status string and data (not message)',
    operations: ['listCountries'],
    modes: READS,
    evidence: /listCountries 200 \/status/,
  },
  'paginator-total-string': {
    fact: '2.5: total is an integer',
    operations: ['listClients', 'listCompanyClients'],
    modes: READS,
    evidence: /\/data\/total/,
  },
  'throttle-default-message': {
    fact: '7: the 429 message is Too many requests. Please try again later.',
    operations: ['getProfile'],
    modes: ['rate-limit'],
    evidence: /429 \/message/,
  },
} satisfies Record<string, DefectRow>;

export type DefectName = keyof typeof DEFECTS;

export interface DeviationRow {
  /** The spec's x-assumed nodes (JSON pointers) this choice answers otherwise; the ledger must contradict one. */
  assumptions: string[];
  choice: string;
  /** Where a request can show it (the ledger must then say contradicted). */
  modes: Mode[];
}

export const DEVIATIONS = {
  'profile-nests-company': {
    assumptions: ['/paths/~1user~1get_profile/post', '/components/schemas/User'],
    choice: 'user/get_profile nests the company as company: {id, name}; the sign-in user names it flat',
    modes: READS,
  },
  'platform-ignored': {
    assumptions: ['/x-platform-refusal'],
    choice: 'a missing or unknown platform header is not checked: the request is served (200)',
    modes: READS,
  },
  'signin-422': {
    assumptions: ['/x-situations/wrong-credentials'],
    choice: 'a wrong password is 422 {message, errors: {email: [...]}} (Laravel Fortify), not 401',
    modes: READS,
  },
  'laravel-error-bodies': {
    assumptions: [
      '/components/schemas/ValidationError',
      '/components/responses/NotFound',
      '/components/responses/ClientNotFound',
    ],
    choice: "422 and 404 bodies are Laravel's own: {message, errors} and {message}, with no status",
    modes: READS,
  },
  'unknown-client-422': {
    assumptions: ['/x-situations/unknown-client'],
    choice: 'an unknown client id is refused by the exists:clients,id rule: 422, not 404',
    modes: READS,
  },
  'limit-uncapped': {
    assumptions: ['/components/schemas/ClientListRequest/properties/limit'],
    choice: 'limit has no maximum: 500 is taken',
    modes: READS,
  },
  'per-page-fixed': {
    assumptions: ['/paths/~1client~1list/post/x-list/page-size'],
    choice: "per_page is always 20 whatever limit says (as in the document's sample)",
    modes: READS,
  },
  'keyword-name-only': {
    assumptions: ['/paths/~1client~1list/post/x-list/search'],
    choice: 'keyword searches name and surname only',
    modes: READS,
  },
  'oldest-first': {
    assumptions: ['/paths/~1client~1list/post/x-list/order', '/paths/~1client~1user_client/post/x-list/order'],
    choice: 'lists are in id order, oldest first',
    modes: READS,
  },
  'rooms-null': {
    assumptions: ['/paths/~1room~1get-by-client-id/post/x-no-rooms'],
    choice: "a client without rooms gets null (the document's sample), not the envelope with an empty list",
    modes: READS,
  },
  'company-other-empty': {
    assumptions: ['/x-situations/other-company'],
    choice: "another company's name answers 200 with an empty page (the query is scoped to the caller's company)",
    modes: READS,
  },
  'updated-at-bumped': {
    assumptions: ['/x-unknown-request-fields'],
    choice: 'records carry updated_at and deleted_at; every save bumps updated_at',
    modes: WRITES,
  },
} satisfies Record<string, DeviationRow>;

export type DeviationName = keyof typeof DEVIATIONS;

export const ALL_DEFECTS = Object.keys(DEFECTS) as DefectName[];
export const ALL_DEVIATIONS = Object.keys(DEVIATIONS) as DeviationName[];

/** What a server was started with. */
export interface Switches {
  defects: ReadonlySet<DefectName>;
  deviations: ReadonlySet<DeviationName>;
}
