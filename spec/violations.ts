// A body's violations of its schema, in bounded memory: Ajv with allErrors
// makes an object per violation, and a 10 MB body can hold millions (it ran a
// run out of memory at ~5 GB). Every body is judged whole by a validator that
// stops at the first violation; every violation is listed only for a body of at
// most LISTED_VALUES values; a larger one has them listed from a sample (each
// array cut to its first SAMPLED_ITEMS items), with the whole body's first.
import type { ErrorObject, ValidateFunction } from 'ajv';

/** Values (array items and object members) up to which a body's violations are all listed. */
export const LISTED_VALUES = 20_000;
/** Items of each array a larger body's violations are listed from. */
export const SAMPLED_ITEMS = 50;
/** Keywords about an array's length or contents as a whole: a sample cut its arrays, so it cannot judge them. */
const WHOLE_ARRAY = new Set(['minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains']);

export interface Found {
  errors: ErrorObject[];
  /** Listed from a sample: more may follow. */
  sampled: boolean;
}

const TOO_LARGE = Symbol('too large');

/** Whether the body holds more than `limit` values, counted without recursion and stopping early
 *  (members are enumerated lazily: Object.values of a million members costs a second). */
export function moreValuesThan(body: unknown, limit: number): boolean {
  const stack: unknown[] = [body];
  let n = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (Array.isArray(v)) {
      n += v.length;
      if (n > limit) return true;
      for (const x of v) if (x !== null && typeof x === 'object') stack.push(x);
      continue;
    }
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (++n > limit) return true;
      const x = (v as Record<string, unknown>)[k];
      if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
  return false;
}

/** A copy of the body with each array cut to its first SAMPLED_ITEMS items, or TOO_LARGE when that is still
 *  more than LISTED_VALUES values (an object of a million members) or nested past any validator's reach. */
function sampleOf(body: unknown): unknown {
  let left = LISTED_VALUES;
  const cut = (v: unknown, depth: number): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (depth > 1024) throw TOO_LARGE;
    if (Array.isArray(v)) {
      const n = Math.min(v.length, SAMPLED_ITEMS);
      left -= n;
      if (left < 0) throw TOO_LARGE;
      return Array.from({ length: n }, (_, i) => cut(v[i], depth + 1));
    }
    const out: Record<string, unknown> = {};
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      if (--left < 0) throw TOO_LARGE;
      const value = cut((v as Record<string, unknown>)[k], depth + 1);
      // Defined, not assigned: a member named __proto__ stays a member.
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  try {
    return cut(body, 0);
  } catch (err) {
    if (err === TOO_LARGE) return TOO_LARGE;
    throw err;
  }
}

const same = (a: ErrorObject, b: ErrorObject) =>
  a.instancePath === b.instancePath && a.keyword === b.keyword && a.schemaPath === b.schemaPath;

/** The body's violations: none when valid; all of them for a body of up to LISTED_VALUES values; else
 *  those of a sample, with the first violation of the whole body in front. */
export function violations(firstOnly: ValidateFunction, every: () => ValidateFunction, body: unknown): Found {
  if (firstOnly(body)) return { errors: [], sampled: false };
  const first = [...(firstOnly.errors ?? [])];
  if (!moreValuesThan(body, LISTED_VALUES)) {
    const all = every();
    all(body);
    return { errors: all.errors?.length ? [...all.errors] : first, sampled: false };
  }
  const sample = sampleOf(body);
  if (sample === TOO_LARGE) return { errors: first, sampled: true };
  const all = every();
  all(sample);
  const listed = (all.errors ?? []).filter((e) => !WHOLE_ARRAY.has(e.keyword));
  const head = first.filter((e) => !listed.some((l) => same(l, e)));
  return { errors: [...head, ...listed], sampled: true };
}
