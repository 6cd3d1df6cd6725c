// The assumption ledger and the repeated causes in the HTML report, beside the
// measures sections; everything is escaped at the output (escape.ts).
import { counted } from '../../lib/words.js';
import { patchYaml } from '../measures/patch.js';
import type { LedgerEntry, LedgerReport } from '../measures/types.js';
import type { RunReport } from '../types.js';
import { type Cause, groupCauses } from './causes.js';
import { escapeHtml as esc } from './escape.js';
import { factsText } from './finding.js';

// Laid out by fixed shares, not by content: a pointer or a reason of any length wraps inside its column, and the
// short columns (status, kind) keep their words whole however long the others are.
export const LEDGER_STYLE = `
#ledger{table-layout:fixed;width:100%}#ledger td{vertical-align:top}
.ledger td.contradicted{color:#b91c1c;font-weight:700}.ledger td.confirmed{color:#15803d}.ledger td.not-observed{color:#6b7280}
.ledger ul{columns:auto}
.ledger pre{margin:.2rem 0}.causes ul{margin:.2rem 0;padding-left:1.2rem;font-size:.85rem}`;

function evidence(e: LedgerEntry): string {
  const items = (e.contradictions ?? []).map((c) => {
    const r = c.reproduce;
    const exchange = r
      ? `<pre>${esc(`${r.request.method} ${r.request.url}${r.request.body ? `\n\n${r.request.body}` : ''}`)}</pre><pre>${esc(r.response ? `${r.response.status} ${r.response.contentType ?? ''}\n\n${r.response.body ?? ''}` : '(no answer)')}</pre>`
      : '';
    // Each fact once: what the message says is not repeated (finding.ts).
    const facts = factsText(c, (v) => `<code>${esc(v)}</code>`);
    return `<li>${esc(c.checkId)}: ${esc(c.message)}${facts}${exchange}</li>`;
  });
  const patch = e.patch
    ? `<p>JSON Patch for <code>spec/openapi.yaml</code>:</p><pre class="patch">${esc(patchYaml(e.patch))}</pre><details><summary>as JSON</summary><pre>${esc(JSON.stringify(e.patch, null, 2))}</pre></details>`
    : `<p>No patch: ${esc(e.noPatch ?? 'none derived')}</p>`;
  return `<details><summary>What shows it, and the change</summary><ul>${items.join('')}</ul>${patch}</details>`;
}

function row(e: LedgerEntry): string {
  const cls = e.status.replace(' ', '-');
  return `<tr class="${cls}" data-assumption="${esc(e.id)}"><td><code>${esc(e.id)}</code></td><td class="${cls}">${esc(e.status)}</td><td>${esc(e.kind)}</td><td>${esc(e.operations.join(', '))}</td><td>${esc(e.reason)}${e.why ? `<p class="why">Not observed: ${esc(e.why)}</p>` : ''}${e.status === 'contradicted' ? evidence(e) : ''}</td></tr>`;
}

export function ledgerSection(l: LedgerReport | undefined): string {
  if (!l) return '';
  return `<h2>Assumptions</h2>
<p id="ledger-headline"><strong>${esc(l.headline)}</strong>: confirmed ${l.confirmed}, contradicted ${l.contradicted}, not observed ${l.notObserved}. Each row is an <code>x-assumed</code> node of the spec, by its pointer; a contradicted one carries the change that makes the mock follow the deployment.</p>
<table id="ledger" class="ledger measures"><colgroup><col style="width:27%"><col style="width:9em"><col style="width:7.5em"><col style="width:17%"><col></colgroup><tr><th>Assumption</th><th>Status</th><th>Kind</th><th>Operations</th><th>Reason</th></tr>
${l.entries.map(row).join('\n')}</table>`;
}

export function causesSection(causes: Cause[]): string {
  if (!causes.length) return '';
  const items = causes.map(
    (c) =>
      `<li data-cause><p>${esc(c.message)}${c.severity === 'observation' ? ' <span class="tag">x-assumed</span>' : ''} · ${counted(c.count, 'finding')} on ${counted(c.checks.length, 'check')}${c.places ? `; first at ${c.places.map((at) => `<code>${esc(at)}</code>`).join(', ')}` : ''}</p><details><summary>${counted(c.operations.length, 'operation')}</summary><ul>${c.operations.map((o) => `<li><code>${esc(o)}</code></li>`).join('')}</ul></details></li>`,
  );
  return `<h2>Repeated causes</h2>
<p>The same finding on several checks, once (the checks below keep their own verdicts).</p>
<ul id="causes" class="causes">${items.join('\n')}</ul>`;
}

export const ledgerSections = (report: RunReport): string =>
  [causesSection(groupCauses(report.results)), ledgerSection(report.ledger)].filter(Boolean).join('\n');
