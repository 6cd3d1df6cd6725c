// The human reporter: a progress line per check as it runs, and a summary.
// Everything a deployment can put in a line is escaped as it is written
// (escape.ts): no answer can move the cursor, retitle the window, colour the
// terminal or forge a line of the report.
import type { CheckResult, RunReport } from '../types.js';
import { type Cause, causeOf, groupCauses } from './causes.js';
import { terminalLine as line, terminalText } from './escape.js';
import { findingLine, shownExchange } from './finding.js';
import { causeLines, ledgerLines } from './ledger.js';
import { measureLines, waitedSeconds } from './measures.js';
import { stoppedWhy } from './stopped.js';

const MARK: Record<CheckResult['verdict'], string> = { pass: 'ok  ', fail: 'FAIL', observation: 'obs ', skip: 'skip' };

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ');
  return line(flat.length > 200 ? `${flat.slice(0, 200)}...` : flat);
};

/** A check's own time, and its waits apart (a paced run's checks each wait about a second). */
export const checkTime = (r: CheckResult): string =>
  `${r.ms} ms${r.waitedMs ? `, and ${r.waitedMs} ms waiting for the pace or a Retry-After` : ''}`;

export function progressLine(r: CheckResult): string {
  const head = `${MARK[r.verdict]} ${line(r.group).padEnd(12)} ${line(r.operationId ?? '')}${r.operationId ? ': ' : ''}${line(r.title)} (${checkTime(r)})`;
  const lines = [head];
  for (const p of r.problems) {
    lines.push(`       - ${line(findingLine(p))}`);
  }
  if (r.verdict === 'skip' || r.notes.length)
    for (const n of r.notes) lines.push(`       ${r.verdict === 'skip' ? 'because' : 'note:'} ${line(n)}`);
  const shown = shownExchange(r);
  if (shown) {
    const answer = shown.response;
    lines.push(
      `       answer: ${answer ? `${answer.status} ${line(answer.contentType ?? '(no content type)')} ${oneLine(answer.body ?? '')}` : 'none'}`,
    );
    // The curl command is ours, on several lines; what it quotes of an answer or a generated request is escaped.
    lines.push(`       reproduce: ${shown.curl.split('\n').map(line).join('\n       ')}`);
  }
  return lines.join('\n');
}

/** A failed check whose every finding is a repeated cause: one line that names the causes, not the rows again. */
function failureLine(r: CheckResult, causes: Cause[]): string {
  const of = r.problems.map((p) => causeOf(causes, r, p));
  if (!of.length || of.some((i) => i < 0)) return progressLine(r);
  const head = `${MARK[r.verdict]} ${line(r.group).padEnd(12)} ${line(r.operationId ?? '')}${r.operationId ? ': ' : ''}${line(r.title)}`;
  return `${head}\n       - repeated cause ${[...new Set(of.map((i) => i + 1))].join(', ')} (see Repeated causes)`;
}

/** The checks the verdict does not stand on for want of an input, and the flag that gives each: never a silent skip. */
export function unchecked(wanting: RunReport['summary']['wanting']): string {
  if (!wanting?.length) return '';
  const each = wanting.map(
    (w) => `${w.checks.length} check${w.checks.length === 1 ? '' : 's'} for want of ${w.input} (${w.flag} gives it)`,
  );
  return ` Not checked: ${each.join('; ')}.`;
}

function stoppedLine(stopped: NonNullable<RunReport['stopped']>): string {
  const why = stoppedWhy(stopped);
  return `The run was ${stopped.kind.toUpperCase()}${why ? `: ${line(why)}` : ''} (the results so far)`;
}

/** A stopped run gives no verdict on the deployment: its results are those so far. */
function verdictLine(report: RunReport): string {
  const { stopped } = report;
  if (stopped) {
    const why = stoppedWhy(stopped);
    return `Verdict: none: the run was ${stopped.kind}${why ? ` (${line(why)})` : ''}; the results above are those so far.`;
  }
  return report.summary.checks.failed
    ? 'Verdict: the deployment does NOT honour the spec.'
    : 'Verdict: the deployment honours the spec.';
}

export function renderHuman(report: RunReport): string {
  const causes = groupCauses(report.results);
  const { operations, checks, durationMs, requests } = report.summary;
  const lines = [
    '',
    `Contract run against ${line(report.target)} (${line(report.modes.join(', '))})`,
    ...(report.stopped ? [stoppedLine(report.stopped)] : []),
    `Operations covered: ${operations.covered} of ${operations.total}${operations.uncovered.length ? ` (not reached: ${line(operations.uncovered.join(', '))})` : ''}`,
    `Checks: ${checks.passed} passed, ${checks.failed} failed, ${checks.observations} observations, ${checks.skipped} skipped, of ${checks.total}`,
    ...(report.checks?.notSelected.length
      ? [`Not selected (--checks/--exclude-checks): ${line(report.checks.notSelected.join(', '))}`]
      : []),
    `Requests: ${requests}; time: ${(durationMs / 1000).toFixed(1)} s${waitedSeconds(report) ? ` (${waitedSeconds(report)} s of it waiting for the pace or a Retry-After)` : ''}`,
    ...measureLines(report).map(line),
    ...causeLines(causes).map(line),
    ...ledgerLines(report.ledger).map(line),
    `${verdictLine(report)}${line(unchecked(report.summary.wanting))}`,
  ];
  const failures = report.results.filter((r) => r.verdict === 'fail');
  if (failures.length) lines.splice(1, 0, 'Failures:', ...failures.map((r) => failureLine(r, causes)), '');
  // What is left of the output's own lines goes through the same escape once more.
  return terminalText(lines.join('\n'));
}
