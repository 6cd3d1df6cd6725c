// The conformance reads no hand-written check makes: every read the spec marks
// (x-read) that conformance.ts did not call is called here with a body from
// the spec (its example, else its required fields), so that an operation added
// to the spec as a read is checked with no change to the suite.
import type { OperationEntry } from '../../spec/load.js';
import { validValue } from '../../spec/valid-body.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { probes } from './conformance.js';

export async function specReads(s: Session, found: Discovered): Promise<void> {
  const made = new Set(s.results.filter((r) => r.group === 'conformance').map((r) => r.operationId));
  const { read } = probes(s, found);
  for (const op of s.spec.operations.filter((o) => o.read && !made.has(o.operationId)))
    await read(op.operationId, 'answers a valid request made from the spec', bodyFrom(op));
}

/** The request body the spec shows (its first example), else one of its required fields' values (the
 *  schema's own, spec/valid-body.ts); the call completes either with what the spec requires. */
export function bodyFrom(op: OperationEntry): unknown {
  if (!op.requestBody) return undefined;
  const example = op.requestBody.examples[0];
  if (example !== undefined) return structuredClone(example);
  return validValue(op.requestBody.schema) ?? {};
}
