// One finding as the text reporters (human, JUnit, HTML) write it, and the
// exchange a failed check is shown with. Each fact is said once: a message
// that already states what was expected and what came is not followed by
// "expected A, got B" again.
import type { CheckResult, Finding } from '../types.js';

const said = (message: string, value: string) =>
  value !== '' && new RegExp(`(^|[^\\w.])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w])`).test(message);

/** Whether the message already says both what was expected and what came (then they are not repeated). */
export const restates = (f: Finding): boolean =>
  f.expected !== undefined && f.actual !== undefined && said(f.message, f.expected) && said(f.message, f.actual);

/** What an observation rests on, as a reader meets it: the spec's x-assumed node, or a rule outside the spec. */
export function assumptionLabel(f: Finding): string | undefined {
  if (f.severity !== 'observation') return undefined;
  if (!f.assumption) return 'x-assumed';
  return f.assumption.startsWith('http:') ? `outside the spec: ${f.assumption}` : `x-assumed: ${f.assumption}`;
}

/** `message at /pointer; expected A, got B [x-assumed: /pointer]`: an observation says what it rests on. */
export function findingLine(f: Finding): string {
  const facts = restates(f)
    ? ''
    : `${f.expected !== undefined ? `; expected ${f.expected}` : ''}${f.actual !== undefined ? `, got ${f.actual}` : ''}`;
  const label = assumptionLabel(f);
  return `${f.message}${f.at ? ` at ${f.at}` : ''}${facts}${label ? ` [${label}]` : ''}`;
}

/** A failed check is shown with the exchange of its first error that has one. */
export const shownExchange = (r: CheckResult) =>
  r.verdict === 'fail' ? r.problems.find((p) => p.reproduce && p.severity === 'error')?.reproduce : undefined;
