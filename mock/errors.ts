// The mock's one error catalogue, after Fastify's lib/errors.js: each error has
// a stable code (MCS_ERR_<name>), a status, a shape and a message. Every error
// the mock sends is made here, in one of the API's two shapes: {message, status}
// or {status: "error", message}. Where the interface document fixes a text (a
// `const` in the spec), the text is read from the loaded spec at start-up and
// never written here, so the spec stays its one source.

import type { JsonSchema, LoadedSpec } from '../spec/load.js';

export type ErrorShape = 'api' | 'status';

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

  /** The same error in another shape or with another text (the one an operation documents). */
  as(shape: ErrorShape, message: string): MockError {
    return new MockError(
      this.code,
      this.statusCode,
      message,
      shape,
      shape === 'api' ? this.errors : undefined,
      this.headers,
    );
  }

  body(): Record<string, unknown> {
    if (this.shape === 'status') return { status: 'error', message: this.message };
    return this.errors
      ? { message: this.message, status: this.statusCode, errors: this.errors }
      : { message: this.message, status: this.statusCode };
  }
}

interface Definition<A extends unknown[]> {
  statusCode: number;
  shape: ErrorShape;
  message: (...args: A) => string;
  errors?: (...args: A) => Record<string, string[]>;
  headers?: (...args: A) => Record<string, string>;
}

/** A catalogue entry: call it for the error; it carries its code and status, as Fastify's error constructors do. */
export type ErrorFactory<A extends unknown[] = []> = ((...args: A) => MockError) & {
  readonly code: string;
  readonly statusCode: number;
  readonly shape: ErrorShape;
};

function define<A extends unknown[] = []>(
  statusCode: number,
  message: string | ((...args: A) => string),
  more: Partial<Omit<Definition<A>, 'statusCode' | 'message'>> = {},
): Definition<A> {
  return { statusCode, shape: 'api', message: typeof message === 'string' ? () => message : message, ...more };
}

const DEFINITIONS = {
  // Where the document is silent (x-assumed in the spec).
  PLATFORM: define(
    400,
    (values: readonly string[]) => `The platform header is required and must be one of ${values.join(', ')}.`,
  ),
  MALFORMED_JSON: define(400, 'The request body is not valid JSON.'),
  BODY_TOO_DEEP: define(400, (levels: number) => `The request body is nested too deep (at most ${levels} levels).`),
  BAD_REQUEST: define(400, (detail: string) => detail),
  BODY_TOO_LARGE: define(413, (limit: number) => `The request body is too large (limit ${limit} bytes).`),
  UNSUPPORTED_MEDIA_TYPE: define(
    415,
    (type: string) => `Unsupported content type ${type || '(none)'}; send application/json.`,
  ),
  ROUTE_NOT_FOUND: define(404, (method: string, url: string) => `No route ${method} ${url}.`),
  METHOD_NOT_ALLOWED: define(
    405,
    (method: string, url: string, allow: string[]) =>
      `Method ${method} is not allowed on ${url}; allowed: ${allow.join(', ')}.`,
    { headers: (_method, _url, allow) => ({ allow: allow.join(', ') }) },
  ),
  /** Laravel-style per-field messages; the first one is the message. */
  VALIDATION: define(
    422,
    (errors: Record<string, string[]>) => Object.values(errors)[0]?.[0] ?? 'The given data was invalid.',
    { errors: (errors) => errors },
  ),
  INVALID_CREDENTIALS: define(401, 'Invalid email or password.'),
  INVALID_QR_CODE: define(401, 'Invalid QR code.'),
  CLIENT_NOT_FOUND: define(404, 'Client not found.'),
  ROOM_NOT_FOUND: define(404, 'Room not found.'),
  MEASUREMENT_NOT_FOUND: define(404, 'Measurement not found.'),
  COMPANY_NOT_FOUND: define(404, 'Company not found.'),
  AWNING_NOT_FOUND: define(404, (what: string) => `${what} not found.`, { shape: 'status' }),
  INTERNAL: define(500, 'The mock failed unexpectedly; this is a bug in the mock.'),
  /** --state-file: the change could not be written (disk full or failing, the state past its bound), so it was undone. */
  STATE_NOT_SAVED: define(503, 'The change could not be saved, so it was not made; try again later.'),
  NO_ANSWER: define(
    500,
    (operationId: string) => `The mock's ${operationId} handler answered nothing; this is a bug in the mock.`,
  ),
  // Refused by Node's HTTP parser before Fastify sees the request (client-errors.ts).
  REQUEST_MALFORMED: define(400, 'The request is malformed.'),
  REQUEST_TIMEOUT: define(408, 'The request took too long to arrive.'),
  HEADERS_TOO_LARGE: define(431, 'The request headers are too large.'),
  // The mock's own control routes (/__mock/*), outside the API.
  MOCK_CONTROL: define(400, (detail: string) => detail),
  MOCK_USER_NOT_FOUND: define(404, (who: string) => `No user ${who} in this world.`),
  MOCK_CONTROL_REFUSED: define(
    403,
    (why: string) => `Mock controls answer only this machine's pages and tools: ${why}.`,
  ),
  MOCK_CONTROL_JSON: define(
    415,
    'Mock control calls take content-type: application/json (a page on another site cannot send that without asking first).',
  ),
};

/** Section 7's fixed texts: each entry takes its message from the `const` of the named schema in components.schemas. */
export const SPEC_TEXTS = {
  UNAUTHENTICATED: 'UnauthenticatedError',
  SUBSCRIPTION_REQUIRED: 'SubscriptionRequiredError',
  TOO_MANY_REQUESTS: 'TooManyRequestsError',
} as const;

function factory<A extends unknown[]>(name: string, d: Definition<A>): ErrorFactory<A> {
  const code = `MCS_ERR_${name}`;
  const make = (...args: A) =>
    new MockError(code, d.statusCode, d.message(...args), d.shape, d.errors?.(...args), d.headers?.(...args) ?? {});
  return Object.assign(make, { code, statusCode: d.statusCode, shape: d.shape });
}

type Factories<D> = { readonly [K in keyof D]: D[K] extends Definition<infer A> ? ErrorFactory<A> : never };

function factories<D extends Record<string, Definition<never>>>(definitions: D): Factories<D> {
  return Object.fromEntries(Object.entries(definitions).map(([k, d]) => [k, factory(k, d)])) as Factories<D>;
}

/** The errors whose text is the mock's own; they need no spec. */
export const Errors = factories(DEFINITIONS);

export type ErrorCatalogue = typeof Errors & { readonly [K in keyof typeof SPEC_TEXTS]: ErrorFactory<[]> };

/** The whole catalogue for one spec: Errors plus the fixed texts, read from it once at start-up. */
export function errorCatalogue(spec: LoadedSpec): ErrorCatalogue {
  const schemas = (spec.document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const fromSpec = Object.entries(SPEC_TEXTS).map(([name, schemaName]) => {
    const schema = schemas[schemaName];
    const message = schema && fixedText(schema, 'api');
    const statusCode = schema && propertyConst(schema, 'status');
    if (typeof message !== 'string' || typeof statusCode !== 'number')
      throw new Error(
        `spec: components.schemas.${schemaName} fixes no message and status (MCS_ERR_${name} reads them)`,
      );
    return [name, factory(name, define(statusCode, message))] as const;
  });
  return { ...Errors, ...Object.fromEntries(fromSpec) } as ErrorCatalogue;
}

/** The `const` a schema gives one of its properties, looking through allOf. */
function propertyConst(schema: JsonSchema, property: string): unknown {
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
