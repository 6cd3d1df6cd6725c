// What stopped a run, as the reports say it. Each report wraps the reason in
// its own "the run was interrupted ..."; a reason that already says so (the
// CLI's `the run was interrupted (Ctrl-C)`) would otherwise read twice:
// "the run was interrupted (the run was interrupted (Ctrl-C))".
import type { RunReport } from '../types.js';

type Stopped = NonNullable<RunReport['stopped']>;

/** The reason without a leading "the run was <kind>"; undefined when nothing is left to say. */
export function stoppedWhy(stopped: Stopped): string | undefined {
  const said = `the run was ${stopped.kind}`;
  const reason = stopped.reason.trim();
  if (!reason.toLowerCase().startsWith(said)) return reason || undefined;
  const rest = reason
    .slice(said.length)
    .trim()
    .replace(/^[:;,]\s*/, '')
    .replace(/^\((.*)\)$/, '$1');
  return rest || undefined;
}
