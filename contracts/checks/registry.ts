// Every check of the suite, one named entry each, in the order a run makes
// them: what --checks / --exclude-checks select, what --list-checks prints and
// what the table of docs/contracts.md is rendered from (rules as data, as
// Spectral keeps them; selected by name, as Schemathesis's checks are).
//
// A module makes the checks of one or more entries in one pass (negative.ts
// makes all four of negative:*), so an entry names its module and the check
// ids (CheckResult.id) that are its own; the runner runs a module once, where
// its first selected entry stands, and the session records only the checks of
// selected entries. Adding a check: one entry below (see docs/contracts.md).
import { IGNORED_FIELDS_ASSUMPTION } from '../../spec/ignored-fields.js';
import { FORBIDDEN } from '../conform.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import type { CheckGroup } from '../types.js';
import { authChecks } from './auth.js';
import { conformanceChecks, logoutCheck } from './conformance.js';
import { meaningChecks } from './meaning.js';
import { negativeChecks, PLATFORM_REFUSAL } from './negative.js';
import {
  COMPANY_CLIENTS,
  COMPANY_ORDER,
  COMPANY_PAGE_SIZE,
  LIST_EFFECT,
  LIST_ORDER,
  LIST_PAGE_SIZE,
  LIST_SEARCH,
  NO_ROOMS,
  pagingChecks,
} from './paging.js';
import {
  BOOLEAN_AS_STRING,
  COMPANY_LIMIT_CAP,
  COUNTRIES_REFUSAL,
  FRACTION_AS_INTEGER,
  LIMIT_CAP,
  NUMBER_AS_STRING,
  NUMERIC_STRINGS,
  probeChecks,
  UNKNOWN_AWNING,
  UNKNOWN_CLIENT,
  UNKNOWN_COMPANY,
  UNKNOWN_QR_CODE,
  WRONG_PASSWORD,
} from './probes.js';
import { rateLimitCheck } from './rate-limit.js';
import { searchChecks } from './search.js';
import { sequenceChecks } from './sequences/index.js';
import { specReads } from './spec-reads.js';
import { GATING, subscriptionChecks } from './subscription.js';
import { writeChecks } from './writes.js';

/** What a check needs before it does more than skip: a flag of the run, or what the run found. */
export const NEEDS = {
  records: 'the records conformance:reads finds (it runs too unless excluded)',
  company: "the caller's company (named by the sign-in's user or the profile, or --company NAME)",
  nosub: 'an account without a plan (--nosub-email, --nosub-password)',
  writes: '--allow-writes',
  destructive: '--allow-destructive --client-id N',
  'password-account': '--password-account-email/-password, or --allow-writes to sign one up',
  'rate-limit': '--check-rate-limit (it spends the quota)',
  fuzz: '--fuzz N',
} as const;
export type Need = keyof typeof NEEDS;

/** Each need in a few words, for --list-checks: the flag that gives it, or what gives it. */
export const NEEDS_SHORT: Record<Need, string> = {
  records: 'the records of conformance:reads',
  company: "the caller's company (--company)",
  nosub: '--nosub-email',
  writes: '--allow-writes',
  destructive: '--allow-destructive --client-id',
  'password-account': '--password-account-email or --allow-writes',
  'rate-limit': '--check-rate-limit',
  fuzz: '--fuzz N',
};

/** One pass of a module: it makes the checks of every entry that names it. */
export interface CheckModule {
  name: string;
  run: (s: Session, found: Discovered) => Promise<void>;
}

export interface CheckEntry {
  /** `group:what`, as --checks names it. */
  name: string;
  group: CheckGroup;
  /** One line, for --list-checks and the docs' table. */
  description: string;
  needs: readonly Need[];
  /** The x-assumed nodes (JSON pointers) and HTTP rules its findings may rest on besides the responses it
   *  validates, where known. */
  assumptions: readonly string[];
  /** It changes something on the deployment (a record, a password, a session of its own, the quota). */
  writes: boolean;
  /** The check ids (CheckResult.id) it makes. */
  ids: RegExp;
  /** The pass that makes its checks; none for the sign-in, which the runner makes before any module. */
  module?: CheckModule;
}

const module = (name: string, run: CheckModule['run']): CheckModule => ({ name, run });

const conformance = module('conformance', async (s, found) => {
  Object.assign(found, await conformanceChecks(s));
  // Every read of the spec the hand-written ones did not make: a read added to the spec is checked.
  await specReads(s, found);
});
const auth = module('auth', authChecks);
const subscription = module('subscription', subscriptionChecks);
const paging = module('paging', pagingChecks);
const search = module('search', searchChecks);
const meaning = module('meaning', meaningChecks);
const probes = module('probes', probeChecks);
const negative = module('negative', (s) => negativeChecks(s));
// Loaded only when asked for: fast-check stays out of a plain run.
const fuzz = module('fuzz', async (s, found) => {
  if (s.ctx.fuzz > 0) await (await import('./fuzz.js')).fuzzChecks(s, found);
});
const writes = module('writes', writeChecks);
const sequences = module('sequences', sequenceChecks);
const logout = module('logout', logoutCheck);
const rateLimit = module('rate-limit', (s) => rateLimitCheck(s));

/** The registry, in run order. */
export const CHECKS: readonly CheckEntry[] = [
  {
    name: 'conformance:signin',
    group: 'conformance',
    description: "the run's sign-in answers as the spec says and gives a token",
    needs: [],
    assumptions: [],
    writes: false,
    ids: /^conformance:signin$/,
  },
  {
    name: 'conformance:reads',
    group: 'conformance',
    description:
      'every read of the spec (x-read) answers a valid request as documented; public writes refuse a request made to fail',
    needs: [],
    assumptions: [NO_ROOMS],
    writes: false,
    ids: /^conformance:(?!signin$|logout$)/,
    module: conformance,
  },
  {
    name: 'auth:none',
    group: 'auth',
    description: 'every protected operation refuses a call without credentials with 401',
    needs: ['records'],
    assumptions: [],
    writes: false,
    ids: /^auth:[^:]+:none$/,
    module: auth,
  },
  {
    name: 'auth:made-up',
    group: 'auth',
    description: 'every protected operation refuses a made-up token with 401',
    needs: ['records'],
    assumptions: [],
    writes: false,
    ids: /^auth:[^:]+:made-up$/,
    module: auth,
  },
  {
    name: 'auth:x-api-token',
    group: 'auth',
    description: 'every protected read accepts the token in X-API-Token as in Authorization',
    needs: ['records'],
    assumptions: [],
    writes: false,
    ids: /^auth:[^:]+:x-api-token$/,
    module: auth,
  },
  {
    name: 'subscription:gate',
    group: 'subscription',
    description: 'gated operations refuse an account without a plan with 403; the others stay open to it',
    needs: ['nosub', 'records'],
    assumptions: [GATING],
    writes: false,
    ids: /^subscription(:.*)?$/,
    module: subscription,
  },
  {
    name: 'paging:walk',
    group: 'paging',
    description: 'walking every page of client/list yields every client once, each envelope agreeing with itself',
    needs: [],
    assumptions: [],
    writes: false,
    ids: /^paging:listClients:walk$/,
    module: paging,
  },
  {
    name: 'paging:keyword',
    group: 'paging',
    description: 'a keyword finds a known client by its e-mail address (or a field x-list says it searches)',
    needs: ['records'],
    assumptions: [LIST_SEARCH],
    writes: false,
    ids: /^paging:listClients:keyword$/,
    module: paging,
  },
  {
    name: 'paging:envelope',
    group: 'paging',
    description: "client/user_client's page envelope agrees with itself",
    needs: ['records', 'company'],
    assumptions: [],
    writes: false,
    ids: /^paging:listCompanyClients:envelope$/,
    module: paging,
  },
  {
    name: 'paging:keyword-selects',
    group: 'paging',
    description: 'a keyword selects: nothing for a string no client holds, only hits that hold it',
    needs: ['records'],
    assumptions: [LIST_SEARCH],
    writes: false,
    ids: /^paging:listClients:keyword-selects$/,
    module: search,
  },
  {
    name: 'paging:pages-select',
    group: 'paging',
    description: 'page selects: page 2 differs from page 1, a page past the last is empty',
    needs: [],
    assumptions: [LIST_EFFECT],
    writes: false,
    ids: /^paging:listClients:pages-select$/,
    module: search,
  },
  {
    name: 'meaning:one-room',
    group: 'meaning',
    description: 'room/get gives the entries of the room and client asked for',
    needs: ['records'],
    assumptions: [],
    writes: false,
    ids: /^meaning:[^:]+:one-room$/,
    module: meaning,
  },
  {
    name: 'meaning:own-rooms',
    group: 'meaning',
    description: 'room/get-by-client-id gives the rooms of that client only',
    needs: ['records'],
    assumptions: [],
    writes: false,
    ids: /^meaning:[^:]+:own-rooms$/,
    module: meaning,
  },
  {
    name: 'meaning:members',
    group: 'meaning',
    description: "client/user_client gives only clients owned by members of the caller's company",
    needs: ['records', 'company'],
    assumptions: [COMPANY_CLIENTS],
    writes: false,
    ids: /^meaning:[^:]+:members$/,
    module: meaning,
  },
  {
    name: 'negative:refused-sign-in',
    group: 'negative',
    description:
      "one wrong password to the run's own account: the status and body of a refused sign-in, as x-situations/wrong-credentials says",
    needs: [],
    assumptions: [WRONG_PASSWORD],
    writes: false,
    ids: /^negative:signin:refused-password$/,
    module: probes,
  },
  {
    name: 'negative:unknown-ids',
    group: 'negative',
    description:
      'unknown client ids, QR codes, companies (and awning ids with --allow-writes): the status answered, as x-situations says',
    needs: [],
    assumptions: [UNKNOWN_CLIENT, FORBIDDEN, UNKNOWN_QR_CODE, UNKNOWN_COMPANY, UNKNOWN_AWNING],
    writes: false,
    ids: /^negative:[^:]+:unknown-(id|code|company)$/,
    module: probes,
  },
  {
    name: 'negative:bodies',
    group: 'negative',
    description: 'an undocumented field, a body countries does not take, a body over 1 MiB, a body not JSON',
    needs: [],
    assumptions: [
      IGNORED_FIELDS_ASSUMPTION,
      COUNTRIES_REFUSAL,
      '/components/responses/PayloadTooLarge',
      '/components/responses/UnsupportedMediaType',
      '/components/responses/StatusPayloadTooLarge',
      '/components/responses/StatusUnsupportedMediaType',
    ],
    writes: false,
    ids: /^negative:[^:]+:(unknown-field|invalid-body|too-large|not-json)$/,
    module: probes,
  },
  {
    name: 'paging:limit-cap',
    group: 'paging',
    description: "a limit one past its maximum (the spec's): refused, or capped, or taken",
    needs: [],
    assumptions: [LIMIT_CAP, COMPANY_LIMIT_CAP],
    writes: false,
    ids: /^paging:[^:]+:limit-cap$/,
    module: probes,
  },
  {
    name: 'paging:list-effect',
    group: 'paging',
    description: "each list's x-list: whether limit sets per_page, the order, which fields a keyword searches",
    needs: ['records'],
    assumptions: [LIST_PAGE_SIZE, LIST_ORDER, LIST_SEARCH, COMPANY_PAGE_SIZE, COMPANY_ORDER],
    writes: false,
    ids: /^paging:[^:]+:(per-page|order|keyword-fields)$/,
    module: probes,
  },
  {
    name: 'negative:numeric-strings',
    group: 'negative',
    description: 'limit "5" to client/list: whether an integer field takes a string of digits (x-numeric-strings)',
    needs: [],
    assumptions: [NUMERIC_STRINGS],
    writes: false,
    ids: /^negative:listClients:numeric-string$/,
    module: probes,
  },
  {
    name: 'negative:number-as-string',
    group: 'negative',
    description: 'keyword 12345 to client/list: whether a string field takes a number as its text (x-type-coercion)',
    needs: [],
    assumptions: [NUMBER_AS_STRING],
    writes: false,
    ids: /^negative:listClients:number-as-string$/,
    module: probes,
  },
  {
    name: 'negative:fraction-as-integer',
    group: 'negative',
    description:
      'page 1.5 to client/list: whether an integer field takes a fraction as its whole part (x-type-coercion)',
    needs: [],
    assumptions: [FRACTION_AS_INTEGER],
    writes: false,
    ids: /^negative:listClients:fraction-as-integer$/,
    module: probes,
  },
  {
    name: 'negative:boolean-as-string',
    group: 'negative',
    description: 'keyword true to client/list: whether a string field takes a boolean as its text (x-type-coercion)',
    needs: [],
    assumptions: [BOOLEAN_AS_STRING],
    writes: false,
    ids: /^negative:listClients:boolean-as-string$/,
    module: probes,
  },
  {
    name: 'negative:no-platform',
    group: 'negative',
    description:
      'every operation refuses a request without the platform header with a documented 4xx (or serves it, as x-platform-refusal says)',
    needs: [],
    assumptions: [PLATFORM_REFUSAL],
    writes: false,
    ids: /^negative:[^:]+:no-platform$/,
    module: negative,
  },
  {
    name: 'negative:missing',
    group: 'negative',
    description: 'every operation refuses a request without a required field with a documented 4xx',
    needs: [],
    assumptions: [],
    writes: false,
    ids: /^negative:[^:]+:missing$/,
    module: negative,
  },
  {
    name: 'negative:type',
    group: 'negative',
    description: 'every operation refuses a field of the wrong type with a documented 4xx',
    needs: [],
    assumptions: [],
    writes: false,
    ids: /^negative:[^:]+:type$/,
    module: negative,
  },
  {
    name: 'negative:method',
    group: 'negative',
    description: 'a method the spec lacks for a path answers 405 with Allow',
    needs: [],
    assumptions: ['http:405', 'http:405-allow'],
    writes: false,
    ids: /^negative:[^:]+:method$/,
    module: negative,
  },
  {
    name: 'fuzz:valid',
    group: 'fuzz',
    description: 'generated valid requests (reads; with --allow-writes, edits of records the run adds) succeed',
    needs: ['fuzz', 'records'],
    assumptions: [],
    writes: true,
    ids: /^fuzz:[^:]+:valid$/,
    module: fuzz,
  },
  {
    name: 'fuzz:invalid',
    group: 'fuzz',
    description: 'generated invalid requests are refused with a documented 4xx, never a 5xx',
    needs: ['fuzz', 'records'],
    assumptions: [],
    writes: false,
    ids: /^fuzz:[^:]+:invalid$/,
    module: fuzz,
  },
  {
    name: 'writes:client',
    group: 'writes',
    description: "client/update writes a client's own values back and reads them unchanged",
    needs: ['writes', 'records'],
    assumptions: [],
    writes: true,
    ids: /^writes:updateClient$/,
    module: writes,
  },
  {
    name: 'writes:measurements',
    group: 'writes',
    description: 'each measurement form is added, listed by room/get, and edited',
    needs: ['writes', 'records'],
    assumptions: [],
    writes: true,
    ids: /^writes:addEdit\w+Measurement$/,
    module: writes,
  },
  {
    name: 'writes:awning-type',
    group: 'writes',
    description: "an awning_type outside the spec's enum is refused with Validation failed",
    needs: ['writes', 'records'],
    assumptions: [],
    writes: true,
    ids: /^writes:addEditAwningMeasurement:awning-type$/,
    module: writes,
  },
  {
    name: 'sequences:update',
    group: 'sequences',
    description: 'a client update is read back in client/list and client/user_client, then restored',
    needs: ['writes', 'records'],
    assumptions: [LIST_SEARCH, COMPANY_CLIENTS],
    writes: true,
    ids: /^sequences:update-then-read$/,
    module: sequences,
  },
  {
    name: 'sequences:logout',
    group: 'sequences',
    description: 'a logged-out token is refused by every protected operation (a session of its own)',
    needs: [],
    assumptions: [],
    writes: true,
    ids: /^sequences:logged-out-token$/,
    module: sequences,
  },
  {
    name: 'sequences:password',
    group: 'sequences',
    description: 'a password change ends every old token of the account, then the password is restored',
    needs: ['password-account', 'records'],
    assumptions: [],
    writes: true,
    ids: /^sequences:password-change$/,
    module: sequences,
  },
  {
    name: 'sequences:delete',
    group: 'sequences',
    description: 'a deleted client is gone from every list and read',
    needs: ['destructive', 'records'],
    assumptions: [],
    writes: true,
    ids: /^sequences:deleted-client-gone$/,
    module: sequences,
  },
  {
    name: 'conformance:logout',
    group: 'conformance',
    description:
      "logout ends a session of the check's own (the QR sign-in's, else a disposable sign-in), whose token is then refused",
    needs: ['records'],
    assumptions: [],
    writes: true,
    ids: /^conformance:logout$/,
    module: logout,
  },
  {
    name: 'rate-limit:429',
    group: 'rate-limit',
    description: 'the call past the documented limit answers 429 in the documented shape, with Retry-After',
    needs: ['rate-limit'],
    assumptions: ['/components/responses/TooManyRequests/headers/Retry-After', '/x-rate-limit-key'],
    writes: true,
    ids: /^rate-limit:/,
    module: rateLimit,
  },
];

/** The registry's groups, in run order. */
export const CHECK_GROUPS: readonly CheckGroup[] = [...new Set(CHECKS.map((c) => c.group))];

/** The entry a check id belongs to; none for a kind no entry claims yet (see `selection.ts`). */
export function entryOf(id: string, checks: readonly CheckEntry[] = CHECKS): CheckEntry | undefined {
  return checks.find((c) => c.ids.test(id));
}
