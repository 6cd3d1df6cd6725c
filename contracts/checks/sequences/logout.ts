// Sequence: a logged-out token is refused everywhere. A second session of the
// run's account (its own fresh token; the run's token stays valid) is shown to
// work, logged out, and then every protected operation the run selected must
// answer 401 to it, in either credential header, while the run's own session
// stays signed in. Reads are sent as they succeeded; writes with inputs that
// change nothing even if wrongly accepted (unknown ids).

import type { Outcome } from '../../../lib/http.js';
import type { CheckRun } from '../../check-run.js';
import type { Discovered } from '../../discovered.js';
import type { Session } from '../../session.js';
import { type Finding, resting } from '../../types.js';
import { CREDENTIALS, canSignIn, OWN_TOKEN_BACK } from '../disposable.js';
import { signIn, validInput } from '../kit.js';
import { during, failed, read, refused, sequence, stopped, succeeded } from './shared.js';

/** A fresh token for the run's account, signed in with its password (never from the run's own token: a QR
 *  sign-in may spend the token it is shown). */
async function secondSession(run: CheckRun): Promise<{ out: Outcome; token?: string; via: string }> {
  const { email, password } = run.ctx.credentials;
  return { ...(await signIn(run, email!, password!)), via: 'signin' };
}

async function refusedEverywhere(run: CheckRun, found: Discovered, token: string): Promise<Finding[]> {
  const problems: Finding[] = [];
  const ops = run.spec.operations.filter((o) => !o.isPublic && run.selected(o));
  for (const op of ops) {
    const out = await run.call(op.operationId, { auth: { bearer: token }, body: validInput(op, found) });
    problems.push(...refused(run, op.operationId, out, 'after logout'));
  }
  const other = await run.call('getProfile', { auth: { xApiToken: token }, body: {} });
  problems.push(...refused(run, 'getProfile', other, 'after logout, in X-API-Token'));
  return problems;
}

/**
 * The run's own session outlives the other's logout. That a logout ends only
 * the presented token is the spec's assumption (x-assumed on logout), so a
 * logout that ended every session is an observation unless --strict.
 */
async function ownSessionStays(run: CheckRun): Promise<Finding[]> {
  const out = await run.call('getProfile', { body: {}, judgesSession: true });
  if (succeeded(out)) return read(run, 'getProfile', out, '');
  const ended = out.status === 401;
  return run
    .conform('getProfile', out)
    .map(during("the run's own session, after the other's logout"))
    .map((f) =>
      ended && f.expected === '2xx'
        ? resting(
            { ...f, message: `${f.message}: logging one session out ended the others too` },
            run.op('logout').assumption,
          )
        : f,
    );
}

export async function loggedOutTokenCheck(s: Session, found: Discovered): Promise<void> {
  const spec = sequence(
    'logged-out-token',
    'logout',
    "a logged-out token is refused by every selected protected operation; the run's own session stays",
  );
  if (!canSignIn(s.ctx))
    return void s.skip(
      spec,
      'it signs a second session in and logs it out, and the run has only its own token',
      CREDENTIALS,
    );
  await s.check(spec, async (run) => {
    const second = await secondSession(run);
    // The sign-in's own check judges its answer; here it only has to give a token.
    const problems = read(run, second.via, second.out, 'signing in a second session', !!second.token);
    const untried = 'the logged-out token';
    if (!second.token)
      return stopped(problems, second.via, `a second session (${second.via} gave no token)`, untried, true)!;
    const token = second.token;
    // Logging it out ends the run's own session too: said, and the run signs in again if it is gone.
    if (token === run.token) run.note(OWN_TOKEN_BACK);
    // A token refused before its logout proves nothing about logout.
    const works = await run.call('getProfile', { auth: { bearer: token }, body: {} });
    problems.push(...read(run, 'getProfile', works, 'the second session, before its logout'));
    // Refused with what rests on an assumption (which operations are protected, and how), it is still tried.
    const unusable = stopped(
      problems,
      'getProfile',
      'the second session works before its logout',
      untried,
      !succeeded(works) && (failed(problems) || !problems.length),
    );
    if (unusable) return unusable;
    const out = await run.call('logout', { auth: { bearer: token }, body: {} });
    problems.push(...run.conform('logout', out).map(during('logging the second session out')));
    // A logout answered off the spec's assumed body still ended the session or not: only a failure stops.
    const how = `logging the second session out (answered ${out.status ?? out.fault?.kind})`;
    const notOut = stopped(problems, 'logout', how, untried, !succeeded(out));
    if (notOut) return notOut;
    // Reproductions send it as $MCS_CHECK_TOKEN without writing it: if the deployment still accepts it (the
    // finding), it is a live token of the run's account.
    run.standInToken(token);
    problems.push(...(await refusedEverywhere(run, found, token)));
    problems.push(...(await ownSessionStays(run)));
    return problems;
  });
}
