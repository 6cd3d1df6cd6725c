// One finding as the text reporters (human, JUnit) write it, and the exchange
// a failed check is shown with.
import type { CheckResult, Finding } from '../types.js';

/** `message at /pointer; expected A, got B [x-assumed]`: an observation rests on an x-assumed part of the spec. */
export const findingLine = (f: Finding): string =>
  `${f.message}${f.at ? ` at ${f.at}` : ''}${f.expected !== undefined ? `; expected ${f.expected}` : ''}${f.actual !== undefined ? `, got ${f.actual}` : ''}${f.severity === 'observation' ? ' [x-assumed]' : ''}`;

/** A failed check is shown with the exchange of its first error that has one. */
export const shownExchange = (r: CheckResult) =>
  r.verdict === 'fail' ? r.problems.find((p) => p.reproduce && p.severity === 'error')?.reproduce : undefined;
