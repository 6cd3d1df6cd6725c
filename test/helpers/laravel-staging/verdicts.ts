// The suite's runs against the staging, for the verdict tests: one run per
// mode and set of switches, started at once (a few at a time) and shared by
// every row that reads it; and what a report says about a defect or an
// assumption. Each row is one assertion.
import type { Test } from 'tap';
import type { CheckResult, RunReport } from '../../../contracts/types.js';
import { assertRowsOf, failedWith, type Row as RowOf, runOf, stagingDeployment } from '../verdict-runs.js';
import { startStaging } from './server.js';
import { DEFAULT_ACCOUNTS } from './store.js';
import { DEFECTS, type DefectName, type DeviationName, type Mode } from './switches.js';

export { brief, ledgerStatus } from '../verdict-runs.js';

export interface RunKey {
  mode: Mode;
  defects: readonly DefectName[];
  deviations: readonly DeviationName[];
}

const laravel = stagingDeployment<DefectName, DeviationName>('laravel', DEFAULT_ACCOUNTS, startStaging);

/** The report of a run of the suite against a fresh staging with these switches (memoized). */
export const run = (k: RunKey): Promise<RunReport> => runOf(laravel, k);

/** The failed check that reports the defect: it names one of its operations and says what its evidence matches. */
export function shows(r: RunReport, d: DefectName): CheckResult | undefined {
  const { operations, evidence } = DEFECTS[d];
  return failedWith(r, operations, evidence);
}

export type Row = RowOf<RunKey>;

/** Starts every row's run, then asserts each row as its run finishes. */
export function assertRows(t: Test, rows: Row[]): void {
  assertRowsOf(t, rows, run);
}
