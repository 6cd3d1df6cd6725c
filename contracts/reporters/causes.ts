// Repeated causes, grouped: one finding seen on many checks ("405 without an
// Allow header" on 26 operations) is one cause with the list of what it
// touched, so a reviewer reads causes, not a wall of rows. The same cause is
// the same message once the operation's name, its path and the ids in it are
// taken out (a request's method and path too), with the same keyword, severity
// and assumption; the indices into arrays in a pointer are taken out too
// (`/data/data/0/id` and `/data/data/3/id` are one cause, with its first
// places kept). The expectation is not part of it: it often names the
// operation's own values (`Allow: POST`).
// One pure function over the results; every reporter shows its causes, and
// the per-check verdicts stay as they are.
import { counted } from '../../lib/words.js';
import { anyIndex, type CheckResult, type Finding } from '../types.js';

export interface Cause {
  /** The message with the operation taken out (`<operation>`, `<path>`, `<id>`). */
  message: string;
  keyword?: string;
  severity: Finding['severity'];
  assumption?: string;
  /** The findings of this cause, across checks. */
  count: number;
  /** The checks it touched, in report order. */
  checks: string[];
  /** The operations it touched, in report order. */
  operations: string[];
  /** The first places (JSON pointers) it was met at, when its findings name different ones. */
  places?: string[];
}

/** Places a cause keeps. */
const PLACES = 3;

/** Causes shown as one: a cause on fewer checks is shown as its checks are. */
export const GROUPED_FROM = 2;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The message of a finding with what names its operation taken out. */
export function causeMessage(f: Finding, operationId?: string): string {
  let m = f.message;
  for (const id of new Set([f.operationId, operationId].filter((x): x is string => !!x)))
    m = m.replace(new RegExp(`\\b${escapeRegExp(id)}\\b`, 'g'), '<operation>');
  return m
    .replace(/ \(at \d+ places: [^)]*\)/g, '')
    .replace(/\b(?:GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) \/[^\s"'`,;]*/g, '<method> <path>')
    .replace(/(?:https?:\/\/[^\s"'`]+)?\/api\/v\d+(?:\/[\w{}:.~%-]+)+/g, '<path>')
    .replace(/\b(id|client|room|measurement|user)( |_id[ =:]*)\d+\b/gi, '$1$2<id>')
    .replace(/(^|[\s(])((?:\/[\w~*-]+)+)/g, (_all, before: string, pointer: string) => `${before}${anyIndex(pointer)}`);
}

const keyOf = (c: Pick<Cause, 'message' | 'keyword' | 'severity' | 'assumption'>) =>
  JSON.stringify([c.message, c.keyword ?? '', c.severity, c.assumption ?? '']);

const headOf = (f: Finding, operationId?: string) => ({
  message: causeMessage(f, operationId),
  ...(f.keyword === undefined ? {} : { keyword: f.keyword }),
  severity: f.severity,
  ...(f.assumption === undefined ? {} : { assumption: f.assumption }),
});

/** The index in `causes` of the cause a finding of `r` belongs to, or -1. */
export function causeOf(causes: Cause[], r: CheckResult, f: Finding): number {
  const key = keyOf(headOf(f, r.operationId));
  return causes.findIndex((c) => keyOf(c) === key);
}

/** Every cause of the report's findings, the most widespread first; `min` checks at least. */
export function groupCauses(results: CheckResult[], min = GROUPED_FROM): Cause[] {
  const by = new Map<string, Cause>();
  const places = new Map<Cause, string[]>();
  for (const r of results) {
    if (r.verdict === 'pass' || r.verdict === 'skip') continue;
    for (const f of r.problems) {
      const head = headOf(f, r.operationId);
      const key = keyOf(head);
      const cause = by.get(key) ?? { ...head, count: 0, checks: [], operations: [] };
      by.set(key, cause);
      cause.count++;
      if (!cause.checks.includes(r.id)) cause.checks.push(r.id);
      const op = f.operationId ?? r.operationId;
      if (op && !cause.operations.includes(op)) cause.operations.push(op);
      if (f.at) places.set(cause, [...new Set([...(places.get(cause) ?? []), f.at])].slice(0, PLACES));
    }
  }
  for (const [cause, at] of places) if (at.length > 1) cause.places = at;
  return [...by.values()]
    .filter((c) => c.checks.length >= min)
    .sort((a, b) => b.checks.length - a.checks.length || a.message.localeCompare(b.message));
}

/** `405 without an Allow header (on 26 checks: a, b, ...)`: a cause in one line, its operations named. */
export function causeLine(c: Cause, listed = 12): string {
  const ops = c.operations.slice(0, listed).join(', ');
  const more = c.operations.length > listed ? `, and ${c.operations.length - listed} more` : '';
  const on = `${counted(c.checks.length, 'check')}${c.operations.length ? `, ${counted(c.operations.length, 'operation')}: ${ops}${more}` : ''}`;
  const at = c.places ? `; first at ${c.places.join(', ')}` : '';
  return `${c.message}${c.severity === 'observation' ? ' [x-assumed]' : ''} (on ${on}${at})`;
}
