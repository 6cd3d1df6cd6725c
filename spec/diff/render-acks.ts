// What spec:diff says about the acknowledgements themselves: stale ones (listed
// one by one only where they could have matched: comparing from the base the file
// names, or with --verbose; else one line), old long ids, and the snippet to paste.
import type { DiffReport } from './acknowledge.js';

const FILE = 'spec/breaking-changes.yaml';

/** Lines for people, each indented as the changes' notes. */
export function ackNotesHuman({ verdict, acks, verbose }: DiffReport): string[] {
  const { legacy } = verdict;
  const lines =
    verbose || legacy.length === 1
      ? legacy.map(
          (l) => `  note: acknowledgement "${l.old}" uses the long id of earlier versions: replace it with "${l.id}"`,
        )
      : legacy.length
        ? [
            `  note: ${legacy.length} acknowledgements use the long ids of earlier versions (--verbose gives the new ids)`,
          ]
        : [];
  const { unused } = verdict;
  if (!unused.length) return lines;
  if (acks?.fromBase)
    return [
      ...lines,
      ...unused.map((a) => `  note: acknowledgement "${a.id}" matches no change from its base ${acks.base}: remove it`),
    ];
  if (verbose) return [...lines, ...unused.map((a) => `  note: acknowledgement "${a.id}" matches no change here`)];
  return [...lines, `  note: ${summary(unused.length, acks?.base)} (--verbose lists them)`];
}

function summary(n: number, base: string | undefined): string {
  const from = base ? `the changes from base ${base}` : 'changes from another base';
  return `${n} acknowledgement(s) match no change here: they are for ${from}`;
}

/** The Markdown report's lines on the acknowledgements: one line each for stale and old ids. */
export function ackNotesMarkdown({ verdict, acks }: DiffReport): string[] {
  const out: string[] = [];
  const { unused, legacy } = verdict;
  if (unused.length && acks?.fromBase)
    out.push(
      `:warning: ${unused.length} acknowledgement(s) in \`${FILE}\` match no change from their base \`${acks.base}\`: remove them (${unused.map((a) => `\`${a.id}\``).join(', ')}).`,
      '',
    );
  else if (unused.length) out.push(`${summary(unused.length, acks?.base)}.`, '');
  if (legacy.length)
    out.push(
      `${legacy.length} acknowledgement(s) use the long ids of earlier versions, still accepted: \`spec:diff --verbose\` gives the new ids.`,
      '',
    );
  return out;
}

/** What to paste under `acknowledged:` (items only, so the paste stays valid YAML), and the base to name. */
export function ackSnippet({ verdict, baseCommit, usage }: DiffReport): string[] {
  const base = baseCommit ? `\`base: ${baseCommit}\`` : '`base:` (the commit these changes are made against)';
  const marked = new Map(verdict.changes.map((c) => [c.id, c.usage]));
  // An unused change's reason can say so, with the period the usage covers: a reviewer sees what it rests on.
  const period = usage?.sources.map((u) => `${u.source} ${u.since.slice(0, 10)} to ${u.until.slice(0, 10)}`).join(', ');
  const reason = (id: string) =>
    marked.get(id)?.usage === 'unused' ? `unused by every recorded consumer (${period})` : 'why clients are safe';
  return [
    `To accept a breaking change, add it with a reason under \`acknowledged:\` in \`${FILE}\`, and set ${base} at the top of the file:`,
    '',
    '```yaml',
    ...verdict.unacknowledged.map(
      (c) => `  - id: ${JSON.stringify(c.id)}\n    reason: ${JSON.stringify(reason(c.id))}`,
    ),
    '```',
  ];
}
