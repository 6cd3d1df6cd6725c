// What the breaking-change differ, the contract suite, the fuzzer and the tests
// read of a JSON Schema or a JSON pointer, in one place, so that they agree on
// what an allOf merges to, which types a schema names and how a pointer escapes.

// One definition of the pointer syntax, shared with spec/assumptions.ts (which load.ts calls).
import { decodePointer, encodePointer } from './assumptions.js';

/** A JSON Schema as load.ts has it (declared here too, so that load.ts may use this module). */
type JsonSchema = Record<string, unknown>;

export { decodePointer, encodePointer };

/** Every object node of a parsed document, with its JSON pointer, depth first. */
export function* walk(node: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (node === null || typeof node !== 'object') return;
  if (!Array.isArray(node)) yield [pointer, node as Record<string, unknown>];
  for (const [k, v] of Object.entries(node)) yield* walk(v, `${pointer}${encodePointer([k])}`);
}

/** Keywords an allOf member lends the merged schema when neither the schema nor an earlier member set them. */
const LENT = [
  'type',
  'const',
  'enum',
  'items',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'oneOf',
  'anyOf',
];

/**
 * The schema with its allOf members (recursively) merged in: properties from
 * every member (a property several members describe becomes the allOf of its
 * descriptions), the union of their required names, and each other keyword
 * from the first that sets it.
 */
export function foldAllOf(s: JsonSchema | undefined): JsonSchema {
  if (!s || typeof s !== 'object') return {};
  const parts = [s, ...((s.allOf as JsonSchema[] | undefined) ?? []).map(foldAllOf)];
  const out: JsonSchema = { ...s };
  delete out.allOf;
  const props: Record<string, JsonSchema[]> = {};
  const required = new Set<string>();
  for (const p of parts) {
    for (const [k, v] of Object.entries((p.properties as Record<string, JsonSchema>) ?? {})) {
      props[k] ??= [];
      props[k].push(v);
    }
    for (const r of (p.required as string[] | undefined) ?? []) required.add(r);
    for (const key of LENT) if (p[key] !== undefined && out[key] === undefined) out[key] = p[key];
  }
  if (Object.keys(props).length) {
    out.properties = Object.fromEntries(
      Object.entries(props).map(([k, vs]) => [k, vs.length === 1 ? vs[0]! : { allOf: vs }]),
    );
  }
  if (required.size) out.required = [...required];
  return out;
}

/** The JSON type of a value, `integer` for a whole number. */
export function jsonTypeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const typeSet = (type: unknown) => new Set(Array.isArray(type) ? (type as string[]) : [type as string]);

/**
 * The types a schema declares, allOf folded: its `type` if it has one, else
 * those of its `const` or `enum`, else the union of its oneOf (or anyOf)
 * branches when each declares some. Undefined when it does not say. What the
 * differ compares between two versions of a schema.
 */
export function declaredTypes(s: JsonSchema): Set<string> | undefined {
  const f = foldAllOf(s);
  if (f.type !== undefined) return typeSet(f.type);
  if ('const' in f) return new Set([jsonTypeOf(f.const)]);
  if (Array.isArray(f.enum)) return new Set((f.enum as unknown[]).map(jsonTypeOf));
  const alts = (f.oneOf ?? f.anyOf) as JsonSchema[] | undefined;
  if (alts) {
    const sets = alts.map(declaredTypes);
    if (sets.every(Boolean)) return new Set(sets.flatMap((x) => [...x!]));
  }
  return undefined;
}

const members = (s: JsonSchema, k: string): JsonSchema[] => (Array.isArray(s[k]) ? (s[k] as JsonSchema[]) : []);

/** The schema and every schema it combines with allOf / oneOf / anyOf, depth first. */
export function subschemas(s: JsonSchema): JsonSchema[] {
  return [s, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => members(s, k).flatMap(subschemas))];
}

/** The types every one of the sets holds (no widening: `number` does not admit `integer` here). */
export function intersectTypes(sets: Set<string>[]): Set<string> {
  const [first, ...rest] = sets;
  return new Set([...first!].filter((x) => rest.every((s) => s.has(x))));
}

/**
 * The types a value may have and still satisfy the schema: every constraint
 * that names types (`type`, `const`, `enum`, each allOf member, the union of
 * oneOf and of anyOf branches) intersected. Undefined when none says. What the
 * tests check a documented field against.
 */
export function admittedTypes(s: JsonSchema): Set<string> | undefined {
  const parts: Set<string>[] = [];
  if (s.type !== undefined) parts.push(typeSet(s.type));
  if ('const' in s) parts.push(new Set([jsonTypeOf(s.const)]));
  if (Array.isArray(s.enum)) parts.push(new Set((s.enum as unknown[]).map(jsonTypeOf)));
  for (const a of members(s, 'allOf')) {
    const t = admittedTypes(a);
    if (t) parts.push(t);
  }
  for (const k of ['oneOf', 'anyOf']) {
    const branches = members(s, k).map(admittedTypes);
    if (branches.length && branches.every(Boolean)) parts.push(new Set(branches.flatMap((b) => [...b!])));
  }
  if (parts.length === 0) return undefined;
  return intersectTypes(parts);
}

/**
 * The free-text fields of a schema (strings with a `maxLength` and no format, pattern or enum),
 * each with its bound: what a writer at the limit (tests, the hostile bench) fills, read from the
 * spec rather than listed.
 */
export function boundedStrings(s: JsonSchema | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const [k, v] of Object.entries((foldAllOf(s).properties as Record<string, JsonSchema>) ?? {})) {
    const f = foldAllOf(v);
    const free = f.format === undefined && f.pattern === undefined && f.enum === undefined;
    if (free && declaredTypes(f)?.has('string') && typeof f.maxLength === 'number') out.set(k, f.maxLength);
  }
  return out;
}
