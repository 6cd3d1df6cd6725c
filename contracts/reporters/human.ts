// The human reporter: a progress line per check as it runs, and a summary.
import type { CheckResult, RunReport } from '../types.js';
import { findingLine, shownExchange } from './finding.js';
import { measureLines } from './measures.js';

const MARK: Record<CheckResult['verdict'], string> = { pass: 'ok  ', fail: 'FAIL', observation: 'obs ', skip: 'skip' };

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 200)}...` : flat;
};

export function progressLine(r: CheckResult): string {
  const head = `${MARK[r.verdict]} ${r.group.padEnd(12)} ${r.operationId ?? ''}${r.operationId ? ': ' : ''}${r.title} (${r.ms} ms)`;
  const lines = [head];
  for (const p of r.problems) {
    lines.push(`       - ${findingLine(p)}`);
  }
  if (r.verdict === 'skip' || r.notes.length)
    for (const n of r.notes) lines.push(`       ${r.verdict === 'skip' ? 'because' : 'note:'} ${n}`);
  const shown = shownExchange(r);
  if (shown) {
    lines.push(
      `       answer: ${shown.response ? `${shown.response.status} ${shown.response.contentType ?? '(no content type)'} ${oneLine(shown.response.body ?? '')}` : 'none'}`,
    );
    lines.push(`       reproduce: ${shown.curl.replace(/\n/g, '\n       ')}`);
  }
  return lines.join('\n');
}

export function renderHuman(report: RunReport): string {
  const { operations, checks, durationMs, requests } = report.summary;
  const lines = [
    '',
    `Contract run against ${report.target} (${report.modes.join(', ')})`,
    `Operations covered: ${operations.covered} of ${operations.total}${operations.uncovered.length ? ` (not reached: ${operations.uncovered.join(', ')})` : ''}`,
    `Checks: ${checks.passed} passed, ${checks.failed} failed, ${checks.observations} observations, ${checks.skipped} skipped, of ${checks.total}`,
    `Requests: ${requests}; time: ${(durationMs / 1000).toFixed(1)} s`,
    ...measureLines(report),
    checks.failed ? 'Verdict: the deployment does NOT honour the spec.' : 'Verdict: the deployment honours the spec.',
  ];
  const failures = report.results.filter((r) => r.verdict === 'fail');
  if (failures.length) lines.splice(1, 0, 'Failures:', ...failures.map(progressLine), '');
  return lines.join('\n');
}
