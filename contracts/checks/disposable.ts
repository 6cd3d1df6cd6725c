// Sessions a check may end, change or spend. A check that logs out, or
// presents a token where a deployment may use it up (a QR code), does it with
// a session of its own: a fresh sign-in with the run's credentials, secret at
// once and ended afterwards; never the run's main token, which every later
// check needs. A run given only --token has no such session: those checks are
// skipped, and the verdict says which flags would run them.
import type { OperationEntry } from '../../spec/load.js';
import type { AuthMode, CheckRun } from '../check-run.js';
import type { RunContext } from '../options.js';
import type { Finding, Want } from '../types.js';
import { signIn } from './sign-in.js';

/** An operation that ends the session whose token it is sent with: the spec's `x-write-effect` says so. */
export const endsSession = (op: OperationEntry): boolean => op.writeEffect?.kind === 'ends-session';

/** What a run needs to open disposable sessions, and the flags that give it. */
export const CREDENTIALS: Want = {
  input: "the account's password, for a disposable session (the run's own token is never ended)",
  flag: '--email/--password (or MCS_EMAIL/MCS_PASSWORD)',
};

/** What a check that needs a session of its own says on a deployment that gives one token per account: there is
 *  no other session to end, so it ends the run's (skipping it would hide a logout that ends nothing), and the run
 *  signs in again if the session is gone (session-renewal.ts). */
export const OWN_TOKEN_BACK =
  "the sign-in gave the run's own token back (one token per account), so this check ends the run's session too; the run signs in again if it is gone";

export const canSignIn = (ctx: Pick<RunContext, 'credentials'>): boolean =>
  !!(ctx.credentials.email && ctx.credentials.password);

/** A fresh session of the run's account; its token is kept secret at once. Findings when the sign-in gave none. */
export async function disposableSession(run: CheckRun): Promise<{ token?: string; problems: Finding[] }> {
  const { email, password } = run.ctx.credentials;
  const { out, token } = await signIn(run, email!, password!);
  // A deployment that hands an account one token for every sign-in gives the run's own back: said, and used.
  if (token && token === run.token) run.note(OWN_TOKEN_BACK);
  if (token) {
    // The sign-in's own check judges its answer.
    run.used('signin', out);
    return { token, problems: [] };
  }
  const problems = run.conform('signin', out).map((f) => ({ ...f, message: `a disposable session: ${f.message}` }));
  problems.push({
    operationId: 'signin',
    message:
      "the sign-in of a disposable session gave no token, so this check was not tried (the run's own is never spent)",
    severity: 'error',
  });
  return { problems };
}

/** Ends a disposable session, if the check left it open; its answer is the logout checks' to judge. A 401 is
 *  a session the check ended already (a logout the deployment served without its platform header): no finding. */
export async function endSession(run: CheckRun, token: string): Promise<void> {
  const out = await run.call('logout', { auth: { bearer: token }, body: {} });
  if (out.status !== 401) run.used('logout', out);
}

/** Runs `body` with a disposable session when `op` ends the session it is sent with (else with the run's
 *  own), and ends that session afterwards. */
export async function withSessionFor(
  run: CheckRun,
  op: OperationEntry,
  body: (auth: AuthMode | undefined) => Promise<Finding[]>,
): Promise<Finding[]> {
  if (!endsSession(op)) return body(undefined);
  const session = await disposableSession(run);
  if (!session.token) return session.problems;
  try {
    return await body({ bearer: session.token });
  } finally {
    await endSession(run, session.token);
  }
}
