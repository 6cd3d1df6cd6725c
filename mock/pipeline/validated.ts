// What a Laravel controller gets from `$request->validated()`: only the fields
// the request documents. A write stores nothing else (no `user_id`, `id` or
// `created_at` smuggled into a record); objects the spec leaves open (such as
// custom_field's map) keep their keys. What is documented is read by
// spec/ignored-fields.ts, which also tells the journal what was dropped here.
import { fieldShape } from '../../spec/ignored-fields.js';
import type { JsonSchema } from '../../spec/load.js';

/** A copy of `value` holding only what `schema` declares, at every depth. */
export function validated(schema: JsonSchema | undefined, value: unknown): unknown {
  if (!schema || value === null || typeof value !== 'object') return value;
  const { props, open, declared, items } = fieldShape(schema);
  if (Array.isArray(value)) return items ? value.map((v) => validated(items, v)) : value;
  // An object schema that names no property at all is a free-form object.
  if (!declared) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (Object.hasOwn(props, k)) out[k] = validated(props[k], v);
    else if (open) out[k] = v;
  }
  return out;
}
