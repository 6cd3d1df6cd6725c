// Laravel's ways at the HTTP level: JSON answers (some streamed chunked, as a
// StreamedResponse or a large resource collection is), the 422 of the
// validator, the 401 of the auth:sanctum guard, 404 and 405 of the router.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store, User } from './store.js';
import type { DefectName, DeviationName, Switches } from './switches.js';

export interface Ctx {
  req: IncomingMessage;
  res: ServerResponse;
  store: Store;
  switches: Switches;
  /** The origin the paginator's URLs start with. */
  origin: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown>;
  user?: User;
  /** X-RateLimit-* headers of the throttle, added to every answer. */
  limitHeaders: Record<string, string>;
}

export const defect = (c: Ctx, name: DefectName) => c.switches.defects.has(name);
export const deviation = (c: Ctx, name: DeviationName) => c.switches.deviations.has(name);

export function send(c: Ctx, status: number, body: unknown, headers: Record<string, string> = {}, chunked = false) {
  const text = JSON.stringify(body);
  c.res.statusCode = status;
  const all = {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-cache, private',
    ...c.limitHeaders,
    ...headers,
  };
  for (const [k, v] of Object.entries(all)) c.res.setHeader(k, v);
  if (!chunked) {
    c.res.setHeader('Content-Length', Buffer.byteLength(text));
    c.res.end(text);
    return;
  }
  // No Content-Length: node sends Transfer-Encoding: chunked, in pieces.
  const cut = Math.ceil(text.length / 3);
  c.res.write(text.slice(0, cut));
  c.res.write(text.slice(cut, 2 * cut));
  c.res.end(text.slice(2 * cut));
}

/** The {message, status} shape of section 7. */
export const apiError = (c: Ctx, status: number, message: string) => send(c, status, { message, status });

export function unauthenticated(c: Ctx) {
  send(
    c,
    401,
    defect(c, 'unauthenticated-no-status')
      ? { message: 'Unauthenticated.' }
      : { message: 'Unauthenticated.', status: 401 },
  );
}

export function notFound(c: Ctx, message: string) {
  send(c, 404, deviation(c, 'laravel-error-bodies') ? { message } : { message, status: 404 });
}

/** The validator's 422: the first message, "(and N more errors)", and every field's. */
export function invalid(c: Ctx, errors: Record<string, string[]>) {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const message = `${all[0]}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : ''}`;
  send(c, 422, deviation(c, 'laravel-error-bodies') ? { message, errors } : { message, status: 422, errors });
}

type Rule =
  | 'required'
  | 'nullable'
  | 'string'
  | 'integer'
  | 'boolean'
  | `max:${number}`
  | `min:${number}`
  | `in:${string}`;

const label = (field: string) => field.replace(/_/g, ' ');

function failure(field: string, value: unknown, rule: Rule): string | undefined {
  const f = label(field);
  if (rule === 'string' && typeof value !== 'string') return `The ${f} field must be a string.`;
  if (rule === 'integer' && !Number.isSafeInteger(value)) return `The ${f} field must be an integer.`;
  if (rule === 'boolean' && ![true, false, 0, 1, '0', '1'].includes(value as never))
    return `The ${f} field must be true or false.`;
  const [name, arg] = rule.split(':') as [string, string];
  if (name === 'max' && typeof value === 'string' && value.length > Number(arg))
    return `The ${f} field must not be greater than ${arg} characters.`;
  if (name === 'max' && typeof value === 'number' && value > Number(arg))
    return `The ${f} field must not be greater than ${arg}.`;
  if (name === 'min' && typeof value === 'number' && value < Number(arg))
    return `The ${f} field must be at least ${arg}.`;
  if (name === 'in' && !arg.split(',').includes(String(value))) return `The selected ${f} is invalid.`;
  return undefined;
}

/** Laravel's $request->validate(): the errors per field, or undefined when the body passes. */
export function validate(
  body: Record<string, unknown>,
  rules: Record<string, Rule[]>,
): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(rules)) {
    const value = body[field];
    const absent = value === undefined || value === null || value === '';
    if (absent) {
      if (list.includes('required')) errors[field] = [`The ${label(field)} field is required.`];
      continue;
    }
    for (const rule of list) {
      const message = failure(field, value, rule);
      if (message) {
        errors[field] = [message];
        break;
      }
    }
  }
  return Object.keys(errors).length ? errors : undefined;
}

/** Validates, answering the 422 itself; true when the handler may go on. */
export function passes(c: Ctx, rules: Record<string, Rule[]>): boolean {
  const errors = validate(c.body, rules);
  if (errors) invalid(c, errors);
  return !errors;
}

/** The same rules for strings kept in varchar(255). */
export const varchar = (...fields: string[]): Record<string, Rule[]> =>
  Object.fromEntries(fields.map((f) => [f, ['nullable', 'string', 'max:255'] as Rule[]]));
