// The mock's one error catalogue. Every error the mock sends is made here, in
// one of the API's two shapes: {message, status} or {status: "error", message}.

export type ErrorShape = 'api' | 'status';

export class MockError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly shape: ErrorShape = 'api',
    readonly errors?: Record<string, string[]>,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'MockError';
  }

  body(): Record<string, unknown> {
    if (this.shape === 'status') return { status: 'error', message: this.message };
    return this.errors
      ? { message: this.message, status: this.statusCode, errors: this.errors }
      : { message: this.message, status: this.statusCode };
  }
}

/** The operation's own error when its documented example for `status` is in the {status: "error"} shape
 *  (plans' 401 `Unauthorized`, the awning's 422 `Validation failed`); else undefined. */
export function documentedStatusError(
  responses: Record<string, { examples: unknown[] } | undefined>,
  status: number,
): MockError | undefined {
  const example = responses[String(status)]?.examples[0] as { status?: unknown; message?: unknown } | undefined;
  return example?.status === 'error' && typeof example.message === 'string'
    ? new MockError(status, example.message, 'status')
    : undefined;
}

/** One factory: a status, a shape and a message (fixed or built from arguments). */
function define<A extends unknown[]>(
  statusCode: number,
  message: string | ((...args: A) => string),
  shape: ErrorShape = 'api',
): (...args: A) => MockError {
  return (...args: A) => new MockError(statusCode, typeof message === 'string' ? message : message(...args), shape);
}

export const Errors = {
  // Section 7 of the interface document, word for word.
  UNAUTHENTICATED: define(401, 'Unauthenticated.'),
  SUBSCRIPTION_REQUIRED: define(403, 'Subscription required.'),
  TOO_MANY_REQUESTS: define(429, 'Too many requests. Please try again later.'),
  AWNING_VALIDATION: define(422, 'Validation failed', 'status'),
  COUNTRIES_FAILED: define(500, 'Failed to fetch countries', 'status'),
  PLANS_UNAUTHORIZED: define(401, 'Unauthorized', 'status'),

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
  INVALID_CREDENTIALS: define(401, 'Invalid email or password.'),
  INVALID_QR_CODE: define(401, 'Invalid QR code.'),
  CLIENT_NOT_FOUND: define(404, 'Client not found.'),
  ROOM_NOT_FOUND: define(404, 'Room not found.'),
  MEASUREMENT_NOT_FOUND: define(404, 'Measurement not found.'),
  COMPANY_NOT_FOUND: define(404, 'Company not found.'),
  AWNING_NOT_FOUND: define(404, (what: string) => `${what} not found.`, 'status'),
  INTERNAL: define(500, 'The mock failed unexpectedly; this is a bug in the mock.'),
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

  METHOD_NOT_ALLOWED(method: string, url: string, allow: string[]): MockError {
    return new MockError(
      405,
      `Method ${method} is not allowed on ${url}; allowed: ${allow.join(', ')}.`,
      'api',
      undefined,
      {
        allow: allow.join(', '),
      },
    );
  },

  /** 422 with Laravel-style per-field messages; the first one is the message. */
  VALIDATION(errors: Record<string, string[]>): MockError {
    const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
    return new MockError(422, first, 'api', errors);
  },
} as const;
