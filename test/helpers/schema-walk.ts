// Follows a dotted field path (`data.data[].id`) through a dereferenced JSON
// Schema, across allOf / oneOf / anyOf, so a fact can be checked wherever the
// spec chose to put the field.
import type { JsonSchema } from '../../spec/load.js';
import { admittedTypes, intersectTypes, subschemas } from '../../spec/schema.js';

export interface FieldView {
  /** Every schema that describes the field (one per branch that has it). */
  schemas: JsonSchema[];
  /** Listed in a `required` of the object holding it. */
  required: boolean;
}

export function fieldAt(root: JsonSchema, path: string): FieldView | undefined {
  let view: FieldView = { schemas: [root], required: true };
  for (const seg of path.split('.')) {
    const [name, ...rest] = seg.split('[]');
    const arrays = rest.length;
    const holders = view.schemas.flatMap(subschemas);
    const schemas = holders
      .map((h) => (h.properties as Record<string, JsonSchema> | undefined)?.[name!])
      .filter((x): x is JsonSchema => x !== undefined);
    if (schemas.length === 0) return undefined;
    const required = holders.some((h) => Array.isArray(h.required) && (h.required as string[]).includes(name!));
    view = { schemas, required };
    for (let i = 0; i < arrays; i++) {
      const items = view.schemas.flatMap(subschemas).map((x) => x.items as JsonSchema | undefined);
      view = { schemas: items.filter((x): x is JsonSchema => x !== undefined), required: true };
      if (view.schemas.length === 0) return undefined;
    }
  }
  return view;
}

/** The types a field admits across all its schemas (intersected). */
export function viewTypes(view: FieldView): Set<string> | undefined {
  const known = view.schemas.map(admittedTypes).filter((t): t is Set<string> => t !== undefined);
  if (known.length === 0) return undefined;
  return intersectTypes(known);
}

export const descriptions = (view: FieldView): string =>
  view.schemas
    .flatMap(subschemas)
    .map((x) => (typeof x.description === 'string' ? x.description : ''))
    .join(' ')
    .toLowerCase();

export const isAssumed = (view: FieldView): boolean =>
  view.schemas.flatMap(subschemas).some((x) => x['x-assumed'] === true);

// Under the names the spec's tests import them by.
export { subschemas as expand, walk } from '../../spec/schema.js';
