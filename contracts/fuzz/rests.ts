// What an invalid request's acceptance rests on. A deployment that takes a
// value the spec refuses contradicts the spec; whether that is a defect or a
// choice the document leaves open depends on the node the flaw broke: a wrong
// JSON type breaks a fact (the document gives every field's type; a string of
// digits for an integer breaks x-numeric-strings), a limit of
// 101 breaks the x-assumed maximum of `limit`, a missing platform header the
// x-assumed refusal of one. Read from the spec's markings, never listed here.
import { encodePointer, schemaAssumption } from '../../spec/assumptions.js';
import type { JsonSchema, LoadedSpec, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { PLATFORM_REFUSAL } from '../checks/negative.js';
import { NUMERIC_STRINGS } from '../checks/situations.js';
import { allowedTypes, type Flaw, jsonType } from './flaws.js';

const DIGITS = /^-?\d+$/;

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
      // A value of a type the field does not take breaks the type, which the document states.
      if (!types?.has(jsonType(flaw.value))) return undefined;
      return fieldAssumption(spec, op, flaw.field);
    }
  }
}
