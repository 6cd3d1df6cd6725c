// The fields of a request body its operation does not document: the backend
// ignores them (the spec's `x-unknown-request-fields`), so a typo such as
// `zipcode` for `zip_code` changes nothing and says nothing. One reading of a
// schema decides what is documented, for the mock's pruning (what a handler
// gets, mock/pipeline/validated.ts) and for the observations the journal and
// the proxy make of an ignored field: what one prunes, the others report.
import { clip } from '../lib/preview.js';
import { encodePointer } from './assumptions.js';
import { type Finding, resting } from './finding.js';
import type { JsonSchema, LoadedSpec } from './load.js';

/** The root extension the observations rest on (an x-assumed node: so they are observations, never errors). */
export const IGNORED_FIELDS_ASSUMPTION = '/x-unknown-request-fields';
/** Ignored fields described per body; the rest are counted. */
export const MAX_IGNORED = 20;

export interface FieldShape {
  /** Properties documented here, from the schema and each of its allOf, anyOf and oneOf branches. */
  props: Record<string, JsonSchema>;
  /** Any other name is accepted too (additionalProperties other than false, or patternProperties). */
  open: boolean;
  /** Some branch names a property: an object schema naming none is a free-form object. */
  declared: boolean;
  /** What the items of an array are, when the schema or a branch says. */
  items?: JsonSchema;
}

const shapes = new WeakMap<JsonSchema, FieldShape>();

/** What a schema documents of an object, read once per schema node (the dereferenced spec shares its nodes). */
export function fieldShape(schema: JsonSchema): FieldShape {
  const known = shapes.get(schema);
  if (known) return known;
  const branches = [
    schema,
    ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((k) => (schema[k] as JsonSchema[]) ?? []),
  ];
  const described: Record<string, JsonSchema[]> = {};
  const shape: FieldShape = { props: {}, open: false, declared: false };
  for (const b of branches) {
    const props = b.properties as Record<string, JsonSchema> | undefined;
    if (props) {
      shape.declared = true;
      for (const [k, v] of Object.entries(props)) described[k] = [...(described[k] ?? []), v];
    }
    if ((b.additionalProperties !== undefined && b.additionalProperties !== false) || b.patternProperties)
      shape.open = true;
    shape.items ??= b.items as JsonSchema | undefined;
  }
  // A property several branches describe is documented by all of them (its nested fields are their union).
  for (const [k, v] of Object.entries(described)) shape.props[k] = v.length === 1 ? v[0]! : { allOf: v };
  shapes.set(schema, shape);
  return shape;
}

/** A field's place as people write it: `rooms[0].widht`, `["odd name"]` for a name that is not a plain word. */
function shown(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (/^[\w$-]+$/.test(key)) return parent === '' ? key : `${parent}.${key}`;
  return `${parent}[${JSON.stringify(key)}]`;
}

export interface IgnoredField {
  /** JSON pointer into the body. */
  pointer: string;
  /** The same place, as `rooms[0].widht`. */
  path: string;
}

/** The fields of `value` that `schema` does not document, at every depth (the first `max`), and how many in all. */
export function ignoredFields(
  schema: JsonSchema | undefined,
  value: unknown,
  max = MAX_IGNORED,
): { fields: IgnoredField[]; count: number } {
  const fields: IgnoredField[] = [];
  let count = 0;
  // Only documented members are entered, so the depth is the schema's, whatever the body.
  const visit = (s: JsonSchema | undefined, v: unknown, pointer: string, path: string): void => {
    if (!s || v === null || typeof v !== 'object') return;
    const shape = fieldShape(s);
    if (Array.isArray(v)) {
      if (shape.items) for (let i = 0; i < v.length; i++) visit(shape.items, v[i], `${pointer}/${i}`, shown(path, i));
      return;
    }
    if (!shape.declared) return;
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      const at = `${pointer}${encodePointer([k])}`;
      if (Object.hasOwn(shape.props, k)) visit(shape.props[k], (v as Record<string, unknown>)[k], at, shown(path, k));
      else if (!shape.open && ++count <= max) fields.push({ pointer: at, path: shown(path, k) });
    }
  };
  visit(schema, value, '', '');
  return { fields, count };
}

/** An observation of an ignored field (or of the count of those not described). */
export type IgnoredFinding = Finding &
  Required<Pick<Finding, 'operationId' | 'at' | 'expected' | 'actual' | 'keyword'>>;

/**
 * For each operation with a request body, its ignored fields as observations:
 * `field \`zipcode\` is not part of updateClient's body and was ignored`. The
 * schemas are read once, when first used; a body that is not an object gives none.
 */
export function ignoredFieldsOf(spec: LoadedSpec): (operationId: string, body: unknown) => IgnoredFinding[] {
  return (operationId, body) => {
    const schema = spec.byId.get(operationId)?.requestBody?.schema;
    if (!schema || body === null || typeof body !== 'object') return [];
    const { fields, count } = ignoredFields(schema, body);
    const observe = (at: string, actual: string, message: string): IgnoredFinding =>
      resting(
        { operationId, at, expected: `a field of ${operationId}'s body`, actual, keyword: 'ignored', message },
        IGNORED_FIELDS_ASSUMPTION,
      ) as IgnoredFinding;
    const out = fields.map((f) =>
      observe(
        clip(f.pointer),
        'an undocumented field',
        `field \`${clip(f.path)}\` is not part of ${operationId}'s body and was ignored`,
      ),
    );
    if (count > fields.length)
      out.push(
        observe(
          '',
          `${count} undocumented fields`,
          `... and ${count - fields.length} more fields not part of ${operationId}'s body were ignored`,
        ),
      );
    return out;
  };
}
