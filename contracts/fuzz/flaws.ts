// What makes a generated request invalid: one flaw applied to a valid one. A
// field of the wrong type, out of its bounds, not one of its values or left
// out; a query parameter out of its bounds; the platform header missing or
// wrong. Read from the operation's own schemas.
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { outsideEnum, outsideNumbers } from '../../spec/valid-body.js';
import { isProtected } from './safety.js';

export type Flaw =
  | { kind: 'platform'; value: string | null; label: string }
  | { kind: 'query'; name: string; value: string; label: string }
  | { kind: 'missing'; field: string; label: string }
  | { kind: 'set'; field: string; value: unknown; label: string };

/** A value's JSON type as schemas name it (`integer` for whole numbers). */
export const jsonType = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/** The JSON types a schema allows; undefined when it cannot tell (then no wrong type is tried). */
export function allowedTypes(s: JsonSchema): Set<string> | undefined {
  const alts = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (alts) {
    const sets = alts.map(allowedTypes);
    return sets.every((x) => x) ? new Set(sets.flatMap((x) => [...x!])) : undefined;
  }
  if ('const' in s) return new Set([jsonType(s.const)]);
  if (s.type === undefined) return undefined;
  const set = new Set((Array.isArray(s.type) ? s.type : [s.type]) as string[]);
  if (set.has('number')) set.add('integer');
  return set;
}

// A wrong value for an identifier is never a number or a boolean: a lenient server could read
// `true` or `1.5` as record 1, and then a wrongly accepted request would name a real record.
const WRONG: unknown[] = ['not-a-number', 12345, true, {}, [], 1.5];
const shown = (v: unknown) => JSON.stringify(v);

function wrongTypes(key: string, s: JsonSchema, identifier: boolean): Flaw[] {
  const allowed = allowedTypes(s);
  if (!allowed) return [];
  return WRONG.filter((v) => !allowed.has(jsonType(v)))
    .filter((v) => !identifier || (typeof v !== 'number' && typeof v !== 'boolean'))
    .map((value) => ({ kind: 'set', field: key, value, label: `"${key}": ${shown(value)} (of the wrong type)` }));
}

/** Values just past the schema's bounds, outside its enum, or not of its format. */
export function outOfBounds(s: JsonSchema): Array<{ value: unknown; why: string }> {
  const out: Array<{ value: unknown; why: string }> = [];
  const n = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const [min, max, minLength, maxLength] = [n('minimum'), n('maximum'), n('minLength'), n('maxLength')];
  if (min !== undefined) out.push({ value: min - 1, why: `below its minimum ${min}` });
  if (max !== undefined) out.push({ value: max + 1, why: `above its maximum ${max}` });
  if (minLength) out.push({ value: 'x'.repeat(minLength - 1), why: `shorter than its minLength ${minLength}` });
  if (maxLength !== undefined)
    out.push({ value: 'x'.repeat(maxLength + 1), why: `longer than its maxLength ${maxLength}` });
  if (Array.isArray(s.enum)) {
    const listed = s.enum as unknown[];
    const value = typeof listed[0] === 'string' ? outsideEnum(listed, 'not-a-listed-value') : outsideNumbers(listed);
    out.push({ value, why: 'not one of its values' });
  }
  if (s.format === 'email') out.push({ value: 'not-an-email', why: 'not an email address' });
  return out;
}

function bodyFlaws(op: OperationEntry): Flaw[] {
  if (op.method === 'get' || !op.requestBody) return [];
  const shape = foldAllOf(op.requestBody.schema);
  const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
  const required = ((shape.required as string[] | undefined) ?? []).filter((k) => !isProtected(op, k));
  const flaws: Flaw[] = required.map((field) => ({ kind: 'missing', field, label: `without required "${field}"` }));
  for (const [key, s] of Object.entries(properties)) {
    const guard = isProtected(op, key);
    if (guard === 'untouched') continue;
    flaws.push(...wrongTypes(key, s, guard === 'present'));
    for (const { value, why } of outOfBounds(s))
      flaws.push({ kind: 'set', field: key, value, label: `"${key}": ${shown(value).slice(0, 40)} (${why})` });
  }
  return flaws;
}

function queryFlaws(op: OperationEntry): Flaw[] {
  const flaws: Flaw[] = [];
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    const bad = [
      ...outOfBounds(p.schema),
      ...(p.schema.type === 'integer' ? [{ value: 'x', why: 'not a number' }] : []),
    ];
    for (const { value, why } of bad)
      flaws.push({ kind: 'query', name: p.name, value: String(value), label: `?${p.name}=${value} (${why})` });
  }
  return flaws;
}

/** Every flaw the operation's schemas allow; the platform header's when the spec refuses a request without
 *  one (x-platform-refusal.refused; served, such a request is not invalid). */
export function flawsOf(op: OperationEntry, platforms: readonly string[], platformRefused = true): Flaw[] {
  const platformFlaws: Flaw[] = [
    { kind: 'platform', value: null, label: 'without the platform header' },
    // Computed from the values the spec has now: one a team adds is never sent as wrong.
    ...[outsideEnum(platforms, 'WINDOWS'), platforms[0]?.toLowerCase() ?? 'web']
      .filter((v) => !platforms.includes(v))
      .map((value): Flaw => ({ kind: 'platform', value, label: `platform "${value}" (not one of its values)` })),
  ];
  return [...bodyFlaws(op), ...queryFlaws(op), ...(platformRefused ? platformFlaws : [])];
}

const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The request with its flaw; the body is copied, never changed in place. */
export function applyFlaw<C extends { body?: unknown; query: Record<string, string>; platform: string | null }>(
  c: C,
  flaw: Flaw,
): C {
  const body = { ...(c.body as Record<string, unknown>) };
  switch (flaw.kind) {
    case 'platform':
      return { ...c, platform: flaw.value };
    case 'query':
      // The body's value wins over the query's where both are sent (the spec's PageQuery: Laravel reads the
      // input, body first), so a flawed query parameter goes without its body twin: the flaw is what is read.
      delete body[flaw.name];
      return { ...c, ...(isObject(c.body) ? { body } : {}), query: { ...c.query, [flaw.name]: flaw.value } };
    case 'missing':
      delete body[flaw.field];
      return { ...c, body };
    case 'set':
      body[flaw.field] = flaw.value;
      return { ...c, body };
  }
}
