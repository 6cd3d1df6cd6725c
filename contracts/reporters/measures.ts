// The run's measures (spec coverage, response times) as the text reporters
// write them: lines for the human summary, name/value pairs for JUnit's
// <properties>. The HTML report has its own (measures-html.ts).
import { showPercent } from '../measures/coverage.js';
import type { CoverageReport, OperationCoverage, OperationTiming, TimingReport } from '../measures/types.js';
import type { RunReport } from '../types.js';

/** Operations the human summary lists as slowest. */
export const SLOWEST_SHOWN = 10;
/** Property paths named per operation in the human summary; the rest are counted. */
const PATHS_SHOWN = 3;

/** `92 of 130 documented statuses, 640 of 700 properties`. */
export const coverageFigures = (c: CoverageReport): string =>
  `statuses ${c.statuses.seen} of ${c.statuses.documented}, response properties ${c.properties.seen} of ${c.properties.documented}`;

/** Statuses not seen, `*` marking the x-assumed ones. */
export const statusesNotSeen = (o: OperationCoverage): string[] =>
  o.statuses.filter((s) => !s.seen).map((s) => `${s.status}${s.assumed ? '*' : ''}`);

/** Property paths not seen, each with its status (`200 data.data[].email`); with `answered`, only of the statuses seen. */
export const propertiesNotSeen = (o: OperationCoverage, answered = false): string[] =>
  o.statuses.filter((s) => s.seen || !answered).flatMap((s) => s.properties.missing.map((p) => `${s.status} ${p}`));

function operationLine(o: OperationCoverage, width: number): string {
  const statuses = statusesNotSeen(o);
  // The properties of a status never seen go without saying; those missing from answers that came do not.
  const paths = propertiesNotSeen(o, true);
  const parts = [
    statuses.length ? `statuses not seen: ${statuses.join(', ')}` : '',
    paths.length
      ? `absent from every answer: ${paths.slice(0, PATHS_SHOWN).join(', ')}${paths.length > PATHS_SHOWN ? ` (+${paths.length - PATHS_SHOWN} more)` : ''}`
      : '',
  ].filter(Boolean);
  return `  ${o.operationId.padEnd(width)} ${showPercent(o.percent).padStart(6)}  ${parts.join('; ')}`;
}

export function coverageLines(c: CoverageReport | undefined): string[] {
  if (!c) return [];
  const incomplete = c.byOperation.filter((o) => o.percent < 100).sort((a, b) => a.percent - b.percent);
  const width = Math.max(0, ...incomplete.map((o) => o.operationId.length));
  return [
    `Spec coverage: ${showPercent(c.percent)} (${coverageFigures(c)}; operations answered ${c.operations.answered} of ${c.operations.total})${c.minimum === undefined ? '' : `; --min-coverage ${c.minimum}%`}`,
    ...incomplete.map((o) => operationLine(o, width)),
    ...(incomplete.some((o) => statusesNotSeen(o).some((s) => s.endsWith('*')))
      ? ['  (* the response is marked x-assumed in the spec)']
      : []),
  ];
}

const timingCells = (t: OperationTiming) =>
  `p50 ${t.p50Ms} ms, p95 ${t.p95Ms} ms, max ${t.maxMs} ms, ${t.count} answer${t.count === 1 ? '' : 's'}${t.budgetMs === undefined ? '' : `; budget ${t.budgetMs} ms, ${t.overBudget} over`}`;

export function timingLines(t: TimingReport | undefined): string[] {
  if (!t || t.operations.length === 0) return [];
  const shown = t.operations.slice(0, SLOWEST_SHOWN);
  const width = Math.max(...shown.map((o) => o.operationId.length));
  return [
    `Slowest operations (by p95, ${shown.length} of ${t.operations.length}; ${t.answers} answers timed):`,
    ...shown.map((o) => `  ${o.operationId.padEnd(width)}  ${timingCells(o)}`),
  ];
}

/** The human summary's sections for the run's measures. */
export const measureLines = (report: RunReport): string[] => [
  ...coverageLines(report.coverage),
  ...timingLines(report.timing),
  ...waitLine(report),
];

/** The run's waiting in seconds as the summaries say it; undefined when it rounds to nothing (an unpaced run
 *  measures a millisecond or so between requests, which read "0.0 s of it waiting for the pace"). */
export function waitedSeconds(report: RunReport): string | undefined {
  const seconds = ((report.summary.waitedMs ?? 0) / 1000).toFixed(1);
  return Number(seconds) > 0 ? seconds : undefined;
}

/** Said under the answers' times of a run that waited: its waits are in no answer's time, nor in a check's own. */
function waitLine(report: RunReport): string[] {
  const waited = waitedSeconds(report);
  if (!waited || !report.timing?.operations.length) return [];
  return [
    `  (each answer's own time: the run's ${waited} s of waiting for the pace or a Retry-After is in none of them; each check shows its waits apart)`,
  ];
}

/** JUnit <properties>: the coverage figures per run and operation, the response times per operation. */
export function measureProperties(report: RunReport): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const c = report.coverage;
  if (c) {
    out.push(
      ['coverage.percent', String(c.percent)],
      ['coverage.statuses', `${c.statuses.seen}/${c.statuses.documented}`],
      ['coverage.properties', `${c.properties.seen}/${c.properties.documented}`],
      ['coverage.operations', `${c.operations.answered}/${c.operations.total}`],
    );
    if (c.minimum !== undefined) out.push(['coverage.minimum', String(c.minimum)]);
    for (const o of c.byOperation) {
      out.push([`coverage.${o.operationId}.percent`, String(o.percent)]);
      const missing = statusesNotSeen(o);
      if (missing.length) out.push([`coverage.${o.operationId}.statuses.notSeen`, missing.join(',')]);
    }
  }
  for (const t of report.timing?.operations ?? []) {
    const at = `timing.${t.operationId}`;
    out.push([`${at}.count`, String(t.count)], [`${at}.p50Ms`, String(t.p50Ms)], [`${at}.p95Ms`, String(t.p95Ms)]);
    out.push([`${at}.maxMs`, String(t.maxMs)]);
    if (t.budgetMs !== undefined)
      out.push([`${at}.budgetMs`, String(t.budgetMs)], [`${at}.overBudget`, String(t.overBudget)]);
  }
  return out;
}
