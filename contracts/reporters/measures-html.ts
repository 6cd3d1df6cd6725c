// The run's measures in the HTML report: a spec-coverage table per operation
// (least covered first) and a response-time table (slowest first).
import { showPercent } from '../measures/coverage.js';
import type { CoverageReport, OperationCoverage, TimingReport } from '../measures/types.js';
import type { RunReport } from '../types.js';
import { escapeHtml as esc } from './escape.js';
import { coverageFigures, propertiesNotSeen, statusesNotSeen } from './measures.js';

export const MEASURES_STYLE = `
.measures td.num{text-align:right;white-space:nowrap}.measures td.low{color:#b91c1c;font-weight:700}.measures details{margin:0}
.measures summary{color:#6b7280}.measures ul{margin:.2rem 0;padding-left:1.2rem;columns:2;font-size:.85rem}`;

/** Red only below --min-coverage, the bar the run was given: with none, no figure is wrong (85.7% was red). */
function coverageRow(o: OperationCoverage, minimum: number | undefined): string {
  const seen = o.statuses.filter((s) => s.seen).map((s) => s.status);
  const missing = propertiesNotSeen(o);
  const props = o.statuses.reduce((n, s) => n + s.properties.seen.length, 0);
  const paths = missing.length
    ? `<details><summary>${missing.length} not seen</summary><ul>${missing.map((p) => `<li><code>${esc(p)}</code></li>`).join('')}</ul></details>`
    : '';
  return `<tr data-op="${esc(o.operationId)}"><th scope="row">${esc(o.operationId)}</th><td class="num${minimum !== undefined && o.percent < minimum ? ' low' : ''}">${showPercent(o.percent)}</td><td>${esc(seen.join(', '))}</td><td>${esc(statusesNotSeen(o).join(', '))}</td><td class="num">${props} of ${props + missing.length}</td><td>${paths}</td></tr>`;
}

export function coverageSection(c: CoverageReport | undefined): string {
  if (!c) return '';
  const rows = [...c.byOperation].sort((a, b) => a.percent - b.percent || a.operationId.localeCompare(b.operationId));
  return `<h2>Spec coverage</h2>
<p><strong>${showPercent(c.percent)}</strong> of the documented statuses and response properties of the ${c.operations.total} selected operations were seen in answers the run validated (${esc(coverageFigures(c))}; operations answered ${c.operations.answered} of ${c.operations.total})${c.minimum === undefined ? '' : `; --min-coverage ${c.minimum}%`}. A property counts per documented status; * marks a response the spec marks x-assumed.</p>
<table id="coverage" class="measures"><tr><th>Operation</th><th>Coverage</th><th>Statuses seen</th><th>Not seen</th><th>Properties seen</th><th>Properties not seen</th></tr>
${rows.map((o) => coverageRow(o, c.minimum)).join('\n')}</table>`;
}

export function timingSection(t: TimingReport | undefined): string {
  if (!t || t.operations.length === 0) return '';
  const rows = t.operations.map(
    (o) =>
      `<tr data-op="${esc(o.operationId)}"><th scope="row">${esc(o.operationId)}</th><td class="num">${o.count}</td><td class="num">${o.p50Ms}</td><td class="num">${o.p95Ms}</td><td class="num">${o.maxMs}</td><td class="num">${o.budgetMs ?? ''}</td><td class="num${o.overBudget ? ' low' : ''}">${o.budgetMs === undefined ? '' : o.overBudget}</td></tr>`,
  );
  return `<h2>Response times</h2>
<p>${t.answers} answers timed, whole exchange (body included), no wait for the pace or a Retry-After in them (each check shows its waits apart); slowest operations first.</p>
<table id="timing" class="measures"><tr><th>Operation</th><th>Answers</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th><th>Budget ms</th><th>Over budget</th></tr>
${rows.join('\n')}</table>`;
}

export const measureSections = (report: RunReport): string =>
  [coverageSection(report.coverage), timingSection(report.timing)].filter(Boolean).join('\n');
