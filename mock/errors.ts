// The mock's one error catalogue, after Fastify's lib/errors.js: each error has
// a stable code (MCS_ERR_<name>), a status, a shape and a message. Every error
// the mock sends is made here, in one of the API's two shapes: {message, status}
// or {status: "error", message}. Where the interface document fixes a text (a
// `const` in the spec), the text is read from the loaded spec at start-up and
// never written here, so the spec stays its one source.
// The code travels with the answer (`x-mock-error`) and into the journal; each
// entry's `means` is its line in the table of codes npm run readme writes into
// docs/mock.md. The catalogue is made once per mock (MockContext.errors) and
// reaches handlers as their input's `errors`: the one way the mock raises.

import type { JsonSchema, LoadedSpec } from '../spec/load.js';
import { type Situation, type SituationName, situationsOf } from '../spec/situations.js';

export type ErrorShape = 'api' | 'status';

/** Whether a {message, status, errors} body carries `status`, and `errors` when the error has them. */
export interface BodyFields {
  status: boolean;
  errors: boolean;
}
const ALL_FIELDS: BodyFields = { status: true, errors: true };

/** The response header every error answer carries its code in (exposed to browser apps by CORS). */
export const MOCK_ERROR_HEADER = 'x-mock-error';

export class MockError extends Error {
  constructor(
    /** `MCS_ERR_*` for the catalogue's errors; a 4xx Fastify raised itself keeps its `FST_ERR_*`. */
    readonly code: string,
    readonly statusCode: number,
    message: string,
    readonly shape: ErrorShape = 'api',
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'MockError';
  }

  /** Which of `status` and `errors` its {message, status, errors} body carries (the documented schema's). */
  private fields: BodyFields = ALL_FIELDS;

  /** The same error in another shape or with another text (the one an operation documents). */
  as(shape: ErrorShape, message: string): MockError {
    const e = new MockError(
      this.code,
      this.statusCode,
      message,
      shape,
      shape === 'api' ? this.errors : undefined,
      this.headers,
    );
    e.fields = this.fields;
    return e;
  }

  /** The same error with only the fields the operation's documented schema for its status has. */
  fitted(fields: BodyFields): MockError {
    if (fields.status === this.fields.status && fields.errors === this.fields.errors) return this;
    const e = this.as(this.shape, this.message);
    e.fields = fields;
    return e;
  }

  body(): Record<string, unknown> {
    if (this.shape === 'status') return { status: 'error', message: this.message };
    return {
      message: this.message,
      ...(this.fields.status ? { status: this.statusCode } : {}),
      ...(this.errors && this.fields.errors ? { errors: this.errors } : {}),
    };
  }

  /** The headers its answer carries: its own (Allow...) and its code, so a developer can tell why it failed. */
  answerHeaders(): Record<string, string> {
    return { ...this.headers, [MOCK_ERROR_HEADER]: this.code };
  }
}

interface Definition<A extends unknown[]> {
  /** Its status; a function for the entry whose status is chosen when it is made (FORCED). */
  statusCode: number | ((...args: A) => number);
  shape: ErrorShape;
  /** One line for the table of codes in docs/mock.md: when a client meets it. */
  means: string;
  message: (...args: A) => string;
  errors?: (...args: A) => Record<string, string[]>;
  headers?: (...args: A) => Record<string, string>;
}

/** A catalogue entry: call it for the error; it carries its code and status, as Fastify's error constructors do. */
export type ErrorFactory<A extends unknown[] = []> = ((...args: A) => MockError) & {
  readonly code: string;
  /** Undefined for the entry whose status is chosen when it is made (FORCED). */
  readonly statusCode: number | undefined;
  readonly shape: ErrorShape;
  readonly means: string;
};

type More<A extends unknown[]> = Partial<Omit<Definition<A>, 'statusCode' | 'message' | 'means'>> & { means: string };

function define<A extends unknown[] = []>(
  statusCode: number | ((...args: A) => number),
  message: string | ((...args: A) => string),
  more: More<A>,
): Definition<A> {
  return { statusCode, shape: 'api', message: typeof message === 'string' ? () => message : message, ...more };
}

const DEFINITIONS = {
  // Where the document is silent (x-assumed in the spec).
  PLATFORM: define(
    400,
    (values: readonly string[]) => `The platform header is required and must be one of ${values.join(', ')}.`,
    { means: 'The `platform` header is missing or not one of the values the spec lists.' },
  ),
  MALFORMED_JSON: define(400, 'The request body is not valid JSON.', {
    means: 'A JSON body that does not parse (or carries `__proto__` or `constructor.prototype`).',
  }),
  BODY_TOO_DEEP: define(400, (levels: number) => `The request body is nested too deep (at most ${levels} levels).`, {
    means: 'A JSON body nested deeper than 32 levels, refused before it is parsed.',
  }),
  BAD_REQUEST: define(400, (detail: string) => detail, { means: 'A request URL that does not decode.' }),
  BODY_TOO_LARGE: define(413, (limit: number) => `The request body is too large (limit ${limit} bytes).`, {
    means: 'A body over the body limit (1 MiB, or `bodyLimit`).',
  }),
  UNSUPPORTED_MEDIA_TYPE: define(
    415,
    (type: string) => `Unsupported content type ${type || '(none)'}; send application/json.`,
    { means: 'A body that is not `application/json`.' },
  ),
  ROUTE_NOT_FOUND: define(404, (method: string, url: string) => `No route ${method} ${url}.`, {
    means: 'A path the spec does not have.',
  }),
  METHOD_NOT_ALLOWED: define(
    405,
    (method: string, url: string, allow: string[]) =>
      `Method ${method} is not allowed on ${url}; allowed: ${allow.join(', ')}.`,
    {
      headers: (_method, _url, allow) => ({ allow: allow.join(', ') }),
      means: 'A method the spec does not have on a path it has (HEAD included); `Allow` names those it has.',
    },
  ),
  VALIDATION: define(
    422,
    (errors: Record<string, string[]>) => Object.values(errors)[0]?.[0] ?? 'The given data was invalid.',
    {
      errors: (errors) => errors,
      means:
        'The body, path or query fails the spec or a rule of the operation; Laravel-style `errors` per field, the first one the message.',
    },
  ),
  // Their status, text and 422 field are the spec's (x-situations, SITUATION_ERRORS); these are a spec's
  // without the node.
  INVALID_CREDENTIALS: define(401, 'Invalid email or password.', {
    means: 'Sign-in with a wrong password or an unknown email (`/x-situations/wrong-credentials`).',
  }),
  ACCOUNT_DEACTIVATED: define(401, 'Your account has been deactivated.', {
    means:
      'Sign-in with the right password to a deactivated account (`/__mock/tokens/invalidate`, reason `deactivation`).',
  }),
  INVALID_QR_CODE: define(401, 'Invalid QR code.', {
    means: 'QR sign-in with a code that is no live token (`/x-situations/unknown-qr-code`).',
  }),
  CLIENT_NOT_FOUND: define(404, 'Client not found.', {
    means: 'A client that does not exist or was deleted (`/x-situations/unknown-client`).',
  }),
  CLIENT_OF_OTHER_COMPANY: define(404, 'Client not found.', {
    means: "A client of another company (`/x-situations/other-company-client`); the awning's own 404 aside.",
  }),
  ROOM_NOT_FOUND: define(404, 'Room not found.', { means: 'A room that is not one of the given client.' }),
  MEASUREMENT_NOT_FOUND: define(404, 'Measurement not found.', {
    means: "A measurement id to edit that is not one of this form's in the company.",
  }),
  COMPANY_NOT_FOUND: define(404, 'Company not found.', {
    means:
      "client/user_client with another company's name (`/x-situations/other-company`; a 2xx there answers an empty page).",
  }),
  AWNING_NOT_FOUND: define(404, (what: string) => `${what} not found.`, {
    shape: 'status',
    means: "The awning operation's client, room or measurement not found, in its own shape.",
  }),
  /** A documented response forced by a fault rule or `Prefer: code=`: sent with that response's example as its body. */
  FORCED: define(
    (status: number, _operationId: string) => status,
    (status: number, operationId: string) => `${operationId} was made to answer ${status}.`,
    {
      means:
        'A documented error response forced by a fault rule (`/__mock/faults`) or `Prefer: code=`; the body is its example.',
    },
  ),
  /** A failure no spec documents, forced by a fault rule's `kind` (or an undocumented 500, 502, 503, 504). */
  FORCED_OUTSIDE_SPEC: define(
    (status: number, _operationId: string, _kind: string) => status,
    (_status: number, operationId: string, kind: string) =>
      `${operationId} was made to fail outside the spec (${kind}).`,
    {
      means:
        'A failure outside the spec forced by a fault rule (`kind`, or a 500, 502, 503, 504 the operation does not document) or `Prefer: fault=`: a Laravel 500, a proxy page, a dropped connection, no answer, a cut or malformed body, a slow answer. The journal entry names its `fault`.',
    },
  ),
  INTERNAL: define(500, 'The mock failed unexpectedly; this is a bug in the mock.', {
    means: 'A bug in the mock (logged when the logger is on); please report it.',
  }),
  STATE_NOT_SAVED: define(503, 'The change could not be saved, so it was not made; try again later.', {
    means:
      '`--state-file`: the change could not be written (disk full or failing, the state past its bound), so it was undone.',
  }),
  STORE_FULL: define(
    507,
    (bound: 'world' | 'worlds', bytes: number) =>
      bound === 'world'
        ? `This world's stored data has reached its bound of ${shownBytes(bytes)} (--world-limit), so the change was not made. POST /__mock/reset (with X-Mock-World for a named world) or DELETE /__mock/worlds/NAME starts it afresh.`
        : `The stored data of all worlds together has reached its bound of ${shownBytes(bytes)} (--worlds-limit), so the change was not made. POST /__mock/reset (with X-Mock-World) or DELETE /__mock/worlds/NAME the worlds no longer needed.`,
    {
      means:
        "A write that would take its world's stored data past `--world-limit` (64 MiB), or all worlds' past `--worlds-limit` (256 MiB); nothing was written. Reset or delete a world to write again.",
    },
  ),
  NO_ANSWER: define(
    500,
    (operationId: string) => `The mock's ${operationId} handler answered nothing; this is a bug in the mock.`,
    { means: 'A handler (a custom one, most likely) returned nothing.' },
  ),
  // Refused by Node's HTTP parser before Fastify sees the request (client-errors.ts).
  REQUEST_MALFORMED: define(400, 'The request is malformed.', {
    means: "A request Node's HTTP parser refuses (a bad request line or header); the connection is closed.",
  }),
  REQUEST_TIMEOUT: define(408, 'The request took too long to arrive.', {
    means: 'A request that did not arrive in time; the connection is closed.',
  }),
  HEADERS_TOO_LARGE: define(431, 'The request headers are too large.', {
    means:
      "Headers over Node's limit (16 KiB unless `--max-http-header-size` says otherwise); the connection is closed.",
  }),
  // Sent on a TLS port's connection before TLS (pipeline/https-port.ts): plain HTTP/1.1, then closed.
  HTTPS_REQUIRED: define(400, (url: string) => `This port serves HTTPS: use ${url}.`, {
    means:
      'A plain `http://` request to a port the mock serves over TLS (`--https`, or the option `https`); the message gives the `https://` URL, and the connection is closed.',
  }),
  // The mock's own control routes (/__mock/*), outside the API.
  MOCK_CONTROL: define(400, (detail: string) => detail, {
    means: 'A control call (or a `Prefer` header) asks for something the spec or the mock does not have.',
  }),
  MOCK_USER_NOT_FOUND: define(404, (who: string) => `No user ${who} in this world.`, {
    means: 'A control names a user the world does not have.',
  }),
  MOCK_CONTROL_REFUSED: define(
    403,
    (why: string) => `Mock controls answer only this machine's pages and tools: ${why}.`,
    {
      means:
        'A control call (any route under `/__mock`, the console included) from another machine (its connection not from loopback; `--lan-controls` opens them), from another site, or to a Host that is not this machine.',
    },
  ),
  CORS_ORIGIN_REFUSED: define(
    403,
    (origin: string, method: string, allowable: string | undefined) =>
      allowable === undefined
        ? `The browser origin ${JSON.stringify(origin)} is not allowed to call the mock (its CORS preflight for ${method} was refused), and no origin option can allow it: serve the page from http://localhost or another http(s) origin, and allow that one.`
        : `The browser origin ${allowable} is not allowed to call the mock (its CORS preflight for ${method} was refused). Allow it: start the mock with --cors-origin ${allowable} (corsOrigins: ['${allowable}'] for buildMock).`,
    {
      means:
        "A CORS preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) from a browser origin that is not this machine's nor given by `--cors-origin` (`corsOrigins`); the message names the origin and the flag that allows it.",
    },
  ),
  // Worlds (X-Mock-World, /worlds/NAME/..., /__mock/worlds).
  MOCK_WORLD_NAME: define(400, (detail: string) => detail, {
    means:
      'A world named by `X-Mock-World`, `/worlds/NAME/` or `?world=` that is not 1 to 40 letters, digits and `-`, or two different worlds named at once.',
  }),
  MOCK_WORLD_NOT_FOUND: define(404, (name: string) => `No world ${name} is live (GET /__mock/worlds lists them).`, {
    means: 'A world control (`DELETE /__mock/worlds/NAME`) names a world that is not live.',
  }),
  MOCK_WORLD_REFUSED: define(
    403,
    (name: string, why: string) =>
      `The world ${name} is not live, and this request cannot make it: ${why}. Create it with POST /__mock/worlds from this machine, or send the request from an allowed origin (--cors-origin).`,
    {
      means:
        "A request naming a world that is not live yet, from a page of another site or to a Host that is not this machine (the controls' rule), or from another machine when the mock does not serve the network: only this machine's pages and tools, and devices (IP-literal Hosts when the mock listens on every address) when it does, make worlds.",
    },
  ),
  MOCK_WORLD_BUSY: define(
    409,
    (name: string, active: number) =>
      `The world ${name} has ${active} request(s) under way; it is not dropped until they end (an answer still on its way would write it back). Try again shortly.`,
    {
      headers: () => ({ 'retry-after': '1' }),
      means: '`DELETE /__mock/worlds/NAME` while a request in that world is under way (a latency fault, a slow write).',
    },
  ),
  MOCK_WORLD_EXISTS: define(
    409,
    (name: string) => `The world ${name} exists already; DELETE /__mock/worlds/${name} first to make it anew.`,
    {
      means: '`POST /__mock/worlds` names a world that is live already.',
    },
  ),
  MOCK_WORLD_FILE: define(
    503,
    (name: string, why: string) =>
      `The world ${name} cannot be used: its state file ${why}. DELETE /__mock/worlds/${name} drops it and its file.`,
    {
      means:
        '`--state-file`: a world whose own file (`PATH.worlds/NAME.json`) cannot be read (not a state file, not of its world) or written.',
    },
  ),
  MOCK_WORLDS_FULL: define(503, (why: string) => `No new world can be made now: ${why}.`, {
    headers: () => ({ 'retry-after': '1' }),
    means:
      'A new world past `--max-worlds` when no live world can be dropped (with `--state-file`, all have changes not yet on disk), or past the bound on seeds and sizes.',
  }),
  MOCK_CONTROL_JSON: define(
    415,
    'Mock control calls take content-type: application/json (a page on another site cannot send that without asking first).',
    { means: 'A control POST that is not `application/json`.' },
  ),
};

/** A bound in bytes as people read it: whole MiB or KiB when it is one, else bytes. */
function shownBytes(bytes: number): string {
  if (bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** Section 7's fixed texts: each entry takes its message (and status) from the `const`s of the named schema in components.schemas. */
export const SPEC_TEXTS = {
  UNAUTHENTICATED: {
    schema: 'UnauthenticatedError',
    means: 'A protected operation without a token, or with one that is unknown or ended.',
  },
  SUBSCRIPTION_REQUIRED: {
    schema: 'SubscriptionRequiredError',
    means: 'An operation marked `x-subscription-required`, for a user without an active plan.',
  },
  TOO_MANY_REQUESTS: {
    schema: 'TooManyRequestsError',
    means: 'Past the rate limit (`x-rate-limit`); `Retry-After` says when to try again.',
  },
} as const;

function factory<A extends unknown[]>(name: string, d: Definition<A>): ErrorFactory<A> {
  const code = `MCS_ERR_${name}`;
  const { statusCode } = d;
  const make = (...args: A) =>
    new MockError(
      code,
      typeof statusCode === 'number' ? statusCode : statusCode(...args),
      d.message(...args),
      d.shape,
      d.errors?.(...args),
      d.headers?.(...args) ?? {},
    );
  return Object.assign(make, {
    code,
    statusCode: typeof statusCode === 'number' ? statusCode : undefined,
    shape: d.shape,
    means: d.means,
  });
}

type Factories<D> = { readonly [K in keyof D]: D[K] extends Definition<infer A> ? ErrorFactory<A> : never };

function factories<D extends Record<string, Definition<never>>>(definitions: D): Factories<D> {
  return Object.fromEntries(Object.entries(definitions).map(([k, d]) => [k, factory(k, d)])) as Factories<D>;
}

/** The errors whose text is the mock's own; they need no spec. The mock raises through the whole catalogue
 *  (`ctx.errors`, handlers' `errors`); this is for code that has no spec at hand, such as tests. */
export const Errors = factories(DEFINITIONS);

export type ErrorCatalogue = typeof Errors & { readonly [K in keyof typeof SPEC_TEXTS]: ErrorFactory<[]> };

/** The entries whose status, text and 422 field are the spec's choice for a situation (`/x-situations`). */
export const SITUATION_ERRORS = {
  INVALID_CREDENTIALS: 'wrong-credentials',
  INVALID_QR_CODE: 'unknown-qr-code',
  CLIENT_NOT_FOUND: 'unknown-client',
  CLIENT_OF_OTHER_COMPANY: 'other-company-client',
  COMPANY_NOT_FOUND: 'other-company',
} as const satisfies Partial<Record<keyof typeof DEFINITIONS, SituationName>>;

/** An entry as the spec's situation makes it: its status and text, and for a 422 the validation shape's
 *  `errors` naming the situation's field (Laravel refuses that way). */
function situationFactory(name: keyof typeof SITUATION_ERRORS, situation: Situation): ErrorFactory<[]> {
  const own = DEFINITIONS[name];
  const message = situation.message ?? own.message();
  const errors = situation.status === 422 ? () => ({ [situation.field]: [message] }) : undefined;
  return factory(name, define(situation.status, message, { means: own.means, ...(errors ? { errors } : {}) }));
}

/** The whole catalogue for one spec: Errors plus the fixed texts and the situations' answers, read from it
 *  once at start-up (a malformed `/x-situations` fails here, naming the entry). */
export function errorCatalogue(spec: LoadedSpec): ErrorCatalogue {
  const situations = situationsOf(spec.document);
  const chosen = Object.entries(SITUATION_ERRORS).map(
    ([name, situation]) =>
      [name, situationFactory(name as keyof typeof SITUATION_ERRORS, situations[situation])] as const,
  );
  const schemas = (spec.document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const fromSpec = Object.entries(SPEC_TEXTS).map(([name, { schema: schemaName, means }]) => {
    const schema = schemas[schemaName];
    const message = schema && fixedText(schema, 'api');
    const statusCode = schema && propertyConst(schema, 'status');
    if (typeof message !== 'string' || typeof statusCode !== 'number')
      throw new Error(
        `spec: components.schemas.${schemaName} fixes no message and status (MCS_ERR_${name} reads them)`,
      );
    return [name, factory(name, define(statusCode, message, { means }))] as const;
  });
  return { ...Errors, ...Object.fromEntries(chosen), ...Object.fromEntries(fromSpec) } as ErrorCatalogue;
}

/** The `const` a schema gives one of its properties, looking through allOf. */
export function propertyConst(schema: JsonSchema, property: string): unknown {
  const own = (schema.properties as Record<string, JsonSchema> | undefined)?.[property];
  if (own && 'const' in own) return own.const;
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) {
    const found = propertyConst(part, property);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The message a response schema fixes for a shape (oneOf/anyOf: the alternative in that shape), if it fixes one. */
export function fixedText(schema: JsonSchema, shape: ErrorShape): string | undefined {
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  for (const s of alternatives ?? [schema]) {
    const inShape = (propertyConst(s, 'status') === 'error') === (shape === 'status');
    const message = propertyConst(s, 'message');
    if (inShape && typeof message === 'string') return message;
  }
  return undefined;
}
