// --reporter summary: the run in a few lines of Markdown, for a CI job summary
// ($GITHUB_STEP_SUMMARY) or a pull-request comment: the verdict, the counts,
// the ledger's headline, and the failed checks (the first 20; the HTML report
// has every one).
import type { RunReport } from '../types.js';
import { unchecked } from './human.js';
import { stoppedWhy } from './stopped.js';

const LISTED = 20;

const cell = (s: string) =>
  s
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 300);

export function renderSummary(report: RunReport): string {
  const { checks, operations } = report.summary;
  const why = report.stopped && stoppedWhy(report.stopped);
  const verdict = report.stopped
    ? `:warning: **No verdict**: the run was ${report.stopped.kind}${why ? ` (${cell(why)})` : ''}.`
    : checks.failed
      ? ':x: **The deployment does NOT honour the spec.**'
      : ':white_check_mark: **The deployment honours the spec.**';
  const out = [
    `### Contract suite against \`${cell(report.target)}\``,
    '',
    `${verdict}${cell(unchecked(report.summary.wanting))}`,
    '',
    `Checks: ${checks.passed} passed, ${checks.failed} failed, ${checks.observations} observations, ${checks.skipped} skipped · operations covered ${operations.covered} of ${operations.total} · ${report.summary.requests} requests (${report.modes.join(', ')})`,
    '',
  ];
  const { ledger } = report;
  if (ledger)
    out.push(
      `**Assumptions:** ${cell(ledger.headline)} (${ledger.confirmed} confirmed, ${ledger.contradicted} contradicted, ${ledger.notObserved} not observed)`,
      '',
    );
  const failed = report.results.filter((r) => r.verdict === 'fail');
  if (failed.length) {
    out.push('| Failed check | Operation | First finding |', '|---|---|---|');
    for (const r of failed.slice(0, LISTED))
      out.push(
        `| ${cell(r.title)} | ${r.operationId ? `\`${r.operationId}\`` : ''} | ${cell(r.problems[0]?.message ?? '')} |`,
      );
    if (failed.length > LISTED) out.push('', `and ${failed.length - LISTED} more: see the HTML report.`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
