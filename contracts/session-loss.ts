// What a run says when its own session ends under it (contracts/session-renewal.ts
// notices it, and signs in again when it can): one notice as it happens, and
// one finding of the run. The token was refused where the run never logged it
// out; after a logout of another of its sessions, that may be the logout's
// doing, which rests on the spec's assumption that a logout ends only the token
// presented.
import type { Reproduction } from '../lib/reproduce.js';
import type { OperationEntry } from '../spec/load.js';
import { type CheckResult, resting } from './types.js';

/** Sign-ins again after the run's session was found ended, at most: a deployment that ends every token it
 *  issues must not make the run sign in for every call. */
export const MAX_RENEWALS = 3;

interface Loss {
  /** The operation whose call met the 401. */
  operationId: string;
  /** The run has the credentials to sign in again. */
  renewing: boolean;
  strict: boolean;
  reproduce: Reproduction;
  /** The logout operation, when one of another session came after the run's token last worked. */
  logout?: OperationEntry;
}

const after = (l: Pick<Loss, 'renewing'>) =>
  l.renewing
    ? 'the run signs in again'
    : 'the run has no --email/--password to sign in again, so the checks after this one meet 401';

export function sessionLossNotice(l: Omit<Loss, 'logout'>): string {
  return `the run's session ended: its token was refused (401) on ${l.operationId} and on getProfile, though the run never logged it out; ${after(l)}`;
}

export function sessionLossResult(l: Loss): CheckResult {
  const cause = l.logout
    ? ' (after a logout of another session of the account: the spec assumes a logout ends only the token presented)'
    : '';
  const problem = resting(
    {
      operationId: l.operationId,
      message: `the run's own token was refused (401) on ${l.operationId}, and then on getProfile, though the run never logged it out: its session ended mid-run${cause}; ${after(l)}`,
      reproduce: l.reproduce,
    },
    l.logout?.assumption,
  );
  return {
    id: 'run:session',
    group: 'run',
    title: "keeps the run's own session until the run ends it",
    verdict: problem.severity === 'error' || l.strict ? 'fail' : 'observation',
    problems: [problem],
    notes: [],
    ms: 0,
  };
}
