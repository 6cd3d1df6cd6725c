// The probes of x-type-coercion: whether a deployment takes a JSON number for
// a string field (Spring's Jackson and Django REST's CharField take 12345 as
// "12345"), a fraction for an integer field (Jackson truncates 1.5 to 1) and a
// boolean for a string (Jackson takes true as "true"), where Laravel's rules
// refuse each with 422. The interface document shows no
// answer to a wrong type, so each probe expects what its node says and what
// differs rests on the node (an observation): the ledger says confirmed or
// contradicted, and contracts/measures/patch.ts proposes the flipped `accepted`.
// negative:type sends a wrong type no framework takes (an object for a string,
// "not-a-number" for an integer), so that its verdict is about validation only.
import type { Coercions } from '../../spec/coercion.js';
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import type { CheckRun } from '../check-run.js';
import { refusal } from '../fuzz/boundary.js';
import { allowedTypes } from '../fuzz/flaws.js';
import { isTargetId } from '../targets.js';
import { type Finding, resting } from '../types.js';

export const NUMBER_AS_STRING = '/x-type-coercion/number-as-string';
export const FRACTION_AS_INTEGER = '/x-type-coercion/fraction-as-integer';
export const BOOLEAN_AS_STRING = '/x-type-coercion/boolean-as-string';

export type CoercionName = 'number-as-string' | 'fraction-as-integer' | 'boolean-as-string';
type Scalar = number | boolean;

/** Where only strings are allowed. */
const textOnly = (types: Set<string>) => types.has('string') && !types.has('integer');

/** Each coercion: its node, its key among the spec's facts, and the value it sends for a field's schema (one
 *  the field refuses as it stands and takes once coerced), or undefined when the field cannot show it. */
export const COERCIONS: Record<
  CoercionName,
  { node: string; fact: keyof Coercions; value: (s: JsonSchema, types: Set<string>) => Scalar | undefined }
> = {
  'number-as-string': {
    node: NUMBER_AS_STRING,
    fact: 'numberAsString',
    value: (s, types) => (textOnly(types) && refusal(s, '12345') === undefined ? 12345 : undefined),
  },
  'fraction-as-integer': {
    node: FRACTION_AS_INTEGER,
    fact: 'fractionAsInteger',
    value: (s, types) => {
      if (!types.has('integer') || types.has('string') || types.has('number')) return undefined;
      // Half past the minimum: its whole part is in bounds wherever the field has room for one integer.
      const fraction = (typeof s.minimum === 'number' ? s.minimum : 1) + 0.5;
      return refusal(s, Math.trunc(fraction)) === undefined ? fraction : undefined;
    },
  },
  'boolean-as-string': {
    node: BOOLEAN_AS_STRING,
    fact: 'booleanAsString',
    value: (s, types) => (textOnly(types) && refusal(s, 'true') === undefined ? true : undefined),
  },
};

/** What the coercion makes of the value it sends. */
const becomes = (value: Scalar) =>
  typeof value === 'number' && !Number.isInteger(value) ? Math.trunc(value) : String(value);

/** The operation the probes send to: a read whose body the numeric-string probe varies too. */
export const COERCION_PROBE_OPERATION = 'listClients';

/** The first field of the operation's body (no identifier: a truncated id could name a record) that shows the
 *  coercion, with the value sent; read from the body's schema. */
export function coercionTarget(op: OperationEntry, name: CoercionName): { field: string; value: Scalar } | undefined {
  const properties = (foldAllOf(op.requestBody?.schema ?? {}).properties ?? {}) as Record<string, JsonSchema>;
  for (const [field, s] of Object.entries(properties)) {
    const types = isTargetId(field) ? undefined : allowedTypes(s);
    const value = types && COERCIONS[name].value(s, types);
    if (value !== undefined) return { field, value };
  }
  return undefined;
}

/** A valid request but for one field of another type, which the coercion would take. Accepted (the node):
 *  a 2xx; refused: a 4xx, the 422 the spec documents for a body that fails validation. What the deployment
 *  did otherwise rests on the node. */
export async function coercionProbe(run: CheckRun, name: CoercionName): Promise<Finding[]> {
  const { node, fact } = COERCIONS[name];
  const operationId = COERCION_PROBE_OPERATION;
  const target = coercionTarget(run.op(operationId), name);
  if (!target) {
    run.nothingToCheck(`${operationId}'s request body has no field that shows ${node}`);
    return [];
  }
  const body = { ...(run.validBody(operationId, { page: 1 }) as object), [target.field]: target.value };
  const out = await run.call(operationId, { body, exact: true });
  const sent = `"${target.field}": ${JSON.stringify(target.value)}`;
  // The status finding says what was sent: the ledger lists it under the node, away from the check.
  const told = (f: Finding) => (f.assumption === node ? { ...f, message: `${f.message} (sent ${sent})` } : f);
  if (run.ctx.facts.coercions[fact]) return run.conform(operationId, out, '2xx', { rests: node }).map(told);
  const status = out.status ?? 0;
  const took = status >= 200 && status < 300;
  // Only the acceptance rests on the node: the body of a refusal is judged by the 422 the spec documents.
  return run
    .conform(operationId, out, '4xx', '422')
    .map((f) => (took && f.keyword === undefined && f.actual === String(status) ? told(resting(f, node)) : f));
}

/** How a probe's title says what the node expects. */
export function coercionTitle(name: CoercionName, facts: { coercions: Coercions }, op: OperationEntry): string {
  const target = coercionTarget(op, name);
  if (!target) return `shows ${COERCIONS[name].node} (no field of its body can)`;
  const sent = `"${target.field}": ${target.value}`;
  if (!facts.coercions[COERCIONS[name].fact]) return `refuses ${sent} (of another type) with 422`;
  return `takes ${sent} as ${JSON.stringify(becomes(target.value))}`;
}
