// What makes two findings one defect, and the findings of a check that another
// check of the run reported already. One defect of an answer's shape (a
// `created_at` without microseconds on client/list) is met by every check that
// reads that answer; it is one failed check, the first's, and a note on each
// later one. CheckRun judges a check's findings through splitRepeats; the
// Session keeps which check reported each key first.
import { anyIndex, type Finding } from './types.js';

/** Keywords of the exchange validator's findings that are not of the answer's shape: a status or an operation
 *  the spec lacks says what one request did, and two requests answered alike may be two defects; the count of
 *  violations a large body held past those listed may hide others than another answer's. */
const OF_THE_REQUEST = new Set(['status', 'operation', 'truncated']);

/** Whether a finding is of an answer's shape (its schema, its content type, its size), which is the same defect
 *  whichever request showed it: a `created_at` without microseconds in client/list is one defect, found by
 *  every check that reads client/list, and counted once, by the check that found it first. */
export const ofTheAnswer = (f: Finding): boolean => f.keyword !== undefined && !OF_THE_REQUEST.has(f.keyword);

// Where an answer's shape is broken and which rule, in a few words: `listClients 200 /data/data/*/created_at
// (pattern)`, any array index as `*`.
const placeOf = (f: Finding): string =>
  `${f.operationId ?? ''} ${f.status ?? ''} ${anyIndex(f.at) || '(body)'} (${f.keyword})`;

/** What makes two findings the same defect. Of an answer's shape: the operation, the status, the place with
 *  any array index (item 0 of one page, items 0 to 19 of another), what the spec expects there, the JSON type
 *  of what came, and what the finding rests on (a fact, or the assumption it was judged against: a fact's
 *  error is never folded into another check's observation). Otherwise the operation and the message,
 *  whatever the numbers in it. */
export const findingKey = (f: Finding): string =>
  ofTheAnswer(f)
    ? `${f.operationId ?? ''} ${f.status ?? ''} ${anyIndex(f.at)} ${f.keyword} ${f.expected ?? ''} ${jsonType(f.actual)} ${f.assumption ?? 'fact'}`
    : `${f.operationId ?? ''} ${f.message.replace(/\d+/g, '#')}`;

/** The JSON type of a value as the validator shows it (`"12"`, `null`, `1.5`, `{...}`): `total` given as a text on
 *  every page and as null for one request are two defects. */
function jsonType(shown: string | undefined): string {
  const first = shown?.trimStart()[0];
  if (first === undefined) return '';
  if (first === '"') return 'string';
  if (first === '[') return 'array';
  if (first === '{') return 'object';
  if (/^(true|false)\b/.test(shown!.trimStart())) return 'boolean';
  if (/^null\b/.test(shown!.trimStart())) return 'null';
  return /^[-\d]/.test(first) ? 'number' : 'other';
}

/** A check's findings split into its own and the notes on those of an answer's shape that another check
 *  reported first (`reportedBy`, by findingKey): the same defect, counted by that check and said here. */
export function splitRepeats(
  found: Finding[],
  checkId: string,
  reportedBy: (key: string) => string | undefined,
): { own: Finding[]; notes: string[] } {
  const own: Finding[] = [];
  const by = new Map<string, Finding[]>();
  for (const f of found) {
    const first = ofTheAnswer(f) ? reportedBy(findingKey(f)) : undefined;
    if (first === undefined || first === checkId) own.push(f);
    else by.set(first, [...(by.get(first) ?? []), f]);
  }
  const notes = [...by].map(
    ([check, fs]) => `the same defect as ${check} reports, counted there: ${[...new Set(fs.map(placeOf))].join('; ')}`,
  );
  return { own, notes };
}
