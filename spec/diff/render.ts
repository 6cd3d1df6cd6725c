// spec:diff output for people, for machines (JSON) and for a pull-request comment (Markdown).
import type { DiffReport, Verdict } from './acknowledge.js';
import { ackNotesHuman, ackNotesMarkdown, ackSnippet } from './render-acks.js';

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

export function renderDiffHuman(report: DiffReport): string {
  const { base, head, verdict } = report;
  const n = counts(verdict);
  const lines = [
    `spec:diff ${base} → ${head}: ${n.total} change(s), ${n.breaking} breaking (${n.acknowledged} acknowledged)`,
  ];
  const byOp = new Map<string, typeof verdict.changes>();
  for (const c of verdict.changes) byOp.set(c.operation, [...(byOp.get(c.operation) ?? []), c]);
  for (const [op, list] of byOp) {
    lines.push(`  ${op}`);
    for (const c of list) {
      const tag = !c.breaking ? 'ok      ' : 'acknowledged' in c ? 'ACK     ' : 'BREAKING';
      lines.push(`    ${tag} ${c.location}: ${c.message}`);
      if (c.breaking && !('acknowledged' in c)) lines.push(`             id: ${c.id}`);
    }
  }
  lines.push(...ackNotesHuman(report));
  lines.push(
    n.unacknowledged
      ? `FAIL: ${n.unacknowledged} breaking change(s) not acknowledged in spec/breaking-changes.yaml${report.baseCommit ? ` (their base: ${report.baseCommit})` : ''}`
      : 'OK: no unacknowledged breaking change',
  );
  return lines.join('\n');
}

export function renderDiffJson({ base, head, verdict, acks }: DiffReport): string {
  const acknowledgements = { base: acks?.base ?? null, from_base: acks?.fromBase ?? false, legacy: verdict.legacy };
  const out = {
    base,
    head,
    summary: counts(verdict),
    changes: verdict.changes,
    unused_acknowledgements: verdict.unused,
    acknowledgements,
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderDiffMarkdown(report: DiffReport): string {
  const { base, head, verdict } = report;
  const n = counts(verdict);
  const status = n.unacknowledged
    ? `:x: **${n.unacknowledged} breaking change(s) not acknowledged**`
    : n.breaking
      ? ':white_check_mark: breaking changes acknowledged'
      : ':white_check_mark: no breaking change';
  const out = [
    `### API changes: \`${base}\` → \`${head}\``,
    '',
    `${status} · ${n.total} change(s), ${n.breaking} breaking`,
    '',
  ];
  const breaking = verdict.changes.filter((c) => c.breaking);
  if (breaking.length) {
    out.push('| | Operation | Where | Change |', '|---|---|---|---|');
    for (const c of breaking)
      out.push(
        `| ${'acknowledged' in c ? 'acknowledged' : '**breaking**'} | \`${cell(c.operation)}\` | ${cell(c.location)} | ${cell(c.message)} |`,
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
