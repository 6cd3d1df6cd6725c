// What the controls under /__mock say about input they cannot take. A control
// is typed by hand (curl, a test's fetch), so each message names the wrong
// field or value and what would be right: the field meant by a misnamed one,
// the fields a body takes, the values a field allows, the operation meant.
// The API's own 422s keep Laravel's words (validation-messages.ts); these are
// the mock's, in the same {message, status, errors} shape.
import type { ErrorObject } from 'ajv';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { listText, nearest } from '../../lib/words.js';
import type { ErrorCatalogue, MockError } from '../errors.js';
import { validationErrors } from '../pipeline/validation-messages.js';
import { DEFAULT_WORLD } from '../worlds/names.js';

/** A control's body schema: an object of named fields. */
export interface ControlBodySchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: readonly string[];
  minProperties?: number;
  additionalProperties: false;
}

/** Names people reach for that no edit distance finds: HTTP calls a status a "code". */
const SYNONYMS: Record<string, string> = {
  code: 'status',
  status_code: 'status',
  statusCode: 'status',
  operation: 'operationId',
  operation_id: 'operationId',
  latency: 'latency_ms',
  delay: 'latency_ms',
  delay_ms: 'latency_ms',
  times: 'count',
  plan: 'plan_id',
  planId: 'plan_id',
  user: 'email',
  api_token: 'token',
  session: 'token',
};

/** The field a misnamed one most likely meant, if any. */
function meant(field: string, fields: readonly string[]): string | undefined {
  const synonym = SYNONYMS[field];
  return synonym && fields.includes(synonym) ? synonym : nearest(field, fields);
}

/** "No operation listClient in the spec; did you mean listClients?" */
export function noOperation(id: string, operationIds: readonly string[]): string {
  const near = nearest(id, operationIds);
  return `No operation ${id} in the spec${near ? `; did you mean ${near}?` : '.'}`;
}

function messageOf(e: ErrorObject, what: string, schema: ControlBodySchema): [string, string] | undefined {
  const fields = Object.keys(schema.properties);
  const takes = `${what[0]!.toUpperCase()}${what.slice(1)} takes ${listText(fields, 'and')}.`;
  const at = e.instancePath.split('/').slice(1).join('.');
  const p = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties' && at === '') {
    const field = String(p.additionalProperty);
    const near = meant(field, fields);
    return [field, `${field} is not a field of ${what}${near ? `; did you mean ${near}?` : '.'} ${takes}`];
  }
  if (e.keyword === 'minProperties' && at === '')
    return ['body', `${what[0]!.toUpperCase()}${what.slice(1)} takes at least one of ${listText(fields)}.`];
  if (e.keyword === 'enum' && at !== '') {
    const allowed = (p.allowedValues as unknown[]).map(String);
    return [at, `The ${at} must be one of ${listText(allowed)}.`];
  }
  return undefined;
}

/**
 * Per-field messages for a control's body: misnamed fields first (they explain
 * a missing one), then the rest, in Laravel's words where the mock has no better.
 */
export function controlErrors(
  failures: readonly ErrorObject[],
  what: string,
  schema: ControlBodySchema,
): Record<string, string[]> {
  const own: Array<[string, string]> = [];
  const rest: ErrorObject[] = [];
  for (const e of failures) {
    const m = messageOf(e, what, schema);
    if (m) own.push(m);
    else rest.push(e);
  }
  const out: Record<string, string[]> = {};
  const add = (field: string, message: string) => {
    const list = out[field] ?? [];
    if (!list.includes(message)) list.push(message);
    out[field] = list;
  };
  // Misnamed fields (not in the schema) first: they explain the field that is missing.
  const known = (field: string) => Number(field in schema.properties);
  for (const [field, message] of own.sort(([a], [b]) => known(a) - known(b))) add(field, message);
  for (const [field, messages] of Object.entries(rest.length ? validationErrors(rest) : {}))
    for (const message of messages) add(field, message);
  return out;
}

/** Route options for a control taking a JSON body: the schema, and its failures in the control's words. */
export function controlBody(errors: ErrorCatalogue, what: string, schema: ControlBodySchema) {
  return {
    schema: { body: schema },
    schemaErrorFormatter: (failures: FastifySchemaValidationError[]): MockError =>
      errors.VALIDATION(controlErrors(failures as unknown as ErrorObject[], what, schema)),
  };
}

/** How a control's caller names a world, for the refusals of a world named the wrong way. */
export const HOW_TO_NAME_A_WORLD =
  'name a world with the X-Mock-World header, the path prefix /worlds/NAME/ or ?world=NAME';

/** " in world NAME" for a success message, or '' in the default world. */
export function inWorldText(world: { name: string }): string {
  return world.name === DEFAULT_WORLD ? '' : ` in world ${world.name}`;
}
