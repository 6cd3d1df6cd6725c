// What an invalid request's acceptance rests on. A deployment that takes a
// value the spec refuses contradicts the spec; whether that is a defect or a
// choice the document leaves open depends on the node the flaw broke: a wrong
// JSON type breaks a fact (the document gives every field's type; a string of
// digits for an integer breaks x-numeric-strings; a number or a boolean for a
// string, a fraction for an integer x-type-coercion, as far as what it becomes
// is valid), a limit of
// 101 breaks the x-assumed maximum of `limit`, a missing platform header the
// x-assumed refusal of one. Read from the spec's markings, never listed here.
import { encodePointer, schemaAssumption } from '../../spec/assumptions.js';
import { DIGITS } from '../../spec/coercion.js';
import type { JsonSchema, LoadedSpec, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { BOOLEAN_AS_STRING, FRACTION_AS_INTEGER, NUMBER_AS_STRING } from '../checks/coercions.js';
import { PLATFORM_REFUSAL } from '../checks/negative.js';
import { NUMERIC_STRINGS } from '../checks/situations.js';
import { refusal } from './boundary.js';
import { allowedTypes, type Flaw, jsonType } from './flaws.js';

/** A scalar some backends take for the field's own type (x-type-coercion): the node, and what it becomes. */
function coercion(types: Set<string>, value: unknown): { node: string; as: unknown } | undefined {
  const text = types.has('string') && !types.has('integer') && !types.has('number');
  if (typeof value === 'boolean') return text ? { node: BOOLEAN_AS_STRING, as: String(value) } : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (text) return { node: NUMBER_AS_STRING, as: String(value) };
  if (types.has('integer') && !types.has('number') && !types.has('string') && !Number.isInteger(value))
    return { node: FRACTION_AS_INTEGER, as: Math.trunc(value) };
  return undefined;
}

/** Where the body's schema sits in the document as written. */
const bodyPointer = (op: OperationEntry) =>
  `${op.pointer}/requestBody/content${encodePointer(['application/json'])}/schema`;

/** The deepest x-assumed node over a body field: its own, or through the allOf branches that may declare it. */
function fieldAssumption(spec: LoadedSpec, op: OperationEntry, field: string): string | undefined {
  const paths = [`#/properties${encodePointer([field])}`];
  const branches = (op.requestBody?.schema.allOf as unknown[] | undefined)?.length ?? 0;
  for (let i = 0; i < branches; i++) paths.push(`#/allOf/${i}/properties${encodePointer([field])}`);
  for (const path of paths) {
    const on = schemaAssumption(spec.raw, bodyPointer(op), path);
    if (on) return on;
  }
  return undefined;
}

/** The x-assumed node a flaw broke, or undefined when it broke a fact (then its acceptance is an error). */
export function flawAssumption(spec: LoadedSpec, op: OperationEntry, flaw: Flaw): string | undefined {
  switch (flaw.kind) {
    case 'platform':
      return PLATFORM_REFUSAL;
    case 'query':
      return op.parameters.find((p) => p.in === 'query' && p.name === flaw.name)?.assumption;
    case 'missing':
      return schemaAssumption(spec.raw, bodyPointer(op), '#/required');
    case 'set': {
      const properties = (foldAllOf(op.requestBody?.schema ?? {}).properties ?? {}) as Record<string, JsonSchema>;
      const schema = properties[flaw.field];
      const types = schema && allowedTypes(schema);
      // A string of digits for an integer is the spec's choice (x-numeric-strings), not a wrong type.
      if (typeof flaw.value === 'string' && DIGITS.test(flaw.value) && types?.has('integer') && !types.has('string'))
        return NUMERIC_STRINGS;
      // A number or a boolean where only strings are allowed, a fraction where only integers are: the coercion is the
      // spec's choice (x-type-coercion) when what it becomes is valid; else what it becomes broke another node.
      const taken = schema && types && coercion(types, flaw.value);
      if (taken)
        return refusal(schema, taken.as) === undefined
          ? taken.node
          : flawAssumption(spec, op, { ...flaw, value: taken.as });
      // A value of a type the field does not take breaks the type, which the document states.
      if (!types?.has(jsonType(flaw.value))) return undefined;
      return fieldAssumption(spec, op, flaw.field);
    }
  }
}
