// One fuzz check as a fast-check property: each generated case is sent, and a
// case whose answer fails the check fails the property, so that fast-check
// shrinks it to a minimal request; the findings of that last failing request
// (with its reproduction) are what the check reports. Shrinking sends requests
// too, so it has a budget; a throttle that outlasts the waiting, or the run's
// deadline, interrupts the check instead of being shrunk.
import fc from 'fast-check';
import type { Outcome } from '../../lib/http.js';
import type { CheckRun } from '../check-run.js';
import type { Finding } from '../types.js';
import { describeCase, type FuzzCase } from './cases.js';

/** Requests sent at most while shrinking one failure. */
export const SHRINK_BUDGET = 100;

/** A case's answer: its findings, or `discard` (it was not what it claimed: sent nothing), or `stop`. */
export type Answer = { findings: Finding[]; out: Outcome; stop?: boolean } | 'discard';

export interface FuzzRun {
  arbitrary: fc.Arbitrary<FuzzCase>;
  runs: number;
  seed: number;
  send: (c: FuzzCase) => Promise<Answer>;
}

interface State {
  sent: number;
  shrinkSent: number;
  discarded: number;
  failing?: { c: FuzzCase; findings: Finding[] };
  stopped?: Finding[];
  observed?: Finding[];
}

export async function fuzzProperty(run: CheckRun, fuzz: FuzzRun): Promise<Finding[]> {
  const st: State = { sent: 0, shrinkSent: 0, discarded: 0 };
  const failsCheck = (f: Finding) => run.ctx.strict || f.severity === 'error';
  // Interrupting ends the runs (and the shrinking) at once: fast-check keeps the failure found so far.
  const interrupt = () => new fc.PreconditionFailure(true);
  const property = fc.asyncProperty(fuzz.arbitrary, async (c) => {
    if (st.stopped || run.runSignal?.aborted || (st.failing && st.shrinkSent >= SHRINK_BUDGET)) throw interrupt();
    const answer = await fuzz.send(c);
    if (answer === 'discard') {
      st.discarded++;
      return true;
    }
    if (st.failing) st.shrinkSent++;
    else st.sent++;
    if (answer.stop) {
      st.stopped = answer.findings;
      throw interrupt();
    }
    if (!answer.findings.some(failsCheck)) {
      if (answer.findings.length) st.observed ??= answer.findings;
      return true;
    }
    st.failing = { c, findings: answer.findings };
    return false;
  });
  const details = await fc.check(property, { numRuns: fuzz.runs, seed: fuzz.seed });
  return report(run, fuzz, st, details);
}

function report(run: CheckRun, fuzz: FuzzRun, st: State, details: fc.RunDetails<[FuzzCase]>): Finding[] {
  const tail = st.discarded ? ` (${st.discarded} generated cases discarded: not what their kind requires)` : '';
  if (st.failing && details.failed) {
    const { c, findings } = st.failing;
    const shrunk = details.numShrinks ? `, shrunk in ${details.numShrinks} steps` : '';
    run.note(
      `--seed ${run.ctx.seed}: generated request ${st.sent} of ${fuzz.runs} failed${shrunk} (${st.shrinkSent} more requests); the request shown is the smallest found${tail}`,
    );
    const [first, ...rest] = findings;
    return [{ ...first!, message: `${first!.message} (fuzz: ${describeCase(c)})` }, ...rest];
  }
  if (st.stopped) {
    run.note(`--seed ${run.ctx.seed}: stopped after ${st.sent} of ${fuzz.runs} generated requests${tail}`);
    return st.stopped;
  }
  const cut = run.runSignal?.aborted ? ` of ${fuzz.runs}, cut short by the run's deadline` : '';
  if (!details.failed && st.sent === 0 && !cut) run.nothingToCheck(`no generated case could be sent${tail}`);
  else run.note(`--seed ${run.ctx.seed}: ${st.sent} generated requests${cut}, no failure${tail}`);
  // A property that failed without a failing answer threw: fast-check says why.
  if (details.failed && !st.failing)
    return [{ message: `the fuzz check could not run: ${String(details.errorInstance)}`, severity: 'error' }];
  return st.observed ?? [];
}
