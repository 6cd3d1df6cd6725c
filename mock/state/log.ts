// The state file's log, `<state file>.log`: one line per write, appended and
// synced before the answers it acknowledges, so a write costs the size of its
// change. A line is `{"n":<number>,"c":[<change>,...]}` and a change one of
//   [collection, key, value]   the record at key is now value
//   [collection, key]          the record at key is gone
//   ["outbox", null, message]  a mail was sent
// Lines are numbered on from the base's `n`; lines at or below it are stale (a
// crash between compaction and emptying the log) and skipped. A last line
// without its newline, or that does not parse, was torn by a crash mid-append
// and never acknowledged: it is dropped. Any other bad line refuses the start.
import { COLLECTIONS, type Collection, type Entry, type Key } from '../store/changes.js';
import { StateFileError } from './errors.js';
import { label as labelOf, type Records } from './records.js';

export const logPathOf = (statePath: string) => `${statePath}.log`;

export function encodeLine(n: number, entries: Entry[]): string {
  return `${JSON.stringify({ n, c: entries })}\n`;
}

export interface ParsedLog {
  /** The lines past the base, in order, with their place in the file. */
  lines: Array<{ line: number; entries: unknown[] }>;
  /** The number of the last line (the base's n if none is past it). */
  last: number;
  /** Bytes of whole lines: the log is cut back to this when its tail was torn. */
  goodBytes: number;
}

const isLine = (x: unknown): x is { n: number; c: unknown[] } =>
  typeof x === 'object' &&
  x !== null &&
  Number.isSafeInteger((x as { n?: unknown }).n) &&
  Array.isArray((x as { c?: unknown }).c);

export function parseLog(buffer: Buffer, path: string, baseN: number): ParsedLog {
  const out: ParsedLog = { lines: [], last: baseN, goodBytes: 0 };
  let at = 0;
  for (let line = 1; at < buffer.length; line++) {
    const end = buffer.indexOf(10, at);
    if (end < 0) break; // no newline: torn
    let parsed: unknown;
    try {
      parsed = JSON.parse(buffer.toString('utf8', at, end));
    } catch (err) {
      if (end + 1 >= buffer.length) break; // the last line: torn
      throw new StateFileError(path, `line ${line}: is not valid JSON (${(err as Error).message})`);
    }
    if (!isLine(parsed))
      throw new StateFileError(path, `line ${line}: is not a log line ({"n": number, "c": [changes]})`);
    if (parsed.n > baseN) {
      if (parsed.n !== out.last + 1)
        throw new StateFileError(path, `line ${line}: is change ${parsed.n}, but change ${out.last + 1} is missing`);
      out.last = parsed.n;
      out.lines.push({ line, entries: parsed.c });
    }
    at = end + 1;
    out.goodBytes = at;
  }
  return out;
}

const STRING_KEYED = new Set<Collection>(['sessions', 'resetTokens']);

function keyFits(collection: Collection, key: unknown): key is Key {
  return STRING_KEYED.has(collection) ? typeof key === 'string' : Number.isSafeInteger(key);
}

/** Checks a value a line sets against its collection's schema; the first error, if any. */
export type ValueCheck = (collection: Collection | 'outbox', value: unknown) => string | undefined;

/** Lays the lines over the records, in order; a change the mock never makes, or a value its schema refuses, stops it. */
export function applyLog(records: Records, log: ParsedLog, path: string, check: ValueCheck): void {
  for (const { line, entries } of log.lines) {
    entries.forEach((entry, i) => {
      const where = `line ${line}`;
      const bad = () =>
        new StateFileError(
          path,
          `${where}: change ${i + 1} is not one the mock makes (${JSON.stringify(entry)?.slice(0, 80)})`,
        );
      if (!Array.isArray(entry)) throw bad();
      const [collection, key, value] = entry as [unknown, unknown, unknown];
      if (collection === 'outbox' && key === null && entry.length === 3) {
        const problem = check('outbox', value);
        if (problem) throw new StateFileError(path, `${where} (a mail): ${problem}`);
        records.outbox.push(value as Records['outbox'][number]);
        return;
      }
      const c = collection as Collection;
      if (!COLLECTIONS.includes(c) || !keyFits(c, key) || entry.length < 2 || entry.length > 3) throw bad();
      if (entry.length === 2) {
        records[c].delete(key);
        return;
      }
      const problem = check(c, value);
      if (problem) throw new StateFileError(path, `${where} (${labelOf(c, key)}): ${problem}`);
      records[c].set(key, { value, file: path, where });
    });
  }
}
