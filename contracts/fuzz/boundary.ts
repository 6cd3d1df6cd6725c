// The boundary phase of --fuzz, sent before anything random (as Schemathesis's
// coverage phase is): for every field of an operation's request (its body's
// properties, its query parameters, the platform header), the values that break
// real backends, read from the field's schema. A string gets a LIKE wildcard, a
// quote, a NUL, a backslash, an emoji, 256 and 255 characters, a right-to-left
// mark, whitespace only and nothing; an integer 2^31, 0, -1, one past each of its
// bounds, 2^53 and its bounds; an enum one value outside it. Random generation
// reaches these only by luck: `--fuzz 30` never sent `%` as a keyword, which an
// unescaped SQL LIKE answers with a 500.
//
// Each case is a minimal request (the required fields, from the account's hints
// or the spec's example) with one field set. A value its own schema accepts makes
// a valid case, sent only where valid requests may go (safety.ts); one it refuses
// makes an invalid case, built on the harmless base the flaws use.
import { createAjv, withFiniteNumbers } from '../../spec/ajv.js';
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { outsideEnum, outsideNumbers } from '../../spec/valid-body.js';
import type { Hints } from './arbitraries.js';
import type { CaseContext, FuzzCase } from './cases.js';
import { applyFlaw, type Flaw } from './flaws.js';
import { harmless, keptHarmless } from './safety.js';

interface Value {
  value: unknown;
  /** How a report names it (a NUL or a right-to-left mark does not show). */
  shown: string;
}

/** Most telling first: a budget smaller than the phase sends the first of every field before the next of any. */
const STRINGS: readonly Value[] = [
  { value: '%', shown: '"%"' },
  { value: "'", shown: `"'"` },
  { value: '\u0000', shown: 'a NUL (U+0000)' },
  { value: '_', shown: '"_"' },
  { value: '\\', shown: 'a backslash' },
  { value: '"', shown: 'a double quote' },
  { value: '😀', shown: 'an emoji (U+1F600)' },
  { value: 'x'.repeat(256), shown: '256 characters' },
  { value: 'x'.repeat(255), shown: '255 characters' },
  { value: '\u200f', shown: 'a right-to-left mark (U+200F)' },
  { value: '   ', shown: 'whitespace only' },
  { value: '', shown: 'an empty string' },
];

const OUTSIDE = 'not-a-listed-value';

function integers(s: JsonSchema): Value[] {
  const n = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const [min, max] = [n('minimum'), n('maximum')];
  const all = [
    2 ** 31,
    0,
    -1,
    max === undefined ? undefined : max + 1,
    min === undefined ? undefined : min - 1,
    2 ** 53,
    max,
    min,
  ];
  const values = [...new Set(all.filter((v): v is number => v !== undefined))];
  return values.map((value) => ({ value, shown: String(value) }));
}

/** The alternatives a value may take (a oneOf/anyOf's, or the schema itself). */
const alternatives = (s: JsonSchema): JsonSchema[] =>
  ((s.oneOf ?? s.anyOf) as JsonSchema[] | undefined)?.flatMap((a) => alternatives(foldAllOf(a))) ?? [s];

/** The boundary values of a scalar field, most telling first; none for an object, an array or a boolean. */
export function boundaryValues(schema: JsonSchema): Value[] {
  const alts = alternatives(foldAllOf(schema));
  const listed = alts.flatMap((a) => (Array.isArray(a.enum) ? (a.enum as unknown[]) : 'const' in a ? [a.const] : []));
  const free = new Set(
    alts.filter((a) => !Array.isArray(a.enum) && !('const' in a)).flatMap((a) => [a.type ?? []].flat() as string[]),
  );
  if (free.has('string')) return [...STRINGS];
  const bounded = alts.find((a) => [a.type].flat().some((t) => t === 'integer' || t === 'number'));
  if (free.has('integer') || free.has('number')) return integers(bounded ?? {});
  if (!listed.length) return [];
  // Computed from the values listed now: one a team adds is never the one sent as outside.
  const value = listed.some((v) => typeof v === 'string') ? outsideEnum(listed, OUTSIDE) : outsideNumbers(listed);
  return [{ value, shown: JSON.stringify(value) }];
}

const ajv = createAjv({ allErrors: true });
const compiled = new WeakMap<JsonSchema, (v: unknown) => string | undefined>();

/** Why the schema refuses the value, or undefined when it accepts it; judged as the mock judges (a whole number
 *  past 2^53 is no integer: spec/ajv.ts). */
export function refusal(schema: JsonSchema, value: unknown): string | undefined {
  let judge = compiled.get(schema);
  if (!judge) {
    const validate = withFiniteNumbers(ajv.compile(schema), schema);
    judge = (v) => {
      if (validate(v)) return undefined;
      const errors = validate.errors ?? [];
      const first = (k: string) => errors.find((e) => e.keyword === k)?.params as Record<string, unknown> | undefined;
      if (first('maximum')) return `above its maximum ${first('maximum')!.limit}`;
      if (first('minimum')) return `below its minimum ${first('minimum')!.limit}`;
      if (first('maxLength')) return `longer than its maxLength ${first('maxLength')!.limit}`;
      if (first('minLength')) return `shorter than its minLength ${first('minLength')!.limit}`;
      if (first('format')) return `not of its format ${first('format')!.format}`;
      if (errors.some((e) => ['enum', 'const', 'anyOf', 'oneOf'].includes(e.keyword))) return 'not one of its values';
      if (Number.isInteger(v) && !Number.isSafeInteger(v)) return 'past the integers a backend holds exactly';
      return 'outside its schema';
    };
    compiled.set(schema, judge);
  }
  return judge(value);
}

/** A value for a required field the case does not vary: the account's, the spec's example's, or a plain one. */
function plain(s: JsonSchema): unknown {
  const [first] = alternatives(foldAllOf(s));
  if (!first) return null;
  if ('const' in first) return first.const;
  if (Array.isArray(first.enum)) return first.enum[0];
  const type = [first.type ?? 'object'].flat()[0];
  if (type === 'string') return 'contract'.padEnd(typeof first.minLength === 'number' ? first.minLength : 0, 'x');
  if (type === 'integer' || type === 'number') return typeof first.minimum === 'number' ? first.minimum : 1;
  return type === 'boolean' ? true : type === 'array' ? [] : type === 'null' ? null : {};
}

export interface BoundaryContext extends CaseContext {
  /** Valid cases may be sent: to a read as they are; to a record of the run's own (own-records.ts), with
   *  its fixed fields set and never varied. Undefined: valid cases are not sent. */
  valid?: { overrides: Record<string, unknown> };
  /** Whether a whole request body fits its schema (the check's Ajv). */
  isValid: (body: unknown) => boolean;
}

type Field =
  | { where: 'body'; name: string; schema: JsonSchema }
  | { where: 'query'; name: string; schema: JsonSchema }
  | { where: 'platform' };

function fieldsOf(op: OperationEntry, platformRefused: boolean): Field[] {
  const body = op.method === 'get' || !op.requestBody ? {} : foldAllOf(op.requestBody.schema);
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>;
  return [
    ...Object.entries(properties).map(([name, schema]): Field => ({ where: 'body', name, schema })),
    ...op.parameters
      .filter((p) => p.in === 'query')
      .map((p): Field => ({ where: 'query', name: p.name, schema: p.schema })),
    // Served when the spec does not refuse it (x-platform-refusal), a platform outside the list is no flaw.
    ...(platformRefused ? [{ where: 'platform' } as const] : []),
  ];
}

/** The minimal valid body: the required fields, or (for a record of the run's own) the spec's example. */
function baseOf(op: OperationEntry, ctx: BoundaryContext): Record<string, unknown> | undefined {
  if (op.method === 'get') return undefined;
  if (!op.requestBody) return {};
  const example = (op.requestBody.examples[0] ?? {}) as Record<string, unknown>;
  const overrides = ctx.valid?.overrides ?? {};
  if (Object.keys(overrides).length) return { ...structuredClone(example), ...overrides };
  const shape = foldAllOf(op.requestBody.schema);
  const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
  const required = ((shape.required as string[] | undefined) ?? []).filter((k) => k in properties);
  return Object.fromEntries(
    required.map((k) => [k, firstHint(ctx.hints, k) ?? (k in example ? example[k] : plain(properties[k]!))]),
  );
}

const firstHint = (hints: Hints, key: string) => hints[key]?.[0];

interface Planned {
  rank: number;
  order: number;
  c: FuzzCase;
}

/** The boundary cases of an operation, valid and invalid, each list most telling first. */
export function boundaryCases(op: OperationEntry, ctx: BoundaryContext): { valid: FuzzCase[]; invalid: FuzzCase[] } {
  const base = baseOf(op, ctx);
  const platform = ctx.platforms[0]!;
  const validBase = ctx.valid !== undefined && ctx.isValid(base);
  const valid: Planned[] = [];
  const invalid: Planned[] = [];
  for (const [order, field] of fieldsOf(op, ctx.platformRefused ?? true).entries()) {
    const values =
      field.where === 'platform'
        ? [{ value: OUTSIDE, shown: JSON.stringify(OUTSIDE) }]
        : boundaryValues(field.schema).map((v) => (field.where === 'query' ? { ...v, value: String(v.value) } : v));
    for (const [rank, { value, shown }] of values.entries()) {
      const why = whyRefused(field, value, ctx.platforms);
      if (why === undefined) {
        if (!validBase || (field.where === 'body' && field.name in (ctx.valid?.overrides ?? {}))) continue;
        const c = validOne(field, value, shown, base, platform);
        if (c.body === undefined || ctx.isValid(c.body)) valid.push({ rank, order, c });
      } else if (field.where === 'platform' || !keptHarmless(op, field.name)) {
        invalid.push({
          rank,
          order,
          c: invalidOne(field, value, `${labelOf(field, shown)} (${why})`, harmlessBase(op, base), platform),
        });
      }
    }
  }
  const ordered = (xs: Planned[]) => xs.sort((a, b) => a.rank - b.rank || a.order - b.order).map((x) => x.c);
  return { valid: ordered(valid), invalid: ordered(invalid) };
}

function whyRefused(field: Field, value: unknown, platforms: readonly string[]): string | undefined {
  if (field.where === 'platform') return platforms.includes(String(value)) ? undefined : 'not one of its values';
  if (field.where === 'body') return refusal(field.schema, value);
  // A query parameter is text on the wire: judged as the number it stands for when the schema wants one.
  const type = [field.schema.type].flat()[0];
  const numeric = type === 'integer' || type === 'number';
  return refusal(field.schema, numeric ? Number(value) : value);
}

const labelOf = (field: Field, shown: string) =>
  field.where === 'body'
    ? `"${field.name}": ${shown}`
    : field.where === 'query'
      ? `?${field.name}=${shown}`
      : `platform ${shown}`;

const harmlessBase = (op: OperationEntry, base: Record<string, unknown> | undefined) =>
  harmless(op, base === undefined ? undefined : structuredClone(base)) as Record<string, unknown> | undefined;

function validOne(
  field: Field,
  value: unknown,
  shown: string,
  base: Record<string, unknown> | undefined,
  platform: string,
): FuzzCase {
  const boundary = labelOf(field, shown);
  if (field.where === 'body') return { body: { ...base, [field.name]: value }, query: {}, platform, boundary };
  if (field.where === 'query') return { body: base, query: { [field.name]: String(value) }, platform, boundary };
  return { body: base, query: {}, platform: String(value), boundary };
}

function invalidOne(
  field: Field,
  value: unknown,
  label: string,
  base: Record<string, unknown> | undefined,
  platform: string,
): FuzzCase {
  const flaw: Flaw =
    field.where === 'body'
      ? { kind: 'set', field: field.name, value, label }
      : field.where === 'query'
        ? { kind: 'query', name: field.name, value: String(value), label }
        : { kind: 'platform', value: String(value), label };
  return { ...applyFlaw({ body: base, query: {}, platform }, flaw), flaw };
}
