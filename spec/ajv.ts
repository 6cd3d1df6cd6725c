// The project's one Ajv configuration. Strict mode stays on: the OpenAPI
// keywords that are not JSON Schema are registered as annotations instead.

import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from './load.js';
import { declaredTypes, encodePointer, subschemas } from './schema.js';

// ajv-formats ships CommonJS whose default export TypeScript sees as the module.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** Schema keywords OpenAPI 3.1 adds to JSON Schema, plus this project's extensions. */
export const OPENAPI_KEYWORDS = [
  'example',
  'xml',
  'externalDocs',
  'discriminator',
  'x-assumed',
  'x-assumed-reason',
  'x-learned',
] as const;

export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, ...options });
  addFormats(ajv);
  ajv.addVocabulary([...OPENAPI_KEYWORDS]);
  return ajv;
}

/**
 * A validator that also refuses the numbers Ajv lets through: a query's
 * "Infinity" or "1e400", which coercion turns into a number after the type
 * check so that minimum and maximum skip it (and the serializer then fails),
 * and a whole number beyond Number.MAX_SAFE_INTEGER in an integer field, which
 * JavaScript holds only roughly (1e20 is a float to PHP, which Laravel's
 * `integer` rule refuses). Each is reported as the type error it is, so the
 * answer is Laravel's "The page field must be an integer." Decided on the value
 * after parsing and coercion, for every field of every schema.
 */
export function withFiniteNumbers(validate: ValidateFunction, schema: JsonSchema): ValidateFunction {
  const checked = ((data: unknown) => {
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const errors: ErrorObject[] = [];
    // Nearly every request holds no such number: the schema is read only when one does.
    if (holdsOutsizedNumber(data, 0)) unsafeNumbers(data, schema, [], errors, 0);
    checked.errors = errors.length ? errors : null;
    return errors.length === 0;
  }) as ValidateFunction;
  return checked;
}

/** Deeper than any body the JSON parser lets through (DEFAULTS.maxBodyDepth) or a query holds. */
export const MAX_WALK_DEPTH = 64;

/** True when a number anywhere in the value is not finite or beyond Number.MAX_SAFE_INTEGER (no allocation). */
function holdsOutsizedNumber(data: unknown, depth: number): boolean {
  if (typeof data === 'number') return !(Math.abs(data) <= Number.MAX_SAFE_INTEGER);
  if (data === null || typeof data !== 'object' || depth > MAX_WALK_DEPTH) return false;
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) if (holdsOutsizedNumber(data[i], depth + 1)) return true;
    return false;
  }
  for (const v of Object.values(data)) if (holdsOutsizedNumber(v, depth + 1)) return true;
  return false;
}

export interface Shape {
  /** The schema holds whole numbers only (`integer`, possibly with null). */
  integer: boolean;
  /** It holds whole numbers and no string: where a string of digits may stand for one (x-numeric-strings),
   *  or a fraction for its whole part (x-type-coercion). */
  digits: boolean;
  /** It holds strings and no number: where a number may stand for its text (x-type-coercion). */
  text: boolean;
  /** Its properties and items, across allOf / oneOf / anyOf (the first that names one). */
  property: (key: string) => JsonSchema | undefined;
  items: JsonSchema | undefined;
}

/** Read once per schema node: a body of a million numbers costs a million lookups, not a million schema walks. */
const shapes = new WeakMap<JsonSchema, Shape>();

export function shapeOf(schema: JsonSchema): Shape {
  let shape = shapes.get(schema);
  if (shape) return shape;
  const parts = subschemas(schema);
  const types = declaredTypes(schema);
  shape = {
    integer: !!types?.has('integer') && !types.has('number'),
    digits: !!types?.has('integer') && !types.has('number') && !types.has('string'),
    text: !!types?.has('string') && !types.has('number') && !types.has('integer'),
    property: (key) =>
      parts.map((p) => (p.properties as Record<string, JsonSchema> | undefined)?.[key]).find((x) => x !== undefined),
    items: parts.find((p) => p.items)?.items as JsonSchema | undefined,
  };
  shapes.set(schema, shape);
  return shape;
}

function unsafeNumbers(
  data: unknown,
  schema: JsonSchema | undefined,
  path: string[],
  out: ErrorObject[],
  depth: number,
): void {
  if (depth > MAX_WALK_DEPTH) return;
  const shape = schema && shapeOf(schema);
  if (typeof data === 'number') {
    const integer = !!shape?.integer;
    const unsafe = !Number.isFinite(data) || (integer && Number.isInteger(data) && !Number.isSafeInteger(data));
    if (!unsafe) return;
    const type = integer ? 'integer' : 'number';
    out.push({
      instancePath: encodePointer(path),
      schemaPath: '#/type',
      keyword: 'type',
      params: { type },
      message: `must be ${type}`,
    });
    return;
  }
  if (data === null || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (const [i, v] of data.entries()) unsafeNumbers(v, shape?.items, [...path, String(i)], out, depth + 1);
    return;
  }
  for (const [key, v] of Object.entries(data)) unsafeNumbers(v, shape?.property(key), [...path, key], out, depth + 1);
}
