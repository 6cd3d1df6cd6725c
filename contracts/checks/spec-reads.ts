// The conformance reads no hand-written check makes: every read the spec marks
// (x-read) that conformance.ts did not call is called here with a body from
// the spec (its example, else its required fields), so that an operation added
// to the spec as a read is checked with no change to the suite.
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { probes } from './conformance.js';

export async function specReads(s: Session, found: Discovered): Promise<void> {
  const made = new Set(s.results.filter((r) => r.group === 'conformance').map((r) => r.operationId));
  const { read } = probes(s, found);
  for (const op of s.spec.operations.filter((o) => o.read && !made.has(o.operationId)))
    await read(op.operationId, 'answers a valid request made from the spec', bodyFrom(op));
}

/** The request body the spec shows (its first example), else one of its required fields' plausible values. */
export function bodyFrom(op: OperationEntry): unknown {
  if (!op.requestBody) return undefined;
  const example = op.requestBody.examples[0];
  if (example !== undefined) return structuredClone(example);
  return plainValue(op.requestBody.schema) ?? {};
}

/** A value the schema takes, from what it shows (example, default, enum, const), else a plain one of its type. */
function plainValue(schema: JsonSchema, depth = 0): unknown {
  const s = foldAllOf(schema);
  for (const k of ['const', 'default'] as const) if (k in s) return s[k];
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('example' in s) return s.example;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || (!type && s.properties)) {
    if (depth > 5) return {};
    const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = Array.isArray(s.required) ? (s.required as string[]) : [];
    return Object.fromEntries(
      required.filter((k) => properties[k]).map((k) => [k, plainValue(properties[k]!, depth + 1)]),
    );
  }
  if (type === 'integer' || type === 'number') return typeof s.minimum === 'number' ? s.minimum : 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'string') return 'contract-check';
  return undefined;
}
