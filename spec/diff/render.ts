// spec:diff output for people, for machines (JSON) and for a pull-request comment (Markdown).
import type { Verdict } from './acknowledge.js';

export interface DiffReport {
  base: string;
  head: string;
  verdict: Verdict;
}

function counts(v: Verdict) {
  const breaking = v.changes.filter((c) => c.breaking).length;
  return {
    total: v.changes.length,
    breaking,
    acknowledged: breaking - v.unacknowledged.length,
    unacknowledged: v.unacknowledged.length,
  };
}

export function renderDiffHuman({ base, head, verdict }: DiffReport): string {
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
  for (const a of verdict.unused) lines.push(`  note: acknowledgement "${a.id}" matches no change (stale?)`);
  lines.push(
    n.unacknowledged
      ? `FAIL: ${n.unacknowledged} breaking change(s) not acknowledged in spec/breaking-changes.yaml`
      : 'OK: no unacknowledged breaking change',
  );
  return lines.join('\n');
}

export function renderDiffJson({ base, head, verdict }: DiffReport): string {
  return `${JSON.stringify({ base, head, summary: counts(verdict), changes: verdict.changes, unused_acknowledgements: verdict.unused }, null, 2)}\n`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderDiffMarkdown({ base, head, verdict }: DiffReport): string {
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
  if (n.unacknowledged)
    out.push(
      'To accept a breaking change, add its id with a reason to `spec/breaking-changes.yaml`:',
      '',
      '```yaml',
      'acknowledged:',
      ...verdict.unacknowledged.map((c) => `  - id: ${JSON.stringify(c.id)}\n    reason: "why clients are safe"`),
      '```',
    );
  return `${out.join('\n')}\n`;
}
