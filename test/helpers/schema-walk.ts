// Follows a dotted field path (`data.data[].id`) through a dereferenced JSON
// Schema, across allOf / oneOf / anyOf, so a fact can be checked wherever the
// spec chose to put the field.
import type { JsonSchema } from '../../spec/load.js';

export interface FieldView {
  /** Every schema that describes the field (one per branch that has it). */
  schemas: JsonSchema[];
  /** Listed in a `required` of the object holding it. */
  required: boolean;
}

const subs = (s: JsonSchema, k: string): JsonSchema[] => (Array.isArray(s[k]) ? (s[k] as JsonSchema[]) : []);

/** The schema and every schema it combines with allOf / oneOf / anyOf. */
export function expand(s: JsonSchema): JsonSchema[] {
  return [s, ...['allOf', 'oneOf', 'anyOf'].flatMap((k) => subs(s, k).flatMap(expand))];
}

export function fieldAt(root: JsonSchema, path: string): FieldView | undefined {
  let view: FieldView = { schemas: [root], required: true };
  for (const seg of path.split('.')) {
    const [name, ...rest] = seg.split('[]');
    const arrays = rest.length;
    const holders = view.schemas.flatMap(expand);
    const schemas = holders
      .map((h) => (h.properties as Record<string, JsonSchema> | undefined)?.[name!])
      .filter((x): x is JsonSchema => x !== undefined);
    if (schemas.length === 0) return undefined;
    const required = holders.some((h) => Array.isArray(h.required) && (h.required as string[]).includes(name!));
    view = { schemas, required };
    for (let i = 0; i < arrays; i++) {
      const items = view.schemas.flatMap(expand).map((x) => x.items as JsonSchema | undefined);
      view = { schemas: items.filter((x): x is JsonSchema => x !== undefined), required: true };
      if (view.schemas.length === 0) return undefined;
    }
  }
  return view;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The JSON types one schema admits, or undefined when it does not say. */
export function typesOf(s: JsonSchema): Set<string> | undefined {
  const parts: Set<string>[] = [];
  if (s.type !== undefined) parts.push(new Set(Array.isArray(s.type) ? (s.type as string[]) : [s.type as string]));
  if ('const' in s) parts.push(new Set([jsonType(s.const)]));
  if (Array.isArray(s.enum)) parts.push(new Set((s.enum as unknown[]).map(jsonType)));
  for (const a of subs(s, 'allOf')) {
    const t = typesOf(a);
    if (t) parts.push(t);
  }
  for (const k of ['oneOf', 'anyOf']) {
    const branches = subs(s, k).map(typesOf);
    if (branches.length && branches.every(Boolean)) parts.push(new Set(branches.flatMap((b) => [...b!])));
  }
  if (parts.length === 0) return undefined;
  return intersect(parts);
}

/** The types a field admits across all its schemas (intersected). */
export function viewTypes(view: FieldView): Set<string> | undefined {
  const known = view.schemas.map(typesOf).filter((t): t is Set<string> => t !== undefined);
  if (known.length === 0) return undefined;
  return intersect(known);
}

function intersect(sets: Set<string>[]): Set<string> {
  const [first, ...rest] = sets;
  return new Set([...first!].filter((x) => rest.every((s) => s.has(x))));
}

export const descriptions = (view: FieldView): string =>
  view.schemas
    .flatMap(expand)
    .map((x) => (typeof x.description === 'string' ? x.description : ''))
    .join(' ')
    .toLowerCase();

export const isAssumed = (view: FieldView): boolean =>
  view.schemas.flatMap(expand).some((x) => x['x-assumed'] === true);

export { walk } from '../../spec/walk.js';
