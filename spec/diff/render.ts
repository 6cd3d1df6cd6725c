// spec:diff output for people, for machines (JSON) and for a pull-request comment (Markdown).
import type { DiffReport, Verdict } from './acknowledge.js';
import { ackNotesHuman, ackNotesMarkdown, ackSnippet } from './render-acks.js';
import { failing } from './usage.js';

export type { DiffReport };

function counts(v: Verdict) {
  const breaking = v.changes.filter((c) => c.breaking).length;
  return {
    total: v.changes.length,
    breaking,
    acknowledged: breaking - v.unacknowledged.length,
    unacknowledged: v.unacknowledged.length,
  };
}

const WHICH = { breaking: '', used: ' that apps use', unknown: ' that apps use or might' } as const;

/** The closing verdict: what fails under --fail-on, and what is let through with usage. */
function verdictLine(report: DiffReport): string {
  const failOn = report.usage?.failOn ?? 'breaking';
  const fails = failing(report.verdict, failOn).length;
  const where = `not acknowledged in spec/breaking-changes.yaml${report.baseCommit ? ` (their base: ${report.baseCommit})` : ''}`;
  if (fails) return `FAIL: ${fails} breaking change(s)${WHICH[failOn]} ${where}`;
  const passed = report.verdict.unacknowledged.length;
  if (passed) return `OK (--fail-on ${failOn}): ${passed} unacknowledged breaking change(s), none${WHICH[failOn]}`;
  return 'OK: no unacknowledged breaking change';
}

export function renderDiffHuman(report: DiffReport): string {
  const { base, head, verdict } = report;
  const n = counts(verdict);
  const lines = [
    `spec:diff ${base} → ${head}: ${n.total} change(s), ${n.breaking} breaking (${n.acknowledged} acknowledged)`,
  ];
  if (report.usage)
    lines.push(`  usage: ${report.usage.sources.map((u) => `${u.source} ${u.since} → ${u.until}`).join('; ')}`);
  const byOp = new Map<string, typeof verdict.changes>();
  for (const c of verdict.changes) byOp.set(c.operation, [...(byOp.get(c.operation) ?? []), c]);
  for (const [op, list] of byOp) {
    lines.push(`  ${op}`);
    for (const c of list) {
      const tag = !c.breaking ? 'ok      ' : 'acknowledged' in c ? 'ACK     ' : 'BREAKING';
      lines.push(`    ${tag}${c.usage ? ` ${c.usage.usage.padEnd(7)}` : ''} ${c.location}: ${c.message}`);
      if (c.breaking && c.usage) lines.push(`             ${c.usage.why}`);
      if (c.breaking && !('acknowledged' in c)) lines.push(`             id: ${c.id}`);
    }
  }
  lines.push(...ackNotesHuman(report));
  lines.push(verdictLine(report));
  return lines.join('\n');
}

export function renderDiffJson({ base, head, verdict, acks, usage }: DiffReport): string {
  const acknowledgements = { base: acks?.base ?? null, from_base: acks?.fromBase ?? false, legacy: verdict.legacy };
  const failOn = usage?.failOn ?? 'breaking';
  const out = {
    base,
    head,
    summary: { ...counts(verdict), fail_on: failOn, failing: failing(verdict, failOn).length },
    ...(usage ? { usage_sources: usage.sources } : {}),
    changes: verdict.changes.map(({ usage: u, ...c }) =>
      u ? { ...c, usage: u.usage, usage_evidence: { why: u.why, sources: u.evidence } } : c,
    ),
    unused_acknowledgements: verdict.unused,
    acknowledgements,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderDiffMarkdown(report: DiffReport): string {
  const { base, head, verdict } = report;
  const n = counts(verdict);
  const failOn = report.usage?.failOn ?? 'breaking';
  const fails = failing(verdict, failOn).length;
  const status = fails
    ? `:x: **${fails} breaking change(s)${WHICH[failOn]} not acknowledged**`
    : n.unacknowledged
      ? `:white_check_mark: ${n.unacknowledged} unacknowledged breaking change(s), none${WHICH[failOn]} (\`--fail-on ${failOn}\`)`
      : n.breaking
        ? ':white_check_mark: breaking changes acknowledged'
        : ':white_check_mark: no breaking change';
  const out = [
    `### API changes: \`${base}\` → \`${head}\``,
    '',
    `${status} · ${n.total} change(s), ${n.breaking} breaking`,
    '',
  ];
  if (report.usage)
    out.push(`Usage from ${report.usage.sources.map((u) => `${u.source} (${u.since} → ${u.until})`).join(', ')}.`, '');
  const breaking = verdict.changes.filter((c) => c.breaking);
  if (breaking.length) {
    const used = report.usage ? ' Usage |' : '';
    out.push(`| | Operation | Where | Change |${used}`, `|---|---|---|---|${used ? '---|' : ''}`);
    for (const c of breaking)
      out.push(
        `| ${'acknowledged' in c ? 'acknowledged' : '**breaking**'} | \`${cell(c.operation)}\` | ${cell(c.location)} | ${cell(c.message)} |${c.usage ? ` ${cell(c.usage.why)} |` : ''}`,
      );
    out.push('');
  }
  const other = verdict.changes.filter((c) => !c.breaking);
  if (other.length) {
    out.push('<details><summary>Non-breaking changes</summary>', '', '| Operation | Where | Change |', '|---|---|---|');
    for (const c of other) out.push(`| \`${cell(c.operation)}\` | ${cell(c.location)} | ${cell(c.message)} |`);
    out.push('', '</details>', '');
  }
  out.push(...ackNotesMarkdown(report));
  if (n.unacknowledged) out.push(...ackSnippet(report));
  return `${out.join('\n')}\n`;
}
