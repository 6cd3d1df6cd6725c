// One finding as the text reporters (human, JUnit, HTML) write it, and the
// exchange a failed check is shown with. Each fact is said once: a message
// that already states the place, what was expected or what came is not
// followed by it again (a schema finding read `... /data/data/*/created_at:
// must match pattern "^...$" (at 20 places: /data/data/0/created_at, ...) at
// /data/data/0/created_at; expected pattern ^...$, got "..."`).
import type { CheckResult, Finding } from '../types.js';

const said = (message: string, value: string) =>
  value !== '' && new RegExp(`(^|[^\\w.])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`).test(message);

/** A value without the word the validator puts before it (`pattern ^...$`, `type integer`) and its quotes:
 *  the message says `must match pattern "^...$"`, `must be integer`. */
const bare = (value: string) => value.replace(/^(?:pattern|type|format) /, '').replace(/^"(.*)"$/s, '$1');

const mentions = (message: string, value: string) => said(message, value) || said(message, bare(value));

/** The facts of a finding its message does not already say: the place, what was expected, what came. */
export function unsaid(f: Pick<Finding, 'message' | 'at' | 'expected' | 'actual'>): {
  at?: string;
  expected?: string;
  actual?: string;
} {
  return {
    ...(f.at && !said(f.message, f.at) ? { at: f.at } : {}),
    ...(f.expected !== undefined && !mentions(f.message, f.expected) ? { expected: f.expected } : {}),
    ...(f.actual !== undefined && !said(f.message, f.actual) ? { actual: f.actual } : {}),
  };
}

/** What an observation rests on, as a reader meets it: the spec's x-assumed node, or a rule outside the spec. */
export function assumptionLabel(f: Finding): string | undefined {
  if (f.severity !== 'observation') return undefined;
  if (!f.assumption) return 'x-assumed';
  return f.assumption.startsWith('http:') ? `outside the spec: ${f.assumption}` : `x-assumed: ${f.assumption}`;
}

/** `message at /pointer; expected A, got B [x-assumed: /pointer]`: an observation says what it rests on. */
export function findingLine(f: Finding): string {
  const { at } = unsaid(f);
  const label = assumptionLabel(f);
  return `${f.message}${at ? ` at ${at}` : ''}${factsText(f)}${label ? ` [${label}]` : ''}`;
}

/** `; expected A, got B` of what the message does not say (`; got B`, or nothing); `wrap` marks each value up. */
export function factsText(
  f: Pick<Finding, 'message' | 'expected' | 'actual'>,
  wrap: (value: string) => string = (v) => v,
): string {
  const { expected, actual } = unsaid(f);
  const facts = [
    ...(expected !== undefined ? [`expected ${wrap(expected)}`] : []),
    ...(actual !== undefined ? [`got ${wrap(actual)}`] : []),
  ].join(', ');
  return facts ? `; ${facts}` : '';
}

/** A failed check is shown with the exchange of its first error that has one. */
export const shownExchange = (r: CheckResult) =>
  r.verdict === 'fail' ? r.problems.find((p) => p.reproduce && p.severity === 'error')?.reproduce : undefined;
