// JUnit XML as CI systems read it: one suite per check group, one case per
// check; failures as <failure>, skips and observations as <skipped>.
import type { CheckResult, RunReport } from '../types.js';
import { escapeXml as esc } from './escape.js';
import { findingLine, shownExchange } from './finding.js';
import { ledgerProperties } from './ledger.js';
import { measureProperties } from './measures.js';
import { stoppedWhy } from './stopped.js';

function problemText(r: CheckResult): string {
  const lines = r.problems.map(findingLine);
  const shown = shownExchange(r);
  if (shown) {
    lines.push(
      '',
      `Request: ${shown.request.method} ${shown.request.url}`,
      ...(shown.request.body ? [`Request body: ${shown.request.body}`] : []),
    );
    if (shown.response)
      lines.push(
        `Answer: ${shown.response.status} ${shown.response.contentType ?? ''}`,
        `Answer body: ${shown.response.body ?? ''}`,
      );
    lines.push('', 'Reproduce:', shown.curl);
  }
  return lines.join('\n');
}

function testcase(r: CheckResult): string {
  const name = esc(`${r.operationId ? `${r.operationId}: ` : ''}${r.title}`);
  const open = `    <testcase classname="mcs-contracts.${esc(r.group)}" name="${name}" time="${(r.ms / 1000).toFixed(3)}"`;
  // A passing check's notes (the same defect another check counts, a throttle waited out) as its output, which
  // CI pages show beside the test.
  if (r.verdict === 'pass')
    return r.notes.length
      ? `${open}>\n      <system-out>${esc(r.notes.join('\n'), false)}</system-out>\n    </testcase>`
      : `${open}/>`;
  if (r.verdict === 'fail') {
    const first = r.problems.find((p) => p.severity === 'error') ?? r.problems[0];
    return `${open}>\n      <failure message="${esc(first?.message ?? 'failed')}" type="contract">${esc(problemText(r), false)}</failure>\n    </testcase>`;
  }
  const why = r.verdict === 'skip' ? r.notes.join('; ') : `observation: ${problemText(r)}`;
  return `${open}>\n      <skipped message="${esc(why)}"/>\n    </testcase>`;
}

/** The checks --checks / --exclude-checks chose and left out: a JUnit view of a narrowed run must say it was
 *  narrowed, as the other reports' modes do; a whole run adds nothing. */
function selectionProperties(report: RunReport): Array<[string, string]> {
  const notSelected = report.checks?.notSelected ?? [];
  if (!notSelected.length) return [];
  return [
    ['checks.selected', (report.checks?.made ?? []).map((c) => c.name).join(', ')],
    ['checks.notSelected', notSelected.join(', ')],
  ];
}

export function renderJunit(report: RunReport): string {
  const groups = [...new Set(report.results.map((r) => r.group))];
  const suites = groups.map((g) => {
    const rs = report.results.filter((r) => r.group === g);
    const time = rs.reduce((a, r) => a + r.ms, 0) / 1000;
    const failures = rs.filter((r) => r.verdict === 'fail').length;
    const skipped = rs.filter((r) => r.verdict === 'skip' || r.verdict === 'observation').length;
    return `  <testsuite name="mcs-contracts.${esc(g)}" tests="${rs.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}" timestamp="${esc(report.startedAt)}">\n${rs.map(testcase).join('\n')}\n  </testsuite>`;
  });
  const properties = [...measureProperties(report), ...ledgerProperties(report), ...selectionProperties(report)];
  if (properties.length)
    suites.push(
      `  <testsuite name="mcs-contracts.measures" tests="0" failures="0" errors="0" skipped="0" time="0.000" timestamp="${esc(report.startedAt)}">\n    <properties>\n${properties.map(([k, v]) => `      <property name="${esc(k)}" value="${esc(v)}"/>`).join('\n')}\n    </properties>\n  </testsuite>`,
    );
  // A stopped run is an error of the run's own, which CI shows beside the failures so far.
  const stopped = report.stopped;
  const why = stopped && stoppedWhy(stopped);
  if (stopped)
    suites.push(
      `  <testsuite name="mcs-contracts.run" tests="1" failures="0" errors="1" skipped="0" time="0.000" timestamp="${esc(report.startedAt)}">\n    <testcase classname="mcs-contracts.run" name="the run goes to its end" time="0.000">\n      <error message="the run was ${stopped.kind}${why ? `: ${esc(why)}` : ''}" type="${stopped.kind}"/>\n    </testcase>\n  </testsuite>`,
    );
  const c = report.summary.checks;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mcs-contracts ${esc(report.target)}${report.world ? ` world ${esc(report.world.name)}` : ''}" tests="${c.total + (stopped ? 1 : 0)}" failures="${c.failed}" errors="${stopped ? 1 : 0}" skipped="${c.skipped + c.observations}" time="${(report.summary.durationMs / 1000).toFixed(3)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
