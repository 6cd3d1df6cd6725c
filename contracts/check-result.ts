// The results a check's bookkeeping makes beyond its findings: the declaration a
// check is recorded under, the reasons a check is not run, a skip's result, and
// the split of a check's time from its waiting. The Session (session.ts) records
// them; they are apart so that the CLI and the checks can name a reason without
// the session's machinery.
import type { CheckGroup, CheckResult, Want } from './types.js';

export interface CheckSpec {
  id: string;
  group: CheckGroup;
  title: string;
  operationId?: string;
  /** The x-assumed nodes (JSON pointers, or HTTP_RULES ids) the check's requests show: the ledger counts each
   *  confirmed when the check ran and nothing rests on it, and quotes the check's reason when it was skipped. */
  shows?: string[];
}

export const DEADLINE_SKIP = "not run: the run's deadline passed (--deadline)";
/** The reason of a check left out by the selection: the CLI counts these rather than listing each. */
export const NOT_SELECTED = 'not selected by --only/--skip';
/** The reason of a check --checks / --exclude-checks left out (never recorded: see unrecorded). */
export const NOT_CHOSEN = 'not selected by --checks/--exclude-checks';

/** A check's own time, and apart from it the time it waited for the pace or a Retry-After (when it did). */
export function checkTimes(totalMs: number, waitedMs: number): Pick<CheckResult, 'ms' | 'waitedMs'> {
  const waited = Math.round(waitedMs);
  return { ms: Math.max(0, Math.round(totalMs) - waited), ...(waited > 0 ? { waitedMs: waited } : {}) };
}

/** A check not run, with the reason; `wants` names the input it lacked (the verdict names it). */
export function skipped(spec: CheckSpec, reason: string, wants?: Want): CheckResult {
  return {
    ...spec,
    verdict: 'skip',
    problems: [],
    notes: [wants ? `${reason}; ${wants.flag} gives it` : reason],
    ms: 0,
    ...(wants ? { wants } : {}),
  };
}

/** What a check left out by --checks / --exclude-checks returns to its module: kept out of the report. */
export function unrecorded(spec: CheckSpec): CheckResult {
  return { ...spec, verdict: 'skip', problems: [], notes: [NOT_CHOSEN], ms: 0 };
}
