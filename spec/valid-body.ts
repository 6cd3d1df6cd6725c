// A value a schema takes, read from the schema alone, so that whoever sends a
// request "as valid" (the contract suite, a test) follows the spec when a team
// changes it: a field made required is sent, an enum's first value stays one of
// its values, a bound moved is kept. Deterministic: the same schema gives the
// same value, so a run is repeated by its seed and a reproduction by its text.
import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv.js';
import type { JsonSchema } from './load.js';
import { foldAllOf } from './schema.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

// Not strict: a schema of any spec (one a team changed, with extensions Ajv does not know) still compiles.
const ajv = createAjv({ strict: false, allErrors: false });
// By object, then by text: a schema folded anew on each call (allOf) is compiled once, and Ajv (which keeps
// every schema it compiled) holds one copy of each.
const byObject = new WeakMap<JsonSchema, ValidateFunction | null>();
const byText = new Map<string, ValidateFunction | null>();

/** Whether the value satisfies the schema; true when the schema cannot be compiled (nothing better to go on). */
export function takes(schema: JsonSchema, value: unknown): boolean {
  let validate = byObject.get(schema);
  if (validate === undefined) {
    const text = JSON.stringify(schema);
    validate = byText.get(text);
    if (validate === undefined) {
      try {
        validate = ajv.compile(JSON.parse(text) as JsonSchema);
      } catch {
        validate = null;
      }
      byText.set(text, validate);
    }
    byObject.set(schema, validate);
  }
  return validate === null || (validate(value) as boolean);
}

/** Format-appropriate strings; reserved names (RFC 2606, RFC 5737) so that nothing real is named. */
const FORMATS: Record<string, string> = {
  email: 'contract-check@example.invalid',
  'idn-email': 'contract-check@example.invalid',
  date: '2020-01-01',
  'date-time': '2020-01-01T00:00:00Z',
  time: '00:00:00Z',
  duration: 'P1D',
  uri: 'https://example.invalid/',
  url: 'https://example.invalid/',
  'uri-reference': 'https://example.invalid/',
  iri: 'https://example.invalid/',
  hostname: 'example.invalid',
  'idn-hostname': 'example.invalid',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** Strings tried against a pattern, in order. */
const PATTERN_TRIES = ['contract-check', 'a', 'A', '0', '1', 'aaaa', '0000', ''];

const DEPTH = 8;

/**
 * A deterministic value the schema takes: its const; its example, examples or default when it takes them; its
 * first enum value; a value of its format; else a plain one of its (first non-null) type within its bounds
 * (minimum/maximum, minLength/maxLength, pattern where one of a few tries matches, minItems). allOf is folded,
 * a oneOf/anyOf gives its first branch's, an object its required properties (each with its own value).
 */
export function validValue(schema: JsonSchema | undefined, depth = 0): unknown {
  const s = foldAllOf(schema);
  if ('const' in s) return s.const;
  const shown = [
    ...('example' in s ? [s.example] : []),
    ...(Array.isArray(s.examples) ? (s.examples as unknown[]) : []),
    ...('default' in s ? [s.default] : []),
  ];
  for (const v of shown) if (takes(schema ?? {}, v)) return structuredClone(v);
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  const branch = ((s.oneOf ?? s.anyOf) as JsonSchema[] | undefined)?.[0];
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type === undefined ? [] : [s.type as string];
  const type = types.find((t) => t !== 'null') ?? types[0];
  if (type === undefined && branch) return validValue(branch, depth + 1);
  if (type === 'object' || (type === undefined && s.properties)) return depth > DEPTH ? {} : objectValue(s, depth);
  if (type === 'string') return stringValue(s);
  if (type === 'integer' || type === 'number') return numberValue(s, type === 'integer');
  if (type === 'boolean') return false;
  if (type === 'array') {
    const n = typeof s.minItems === 'number' ? s.minItems : 0;
    return depth > DEPTH ? [] : Array.from({ length: n }, () => validValue(s.items as JsonSchema, depth + 1));
  }
  if (type === 'null') return null;
  return undefined;
}

function objectValue(s: JsonSchema, depth: number): Json {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  return Object.fromEntries(required.map((k) => [k, validValue(properties[k], depth + 1)]));
}

function stringValue(s: JsonSchema): string {
  const format = typeof s.format === 'string' ? FORMATS[s.format] : undefined;
  if (format !== undefined) return format;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Number.POSITIVE_INFINITY;
  const sized = (v: string) => (v.length > max ? v.slice(0, max) : v.padEnd(min, 'x'));
  if (typeof s.pattern === 'string') {
    let re: RegExp | undefined;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      re = undefined;
    }
    const hit = re && PATTERN_TRIES.map(sized).find((v) => re.test(v) && v.length >= min && v.length <= max);
    if (hit !== undefined) return hit;
  }
  return sized('contract-check');
}

function numberValue(s: JsonSchema, integer: boolean): number {
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const step = integer ? 1 : 0.5;
  const exMin = num('exclusiveMinimum');
  const exMax = num('exclusiveMaximum');
  const lo = num('minimum') ?? (exMin === undefined ? undefined : exMin + step);
  const hi = num('maximum') ?? (exMax === undefined ? undefined : exMax - step);
  let v = lo ?? (hi === undefined ? 1 : Math.min(1, hi));
  if (integer) v = Math.ceil(v);
  const of = num('multipleOf');
  if (of) v = Math.ceil(v / of) * of;
  return v;
}

/** Where a property's value may come from before the schema's own: the record the run found (a client's id). */
export type Source = (name: string, schema: JsonSchema) => unknown;

/** Where completeBody takes values from, and what it never fills. */
export interface Completion {
  /** Tried in order before the schema's own value: the first whose value the property's schema takes. */
  sources?: Source[];
  /** Names left absent even when required (a password nobody should make up). */
  leaveOut?: RegExp;
}

/**
 * The body with each required property it lacks added (recursively, in the objects it holds): from the
 * sources, else validValue. What the body has is left as written, valid or not; a body that is not an object
 * is returned as it is. A property whose value is undefined is lacking: JSON drops it on the way to the wire,
 * so a check that read an id from nowhere would otherwise send a "valid" body without it.
 */
export function completeBody(schema: JsonSchema | undefined, body: unknown, how: Completion = {}, depth = 0): unknown {
  if (!isObject(body) || depth > DEPTH) return body;
  const s = foldAllOf(schema);
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  const out: Json = { ...body };
  for (const [k, v] of Object.entries(body))
    if (isObject(v) && properties[k]) out[k] = completeBody(properties[k], v, { leaveOut: how.leaveOut }, depth + 1);
  for (const k of required) {
    if (out[k] !== undefined || how.leaveOut?.test(k)) continue;
    const p = properties[k] ?? {};
    const from = (how.sources ?? []).map((source) => source(k, p)).find((v) => v !== undefined && takes(p, v));
    out[k] = from !== undefined ? structuredClone(from) : validValue(p, depth + 1);
  }
  return out;
}

/** The value of a property in an example body (an operation's example), as a Source. */
export const fromExample =
  (example: unknown): Source =>
  (name) =>
    isObject(example) ? example[name] : undefined;

/**
 * A string none of the enum's values is, for a request that is refused on purpose because of it: computed from
 * the enum as it is now, so that a value a team adds to the enum never turns the refusal into an acceptance.
 */
export function outsideEnum(values: readonly unknown[], base = 'contract-check-other'): string {
  let v = base;
  while (values.includes(v)) v = `${v}-x`;
  return v;
}

/** A whole number none of the enum's values is (from `base` up). */
export function outsideNumbers(values: readonly unknown[], base = 99_999): number {
  let v = base;
  while (values.includes(v)) v++;
  return v;
}

/** The enum of a property of an object schema (allOf folded), empty when it has none. */
export function enumOf(schema: JsonSchema | undefined, property: string): unknown[] {
  const p = foldAllOf((foldAllOf(schema).properties as Record<string, JsonSchema> | undefined)?.[property]);
  return Array.isArray(p.enum) ? (p.enum as unknown[]) : [];
}
