// What a Laravel controller gets from `$request->validated()`: only the fields
// the request documents. A write stores nothing else (no `user_id`, `id` or
// `created_at` smuggled into a record); objects the spec leaves open (such as
// custom_field's map) keep their keys.
import type { JsonSchema } from '../../spec/load.js';

type Schema = JsonSchema & {
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  patternProperties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

function shape(schema: Schema): { props: Record<string, Schema>; open: boolean; declared: boolean } {
  const branches = [schema, ...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const props: Record<string, Schema> = {};
  let open = false;
  let declared = false;
  for (const b of branches) {
    if (b.properties) {
      declared = true;
      Object.assign(props, b.properties);
    }
    if ((b.additionalProperties !== undefined && b.additionalProperties !== false) || b.patternProperties) open = true;
  }
  return { props, open, declared };
}

/** A copy of `value` holding only what `schema` declares, at every depth. */
export function validated(schema: Schema | undefined, value: unknown): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return schema.items ? value.map((v) => validated(schema.items, v)) : value;
  const { props, open, declared } = shape(schema);
  // An object schema that names no property at all is a free-form object.
  if (!declared) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (Object.hasOwn(props, k)) out[k] = validated(props[k], v);
    else if (open) out[k] = v;
  }
  return out;
}
