// A command's options as a Markdown table, from the declaration its --help is
// made from, so the flag tables of the docs cannot drift from what the
// command accepts (`npm run readme` writes them, `-- --check` fails when stale).
import { type Command, type Options, shownDefault, synopsisOf } from './command.js';

/** `|` would end a cell, a line break the row. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const row = (cells: string[]) => `|${cells.map((c) => (c ? ` ${c} ` : ' ')).join('|')}|`;

/** What the value accepts and whether it repeats, as the usage text says it. */
function accepts(o: Options[string]): string {
  if (o.kind === 'flag') return '';
  const notes = [o.parse.allowed, o.mode === 'repeated' ? 'repeatable' : undefined].filter(Boolean);
  return notes.length ? ` (${notes.join('; ')})` : '';
}

/** The synopsis (and the installed bin's, when it has one), then a row per option and --help. */
export function flagTable<O extends Options>(command: Command<O>): string {
  const npm = synopsisOf(command, false);
  const bin = command.bin ? `; installed: \`${synopsisOf(command, true)}\`` : '';
  const rows = ['| Flag | Argument | Default | What it does |', '|---|---|---|---|'];
  if (command.positionals) {
    const { label, description } = command.positionals;
    rows.push(row([cell(label), '', '', cell(description)]));
  }
  for (const [name, o] of Object.entries(command.options)) {
    const arg = o.kind === 'value' ? `\`${o.arg}\`` : '';
    const shown = shownDefault(o);
    const fallback = o.kind === 'value' && o.required ? 'required' : '';
    const def = shown === undefined ? fallback : `\`${shown}\``;
    rows.push(row([`\`--${name}\``, arg, def, cell(o.description + accepts(o))]));
  }
  rows.push(row(['`--help`', '', '', 'show the usage and exit 0']));
  return [`Usage: \`${npm}\`${bin}`, '', ...rows].join('\n');
}
