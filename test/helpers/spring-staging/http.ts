// Wire habits of a Spring Boot app behind Tomcat: Spring Security's default
// response headers, Tomcat's switch to chunked transfer once a body outgrows its
// 8 KiB buffer, and the two error-body families (Spring's BasicErrorController
// body, and the document's shapes written by this app's @ControllerAdvice).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store, User } from './store.js';
import type { Switches } from './switches.js';

export const BASE_PATH = '/api/v1';
const TOMCAT_BUFFER = 8192;

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** Path below /api/v1, e.g. /client/list. */
  route: string;
  /** Full request path as Spring reports it in error bodies. */
  path: string;
  query: URLSearchParams;
  /** http://host:port/api/v1, from the Host header as ServletUriComponentsBuilder does. */
  base: string;
  body: Buffer;
  tooLarge: boolean;
  sw: Switches;
  store: Store;
  user?: User;
  tokenId?: string;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** A failure raised anywhere in the pipeline; `render` picks the body family. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Force Spring's default body (filters and handlers outside the app's advice). */
    readonly springDefault = false,
  ) {
    super(message);
  }
}

/** Operations whose advice writes {status: "error", message} (§7). */
const STATUS_SHAPED = new Set(['/measurements/awning_measurement_add_edit', '/countries/index', '/plans/index']);

export function isStatusShaped(route: string): boolean {
  return STATUS_SHAPED.has(route);
}

/** java.util.Date as Spring Boot's Jackson writes it in error attributes. */
export function springTimestamp(now = new Date()): string {
  return now.toISOString().replace('Z', '+00:00');
}

export function springBody(ctx: Ctx, status: number, message?: string, extra: Record<string, unknown> = {}) {
  const body: Record<string, unknown> = { timestamp: springTimestamp(), status, error: REASONS[status] ?? 'Error' };
  if (!ctx.sw.has('error-body-minimal')) {
    if (message) body.message = message;
    Object.assign(body, extra);
  }
  body.path = ctx.path;
  return body;
}

export function renderError(ctx: Ctx, err: ApiError): void {
  let body: unknown;
  if (err.springDefault) body = springBody(ctx, err.status, err.message, err.extra);
  else if (isStatusShaped(ctx.route)) body = { status: 'error', message: err.message, ...err.extra };
  else if ([401, 403, 429].includes(err.status)) body = { message: err.message, status: err.status };
  else body = springBody(ctx, err.status, err.message, err.extra);
  sendJson(ctx, err.status, body);
}

export function baseHeaders(res: ServerResponse): void {
  res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-XSS-Protection', '0');
  res.setHeader('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('Expires', '0');
  res.setHeader('X-Frame-Options', 'DENY');
}

export function sendJson(ctx: Ctx, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const { res } = ctx;
  if (res.headersSent) return;
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json');
  const text = Buffer.from(JSON.stringify(body));
  if (ctx.method === 'HEAD') {
    res.setHeader('Content-Length', String(text.length));
    res.end();
    return;
  }
  if (text.length <= TOMCAT_BUFFER) {
    res.setHeader('Content-Length', String(text.length));
    res.end(text);
    return;
  }
  // Tomcat flushes the full buffer before it knows the length: chunked from here on.
  res.write(text.subarray(0, TOMCAT_BUFFER));
  res.end(text.subarray(TOMCAT_BUFFER));
}

export function sendEmpty(ctx: Ctx, status: number, headers: Record<string, string> = {}): void {
  const { res } = ctx;
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Length', '0');
  res.end();
}

/** The document's success envelope (§4: `{message: string, data: array}` unless stated). */
export function ok(ctx: Ctx, message: string, data: unknown = []): void {
  sendJson(ctx, 200, { message, data });
}

/** ISO 8601 UTC with microseconds and a trailing Z, from epoch microseconds. */
export function isoMicros(micros: number): string {
  const ms = Math.floor(micros / 1000);
  const frac = String(micros % 1_000_000).padStart(6, '0');
  return `${new Date(ms).toISOString().slice(0, 19)}.${frac}Z`;
}

export function isoMillis(micros: number): string {
  return new Date(Math.floor(micros / 1000)).toISOString();
}

export function nowMicros(): number {
  return Date.now() * 1000 + Math.floor(Math.random() * 1000);
}
