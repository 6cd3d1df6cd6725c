// The HTML report: one self-contained file (inline style and script, no
// request leaves it) that QA can hand to the team: a summary per group and per
// operation, each failure with what was expected and what came, filters by
// group, operation and verdict, readable when printed.

import { counted } from '../../lib/words.js';
import type { CheckResult, Finding, RunReport } from '../types.js';
import { escapeHtml as esc } from './escape.js';
import { assumptionLabel, unsaid } from './finding.js';
import { unchecked } from './human.js';
import { LEDGER_STYLE, ledgerSections } from './ledger-html.js';
import { waitedSeconds } from './measures.js';
import { MEASURES_STYLE, measureSections } from './measures-html.js';
import { stoppedWhy } from './stopped.js';

const VERDICTS: CheckResult['verdict'][] = ['fail', 'observation', 'pass', 'skip'];
const LABEL: Record<CheckResult['verdict'], string> = {
  fail: 'failed',
  observation: 'observation',
  pass: 'passed',
  skip: 'skipped',
};

type Tally = Record<CheckResult['verdict'], number>;
const tally = (rs: CheckResult[]): Tally => ({
  fail: 0,
  observation: 0,
  pass: 0,
  skip: 0,
  ...Object.fromEntries(VERDICTS.map((v) => [v, rs.filter((r) => r.verdict === v).length])),
});

function tallyRow(name: string, t: Tally, attr: string): string {
  return `<tr ${attr}><th scope="row">${esc(name)}</th>${VERDICTS.map((v) => `<td class="n ${t[v] ? v : ''}">${t[v]}</td>`).join('')}</tr>`;
}

function reproduceBlock(p: Finding): string {
  const r = p.reproduce;
  if (!r) return '';
  const req = `${r.request.method} ${r.request.url}\n${Object.entries(r.request.headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}${r.request.body ? `\n\n${r.request.body}` : ''}`;
  const res = r.response
    ? `${r.response.status} ${r.response.contentType ?? ''}\n\n${r.response.body ?? ''}`
    : '(no answer)';
  return `<details class="repro"><summary>Request, answer and curl</summary><h4>Request</h4><pre>${esc(req)}</pre><h4>Answer</h4><pre>${esc(res)}</pre><h4>Reproduce</h4><pre>${esc(r.curl)}</pre></details>`;
}

/** Whatever else a finding carries beyond what is shown of it. */
function extras(p: Finding): string {
  const known = new Set([
    'message',
    'operationId',
    'status',
    'at',
    'expected',
    'actual',
    'keyword',
    'severity',
    'assumption',
    'reproduce',
  ]);
  const rest = Object.entries(p).filter(([k, v]) => !known.has(k) && v !== undefined);
  return rest
    .map(
      ([k, v]) =>
        `<details><summary>${esc(k)}</summary><pre>${esc(typeof v === 'string' ? v : JSON.stringify(v, null, 2))}</pre></details>`,
    )
    .join('');
}

function problem(p: Finding): string {
  // Said once: a fact the message already states is not repeated under it.
  const { at, expected, actual } = unsaid(p);
  const facts = [
    p.status !== undefined ? `<dt>status</dt><dd>${esc(p.status)}</dd>` : '',
    at ? `<dt>at</dt><dd><code>${esc(at)}</code></dd>` : '',
    expected !== undefined ? `<dt>expected</dt><dd><code>${esc(expected)}</code></dd>` : '',
    actual !== undefined ? `<dt>got</dt><dd><code>${esc(actual)}</code></dd>` : '',
  ].join('');
  const label = assumptionLabel(p);
  return `<li class="${label ? 'assumed' : ''}"><p>${esc(p.message)}${label ? ` <span class="tag">${esc(label)}</span>` : ''}</p>${facts ? `<dl>${facts}</dl>` : ''}${reproduceBlock(p)}${extras(p)}</li>`;
}

function check(r: CheckResult): string {
  const body = [
    r.problems.length ? `<ul class="problems">${r.problems.map(problem).join('')}</ul>` : '',
    r.notes.length ? `<ul class="notes">${r.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : '',
  ].join('');
  return `<details class="check ${r.verdict}" data-group="${esc(r.group)}" data-op="${esc(r.operationId ?? '')}" data-verdict="${r.verdict}"${r.verdict === 'fail' ? ' open' : ''}>
<summary><span class="badge ${r.verdict}">${LABEL[r.verdict]}</span> <span class="group">${esc(r.group)}</span> ${r.operationId ? `<code>${esc(r.operationId)}</code> ` : ''}${esc(r.title)} <span class="ms">${r.ms} ms${r.waitedMs ? ` <span class="waited">+ ${r.waitedMs} ms waiting for the pace or a Retry-After</span>` : ''}</span></summary>${body}</details>`;
}

// The page never scrolls sideways (QA reads it at 1280 px): a word longer than its room (a pointer, a URL, a
// deployment's token) breaks anywhere, which also lets a table shrink to the page; a table is never wider than it.
const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#111827;background:#f8fafc;overflow-wrap:anywhere}
header{padding:1rem 1.5rem;background:#111827;color:#f9fafb}header h1{margin:0 0 .3rem;font-size:1.3rem}
.verdict{font-size:1.1rem;font-weight:700}.verdict.ok{color:#34d399}.verdict.bad{color:#f87171}
main{padding:1rem 1.5rem;max-width:1200px}h2{font-size:1.05rem;margin:1.2rem 0 .5rem}
table{border-collapse:collapse;background:#fff;max-width:100%}th,td{padding:.25rem .6rem;border-bottom:1px solid #e5e7eb;text-align:left}td.n{text-align:right;white-space:nowrap}
td.fail{color:#b91c1c;font-weight:700}td.observation{color:#b45309}.summary-tables{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}
.filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin:.8rem 0;padding:.6rem;background:#fff;border:1px solid #e5e7eb;border-radius:6px}.filters select{max-width:min(24rem,60vw)}
.check{background:#fff;border:1px solid #e5e7eb;border-left:4px solid #9ca3af;border-radius:4px;margin:.3rem 0;padding:.3rem .6rem}
.check.fail{border-left-color:#dc2626}.check.pass{border-left-color:#16a34a}.check.observation{border-left-color:#d97706}
summary{cursor:pointer}.badge{display:inline-block;min-width:6.5em;font-size:.75rem;font-weight:700;text-transform:uppercase}
.badge.fail{color:#b91c1c}.badge.pass{color:#15803d}.badge.observation{color:#b45309}.badge.skip{color:#6b7280}
.group{color:#6b7280}.ms{color:#9ca3af;font-size:.8rem}.tag{font-size:.75rem;background:#fef3c7;padding:0 .3rem;border-radius:3px}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.1rem .8rem;margin:.2rem 0}dt{color:#6b7280}dd{margin:0}
pre{white-space:pre-wrap;word-break:break-all;background:#f1f5f9;padding:.5rem;border-radius:4px;max-height:24rem;overflow:auto}code{font-family:ui-monospace,monospace}
@media print{pre{max-height:none;overflow:visible}.filters{display:none}details{break-inside:avoid}details:not([open])>*:not(summary){display:none}header{background:#fff;color:#000}}`;

const SCRIPT = `
const pick=(id)=>document.getElementById(id);
function apply(){const g=pick('f-group').value,o=pick('f-op').value,v=pick('f-verdict').value;let n=0;
for(const c of document.querySelectorAll('.check')){const show=(!g||c.dataset.group===g)&&(!o||c.dataset.op===o)&&(!v||c.dataset.verdict===v);c.hidden=!show;if(show)n++}
pick('f-count').textContent=n+' shown';}
for(const id of ['f-group','f-op','f-verdict'])pick(id).addEventListener('change',apply);apply();`;

/** Operations with failures first, then observations, then by name. */
function byFailures(ops: string[], report: RunReport): Array<[string, Tally]> {
  const rows = ops.map((o): [string, Tally] => [o, tally(report.results.filter((r) => r.operationId === o))]);
  return rows.sort(([a, x], [b, y]) => y.fail - x.fail || y.observation - x.observation || a.localeCompare(b));
}

/** A stopped run gives no verdict on the deployment: it says why it stopped, and that the results are those so far. */
function verdict(report: RunReport): string {
  const { stopped } = report;
  if (stopped) {
    const why = stoppedWhy(stopped);
    return `<p class="verdict bad" id="stopped">The run was ${stopped.kind}${why ? `: ${esc(why)}` : ''}. No verdict on the deployment; the results below are those so far.</p>`;
  }
  const ok = report.summary.checks.failed === 0;
  // The checks the verdict does not stand on for want of an input are said beside it, as in the human report.
  const wanting = unchecked(report.summary.wanting).trim();
  return `<p class="verdict ${ok ? 'ok' : 'bad'}">${ok ? 'The deployment honours the spec.' : 'The deployment does NOT honour the spec.'}</p>${wanting ? `\n<p class="wanting" id="wanting">${esc(wanting)}</p>` : ''}`;
}

export function renderHtml(report: RunReport): string {
  const { operations, checks, requests, durationMs } = report.summary;
  const groups = [...new Set(report.results.map((r) => r.group))];
  const ops = [...new Set(report.results.map((r) => r.operationId).filter((x): x is string => !!x))].sort();
  const head = `<tr><th></th>${VERDICTS.map((v) => `<th>${LABEL[v]}</th>`).join('')}</tr>`;
  const option = (v: string, label = v) => `<option value="${esc(v)}">${esc(label)}</option>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Contract report: ${esc(report.target)}</title><style>${STYLE}${MEASURES_STYLE}${LEDGER_STYLE}</style></head>
<body><header><h1>Contract report · ${esc(report.target)}</h1>
${verdict(report)}
<p>${checks.passed} passed, ${checks.failed} failed, ${checks.observations} observations, ${checks.skipped} skipped, of ${counted(checks.total, 'check')} · operations covered ${operations.covered} of ${operations.total} · ${counted(requests, 'request')} in ${(durationMs / 1000).toFixed(1)} s${waitedSeconds(report) ? ` (${waitedSeconds(report)} s of it waiting for the pace or a Retry-After)` : ''} · ${esc(report.modes.join(', '))} · started ${esc(report.startedAt)}</p>
${operations.uncovered.length ? `<p>Not reached: ${operations.uncovered.map(esc).join(', ')}</p>` : ''}</header>
<main><h2>Summary</h2><div class="summary-tables">
<table id="by-group"><caption>Per group</caption>${head}${groups.map((g) => tallyRow(g, tally(report.results.filter((r) => r.group === g)), `data-group="${esc(g)}"`)).join('')}</table>
<table id="by-operation"><caption>Per operation</caption>${head}${byFailures(ops, report)
    .map(([o, t]) => tallyRow(o, t, `data-op="${esc(o)}"`))
    .join('')}</table></div>
${ledgerSections(report)}
${measureSections(report)}
<h2>Checks</h2><div class="filters">
<label>Group <select id="f-group">${option('', 'all')}${groups.map((g) => option(g)).join('')}</select></label>
<label>Operation <select id="f-op">${option('', 'all')}${ops.map((o) => option(o)).join('')}</select></label>
<label>Verdict <select id="f-verdict">${option('', 'all')}${VERDICTS.map((v) => option(v, LABEL[v])).join('')}</select></label>
<span id="f-count"></span></div>
${[...report.results]
  .sort((a, b) => VERDICTS.indexOf(a.verdict) - VERDICTS.indexOf(b.verdict))
  .map(check)
  .join('\n')}
</main><script>${SCRIPT}</script></body></html>
`;
}
