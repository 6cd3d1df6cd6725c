// What the checks share: signing in (sign-in.ts, re-exported here) and a body
// an operation takes as valid for checks about something else.
import type { OperationEntry } from '../../spec/load.js';
import type { Discovered } from '../discovered.js';
import { harmlessBody } from './negative.js';

export { type Caller, signIn, tokenOf } from './sign-in.js';

/**
 * A body the operation takes as valid, for checks about something else (credentials, the plan): a read as it
 * succeeded in this run, anything else the spec's example made harmless (unknown ids, so that a deployment
 * that wrongly lets the call through changes nothing). A server that validates before it authenticates then
 * answers about the credentials, not about the body.
 */
export function validInput(op: OperationEntry, found: Discovered): unknown {
  const read = found.reads.find((r) => r.operationId === op.operationId);
  return read ? read.body : harmlessBody(op);
}
