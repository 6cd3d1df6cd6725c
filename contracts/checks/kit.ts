// What the checks (and the runner's own sign-in) share to open sessions:
// signing in, and reading the token an answer gives. Written once, so that
// every sign-in sends the same body and keeps its token secret at once.
import type { Outcome } from '../../lib/http.js';
import type { OperationEntry } from '../../spec/load.js';
import type { CallOptions, CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import { harmlessBody } from './negative.js';

/** What signs in: a check's run, or the session itself for the run's own sign-in before any check. */
export type Caller = Pick<CheckRun, 'ctx' | 'call' | 'keepSecret'>;

/** The api_token an answer's body carries (sign-in, sign-up, QR sign-in); undefined unless a non-empty string. */
export function tokenOf(body: unknown): string | undefined {
  const t = (body as { data?: { api_token?: unknown } } | null | undefined)?.data?.api_token;
  return typeof t === 'string' && t ? t : undefined;
}

/** Signs in with an email and password; the token (if any) is kept secret at once. */
export async function signIn(
  run: Caller,
  email: string,
  password: string,
  o: Omit<CallOptions, 'body'> = {},
): Promise<{ out: Outcome; token?: string }> {
  const out = await run.call('signin', {
    ...o,
    body: { email, password, device_token: '', platform: run.ctx.platform },
  });
  const token = tokenOf(out.body);
  run.keepSecret(token);
  return { out, token };
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
