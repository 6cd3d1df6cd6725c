// The check registry as text: one line an entry for --list-checks, and the
// table of docs/contracts.md (rendered by npm run readme, between its markers).
import { CHECKS, type CheckEntry, NEEDS, NEEDS_SHORT } from './registry.js';

const needsText = (c: CheckEntry) => c.needs.map((n) => NEEDS[n]).join('; ');

/** One line an entry: name, group, what it checks, and (when any) what it needs and that it writes. */
export function checkLines(checks: readonly CheckEntry[] = CHECKS): string[] {
  const width = Math.max(...checks.map((c) => c.name.length));
  const groupWidth = Math.max(...checks.map((c) => c.group.length));
  return checks.map((c) => {
    // The flags, not the registry's keys: "needs writes, records; writes" read as a riddle.
    const extra = [
      ...(c.needs.length ? [`needs ${c.needs.map((n) => NEEDS_SHORT[n]).join(', ')}`] : []),
      ...(c.writes ? ['changes the deployment'] : []),
    ];
    return `${c.name.padEnd(width)}  ${c.group.padEnd(groupWidth)}  ${c.description}${extra.length ? ` [${extra.join('; ')}]` : ''}`;
  });
}

const cell = (s: string) => s.replaceAll('|', '\\|');

/** The registry as a Markdown table, in run order. */
export function checksTable(checks: readonly CheckEntry[] = CHECKS): string {
  const rows = checks.map((c) =>
    [
      `\`${c.name}\``,
      c.group,
      cell(c.description),
      cell(needsText(c)),
      c.assumptions.map((a) => `\`${a}\``).join(', '),
      c.writes ? 'yes' : '',
    ].join(' | '),
  );
  return [
    '| Check | Group | What it checks | Needs | May rest on (besides the responses it validates) | Writes |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

/** The markers of the table in docs/contracts.md. */
export const CHECKS_MARKERS = ['<!-- checks:start (npm run readme) -->', '<!-- checks:end -->'] as const;
