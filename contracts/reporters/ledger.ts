// The assumption ledger and the repeated causes in the text reporters: the
// human summary's lines and JUnit's <properties>. What the report holds is
// already redacted; what a deployment or the spec put in it is escaped by the
// caller at the output (human: per line; JUnit: per attribute).
import { patchYaml } from '../measures/patch.js';
import type { LedgerEntry, LedgerReport } from '../measures/types.js';
import type { RunReport } from '../types.js';
import { type Cause, causeLine, groupCauses } from './causes.js';
import { factsText } from './finding.js';

/** Reasons for points not observed that the summary lists. */
const UNOBSERVED_LINES = 6;

/** The patch a reviewer applies, or why there is none: lines, to be indented by the caller. */
export const patchLines = (e: LedgerEntry): string[] =>
  e.patch
    ? ['JSON Patch for spec/openapi.yaml:', ...patchYaml(e.patch).split('\n')]
    : [`no patch: ${e.noPatch ?? 'none derived'}`];

/** The first contradiction of an entry, in one line. */
export function contradictionLine(e: LedgerEntry): string {
  const c = e.contradictions?.[0];
  if (!c) return '';
  const answer = c.reproduce?.response;
  return `${c.message}${factsText(c)}${answer ? ` (answer ${answer.status}: ${(answer.body ?? '').replace(/\s+/g, ' ').slice(0, 160)})` : ''}`;
}

/** The human summary's ledger: the headline, each contradiction with its patch, the counts of the rest. */
export function ledgerLines(ledger: LedgerReport | undefined): string[] {
  if (!ledger) return [];
  const lines = [`Assumptions: ${ledger.headline}`];
  for (const e of ledger.entries.filter((x) => x.status === 'contradicted')) {
    lines.push(`  contradicted ${e.id} (${e.operations.join(', ')}): ${e.reason}`);
    lines.push(`    ${contradictionLine(e)}`);
    if (e.contradictions?.[0]?.reproduce)
      lines.push(
        `    request: ${e.contradictions[0].reproduce.request.method} ${e.contradictions[0].reproduce.request.url}`,
      );
    lines.push(...patchLines(e).map((l) => `    ${l}`));
  }
  lines.push(
    `  confirmed ${ledger.confirmed}, contradicted ${ledger.contradicted}, not observed ${ledger.notObserved}`,
  );
  const patched = ledger.entries.filter((e) => e.status === 'contradicted' && e.patch).length;
  if (patched)
    lines.push(
      `  ${patched} of the contradictions carry a patch: --ledger-patch FILE writes them as one, npm run spec:apply -- FILE applies it (docs/contracts.md#the-learning-loop)`,
    );
  return [...lines, ...unobservedLines(ledger)];
}

/** Why points were not observed, each reason once with how many it leaves out: what to add to the next run. */
function unobservedLines(ledger: LedgerReport): string[] {
  const by = new Map<string, number>();
  for (const e of ledger.entries) if (e.status === 'not observed') by.set(e.why ?? '', (by.get(e.why ?? '') ?? 0) + 1);
  const shown = [...by].sort((a, b) => b[1] - a[1]).slice(0, UNOBSERVED_LINES);
  const lines = shown.map(([why, n]) => `    ${n} not observed: ${why || 'no reason given'}`);
  if (by.size > shown.length) lines.push(`    ... and ${by.size - shown.length} other reasons (the report lists each)`);
  return lines;
}

/** The human summary's repeated causes, one line each. */
export function causeLines(causes: Cause[]): string[] {
  return causes.length ? ['Repeated causes:', ...causes.map((c, i) => `  ${i + 1}. ${causeLine(c)}`)] : [];
}

/** JUnit <properties>: the headline figures, one property per contradicted assumption, one per repeated cause. */
export function ledgerProperties(report: RunReport): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const l = report.ledger;
  if (l) {
    out.push(
      ['ledger.headline', l.headline],
      ['ledger.confirmed', String(l.confirmed)],
      ['ledger.contradicted', String(l.contradicted)],
      ['ledger.notObserved', String(l.notObserved)],
    );
    for (const e of l.entries.filter((x) => x.status === 'contradicted'))
      out.push([
        `ledger.contradicted.${e.id}`,
        [contradictionLine(e), e.patch ? `patch: ${JSON.stringify(e.patch)}` : `no patch: ${e.noPatch ?? ''}`].join(
          '\n',
        ),
      ]);
  }
  groupCauses(report.results).forEach((c, i) => {
    out.push([`cause.${i + 1}`, causeLine(c, Number.POSITIVE_INFINITY)]);
  });
  return out;
}
