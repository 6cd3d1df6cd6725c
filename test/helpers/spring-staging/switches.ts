// The switches of the Spring-style staging, as data: each true defect breaks a
// fact the interface document states (quoted), each deviation is a choice where
// the document is silent (the silence quoted). `operations` names the document's
// paths; `modes` says in which suite modes a request can show the switch.

export type Mode = 'read-only' | 'writes' | 'fuzz' | 'rate-limit';

export interface SwitchRow {
  /** The document's words (defect: the fact broken; deviation: the silence). */
  document: string;
  /** What this deployment does when the switch is on. */
  behaviour: string;
  operations: string[];
  modes: Mode[];
}

export const DEFECTS = {
  'end-client-known-boolean': {
    document: '§2.1 end_client_known: "integer (1 or 0) in listings; boolean in the update request"',
    behaviour: 'listings serialize the Java boolean field as true/false',
    operations: ['/client/list', '/client/user_client'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'created-at-millis': {
    document: '§2.1 created_at: "ISO 8601 UTC timestamp with microseconds and a trailing Z"',
    behaviour: 'client created_at written by Jackson from a millisecond Instant: 2025-03-04T09:15:27.412Z',
    operations: ['/client/list', '/client/user_client'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'envelope-no-links': {
    document: '§2.5 paged list envelope: "links | array of {url: string or null, label: string, active: boolean}"',
    behaviour: 'the page DTO has no links property, so the envelope lacks `links`',
    operations: ['/client/list', '/client/user_client'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'last-page-floor': {
    document: '§2.5 "last_page, total | integer" with "next_page_url ... string or null" (the last page number)',
    behaviour: 'last_page = floor(total / per_page): a partial last page is not counted, next/last URLs follow it',
    operations: ['/client/list', '/client/user_client'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'user-client-all-companies': {
    document: '§4.4 "Returns clients shared by members of the caller\'s company."',
    behaviour: "the repository query lost its company predicate: every company's clients are listed",
    operations: ['/client/user_client'],
    modes: ['read-only', 'writes'],
  },
  'update-message-wrong': {
    document: '§4.5 "success text `Client details updated successfully.`"',
    behaviour: 'answers `Client updated successfully.`',
    operations: ['/client/update'],
    modes: ['writes'],
  },
  'update-drops-billing-city': {
    document: '§4.5 billing_city is an accepted update field and §2.1 returns it in listings',
    behaviour: 'the DTO property lacks @JsonProperty("billing_city"); Jackson ignores it, the stored value is kept',
    operations: ['/client/update', '/client/list'],
    modes: ['writes'],
  },
  'delete-keeps-record': {
    document: '§4.6 "success text `Client deleted successfully.`" (the client is deleted)',
    behaviour: 'soft delete sets deleted_at but the list queries do not filter it; the client stays listed',
    operations: ['/client/delete', '/client/list'],
    modes: ['writes'],
  },
  'awning-id-string': {
    document: '§4.7 success "data object with `id` integer"',
    behaviour: 'the Long id carries @JsonSerialize(using = ToStringSerializer.class): "id": "41"',
    operations: ['/measurements/awning_measurement_add_edit'],
    modes: ['writes', 'fuzz'],
  },
  'token-survives-password-change': {
    document: '§3 "valid | password change | user changes password | invalidated"',
    behaviour: 'update_password stores the new hash but does not bump the token version',
    operations: ['/user/update_password'],
    modes: ['writes'],
  },
  'x-api-token-refused': {
    document:
      '§5 "The two credential headers (`X-API-Token` and `Authorization: Bearer`) are both described; a builder accepts the token in either."',
    behaviour: 'only BearerTokenAuthenticationFilter reads credentials; X-API-Token alone gives 401',
    operations: ['/client/list', '/plans/index', '/room/get', '/user/get_company_user'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'invalid-token-empty-401': {
    document: '§7 "401 | missing or invalid authentication | `Unauthenticated.`" in {message, status}',
    behaviour:
      "a present but invalid token meets Spring's BearerTokenAuthenticationEntryPoint: 401, empty body, WWW-Authenticate",
    operations: ['/client/list', '/plans/index', '/room/get', '/user/get_company_user'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'subscription-access-denied': {
    document: '§5 rule 4 "otherwise HTTP 403 with message `Subscription required.`"',
    behaviour: '@PreAuthorize denial: 403 {timestamp, status, error: "Forbidden", message: "Access Denied", path}',
    operations: ['/client/list', '/client/user_client', '/room/get', '/room/measurement_type'],
    modes: ['read-only', 'writes'],
  },
  'keyword-quote-500': {
    document: '§4.3 keyword: "string", optional (any string is a valid keyword)',
    behaviour: 'the keyword is concatenated into JPQL; a quote gives a QuerySyntaxException and a 500',
    operations: ['/client/list'],
    modes: ['fuzz'],
  },
  'oversize-default-body': {
    document: '§4.1 countries: "Failure body shape: `status` = `error`, `message` string"',
    behaviour:
      "a body over the size limit is refused (413) by the container, bypassing the advice: Spring's default body",
    operations: ['/countries/index'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'rate-limit-spring-body': {
    document: '§7 "429 | rate limit exceeded | `Too many requests. Please try again later.`" in {message, status}',
    behaviour: "the Bucket4j filter answers Spring's default body {timestamp, status, error, path}, no message",
    operations: ['/client/list', '/countries/index'],
    modes: ['rate-limit'],
  },
} satisfies Record<string, SwitchRow>;

export const DEVIATIONS = {
  'error-body-minimal': {
    document:
      '§7 "HTTP status codes for validation failures and for unknown identifiers: not shown. Per-field validation messages: not shown."',
    behaviour: 'server.error.include-message=never: 400/404/405/415 carry only {timestamp, status, error, path}',
    operations: ['/client/update', '/client/delete', '/room/get', '/client/list'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'unknown-id-403': {
    document: '§7 "HTTP status codes ... for unknown identifiers: not shown."',
    behaviour: 'a client of another company (or none) is 403 Access Denied (Spring body) instead of 404',
    operations: ['/client/update', '/client/delete', '/room/get', '/room/get-by-client-id'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'platform-any-value': {
    document: '§5 platform "`WEB`, `IOS` or `ANDROID` | required on every request" (an unlisted value: not shown)',
    behaviour: 'the header is a plain String: any non-empty value is accepted',
    operations: ['/client/list', '/countries/index'],
    modes: ['read-only', 'fuzz'],
  },
  'limit-honoured': {
    document:
      '§4.3 "Effect of keyword, page and limit on filtering and page size: not shown." §8 "the maximum of `limit`: not shown"',
    behaviour: 'limit sets per_page, silently capped at 100 (the default ignores limit as the sample does)',
    operations: ['/client/list'],
    modes: ['read-only', 'fuzz'],
  },
  'order-by-name': {
    document: '§4.3 list order: not stated',
    behaviour: 'Sort.by("name", "surname") instead of newest first',
    operations: ['/client/list', '/client/user_client'],
    modes: ['read-only'],
  },
  'keyword-all-fields': {
    document: '§4.3 "Effect of keyword ... on filtering ...: not shown."',
    behaviour: 'keyword matches every text column case-insensitively (default: name, surname, email)',
    operations: ['/client/list'],
    modes: ['read-only', 'fuzz'],
  },
  'extra-fields': {
    document: '§2.1 "Fields seen in client listings" (further fields: not excluded)',
    behaviour: 'records carry Hibernate/auditing columns: version, updated_at, created_by',
    operations: ['/client/list', '/client/user_client', '/room/get', '/user/get_company_user'],
    modes: ['read-only', 'writes'],
  },
  'unknown-properties-refused': {
    document: '§4 request tables list fields; unlisted request properties: not shown',
    behaviour: 'FAIL_ON_UNKNOWN_PROPERTIES=true: an unlisted property is 400 "Unrecognized field"',
    operations: ['/client/list', '/client/update', '/room/get', '/measurements/awning_measurement_add_edit'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'strict-coercion': {
    document: '§4 integer fields; whether "10" is taken for 10: not shown',
    behaviour: 'ALLOW_COERCION_OF_SCALARS off: a string for an integer (or a number for a string) is 400',
    operations: ['/client/list', '/client/update', '/client/delete', '/room/get'],
    modes: ['read-only', 'writes', 'fuzz'],
  },
  'reference-no-subscription': {
    document: '§5 rule 4 "Most endpoints also need an active subscription" (which ones: not shown)',
    behaviour: '/room/measurement_type and /adminroom/index are served without an active plan',
    operations: ['/room/measurement_type', '/adminroom/index'],
    modes: ['read-only'],
  },
  'unknown-route-401': {
    document: 'unknown paths: not shown',
    behaviour: 'anyRequest().authenticated(): an unknown path without a token is 401 (Spring body), 404 with one',
    operations: [],
    modes: ['read-only', 'fuzz'],
  },
  'rooms-by-client-null': {
    document: '§4.12 "The response body is not shown (the sample response is null)."',
    behaviour: 'the controller returns a Jackson NullNode: 200 with the JSON body `null`, as the sample shows',
    operations: ['/room/get-by-client-id'],
    modes: ['read-only', 'writes'],
  },
} satisfies Record<string, SwitchRow>;

export type DefectName = keyof typeof DEFECTS;
export type DeviationName = keyof typeof DEVIATIONS;
export const DEFECT_NAMES = Object.keys(DEFECTS) as DefectName[];
export const DEVIATION_NAMES = Object.keys(DEVIATIONS) as DeviationName[];

/** The switches one server runs with, asked by name where the code branches. */
export class Switches {
  private readonly on: Set<string>;
  constructor(defects: Iterable<DefectName> = [], deviations: Iterable<DeviationName> = []) {
    this.on = new Set<string>([...defects, ...deviations]);
    for (const name of this.on) {
      if (!(name in DEFECTS) && !(name in DEVIATIONS)) throw new Error(`unknown spring-staging switch: ${name}`);
    }
  }
  has(name: DefectName | DeviationName): boolean {
    return this.on.has(name);
  }
}
