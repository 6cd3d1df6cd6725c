// What the checks share: signing in (sign-in.ts, re-exported here) and a body
// an operation takes as valid for checks about something else.
import type { OperationEntry } from '../../spec/load.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { harmlessBody } from './negative.js';

export { type Caller, signIn, tokenOf } from './sign-in.js';

/** Why a check has no client to work on: `otherwise` (the account has none), unless client/list, where the run
 *  finds the clients, is not selected: --only getRoomsByClientId said "the account has no client", untrue. */
export function noClient(s: Pick<Session, 'selected' | 'op'>, otherwise: string): string {
  return s.selected(s.op('listClients'))
    ? otherwise
    : "client/list, where the run finds the account's clients, is not selected by --only/--skip";
}

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
