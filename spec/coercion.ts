// The scalar coercions a backend may apply to a request body before it
// validates it, as the spec declares them: a string of digits for an integer
// (x-numeric-strings, Laravel's `integer` rule), a number or a boolean for a
// string and a fraction for an integer (x-type-coercion, Spring's Jackson). The mock, the
// proxy and the contract suite's fuzz judge a body through the same function,
// so that the three cannot disagree on what a deployment takes.
import type { ValidateFunction } from 'ajv';
import { MAX_WALK_DEPTH, shapeOf } from './ajv.js';
import type { JsonSchema } from './load.js';

export interface Coercions {
  /** `x-numeric-strings.accepted`: `"10"` where only integers are allowed is 10. */
  numericStrings: boolean;
  /** `x-type-coercion/number-as-string.accepted`: `12345` where only strings are allowed is `"12345"`. */
  numberAsString: boolean;
  /** `x-type-coercion/fraction-as-integer.accepted`: `1.5` where only integers are allowed is 1. */
  fractionAsInteger: boolean;
  /** `x-type-coercion/boolean-as-string.accepted`: `true` where only strings are allowed is `"true"`. */
  booleanAsString: boolean;
}

export const NO_COERCION: Coercions = {
  numericStrings: false,
  numberAsString: false,
  fractionAsInteger: false,
  booleanAsString: false,
};

export const coercesAny = (c: Coercions): boolean => Object.values(c).some(Boolean);

/** A string of digits, as Laravel's `integer` rule (PHP's FILTER_VALIDATE_INT) takes one: no sign but minus,
 *  no spaces, no decimal point, no exponent, no hexadecimal. */
export const DIGITS = /^-?\d+$/;

/** One scalar as the coercions turn it, where its schema has `shape`; anything else as it came. A number that
 *  is not finite (a parsed `1e400`) is never turned: it stays the wrong number it is. */
function coercedScalar(value: unknown, shape: ReturnType<typeof shapeOf>, c: Coercions): unknown {
  if (typeof value === 'string') return c.numericStrings && shape.digits && DIGITS.test(value) ? Number(value) : value;
  if (typeof value === 'boolean') return c.booleanAsString && shape.text ? String(value) : value;
  if (typeof value !== 'number' || !Number.isFinite(value)) return value;
  if (c.numberAsString && shape.text) return String(value);
  if (c.fractionAsInteger && shape.digits && !Number.isInteger(value)) return Math.trunc(value);
  return value;
}

/**
 * The value with every scalar the accepted coercions turn replaced by what it
 * becomes (objects and arrays changed in place): a string of digits where the
 * schema holds only integers is its number, a number or a boolean where it
 * holds only strings its text, a fraction where it holds only integers its
 * whole part.
 * Nothing else is touched; what it became is then judged by the schema (a
 * number past 2^53 refused by withFiniteNumbers, a text by its maxLength).
 */
export function coerced(data: unknown, schema: JsonSchema | undefined, c: Coercions, depth = 0): unknown {
  if (!schema || depth > MAX_WALK_DEPTH) return data;
  const shape = shapeOf(schema);
  if (data === null || typeof data !== 'object') return coercedScalar(data, shape, c);
  if (Array.isArray(data)) {
    for (let i = 0; i < data.length; i++) data[i] = coerced(data[i], shape.items, c, depth + 1);
    return data;
  }
  const object = data as Record<string, unknown>;
  for (const [key, v] of Object.entries(object)) {
    const at = shape.property(key);
    if (at && v !== null) object[key] = coerced(v, at, c, depth + 1);
  }
  return data;
}

/** A body validator that applies the coercions first (the data is changed in place, so that the handler gets
 *  what the deployment would). */
export function withCoercions(validate: ValidateFunction, schema: JsonSchema, c: Coercions): ValidateFunction {
  const checked = ((data: unknown) => {
    const valid = validate(coerced(data, schema, c));
    checked.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return checked;
}
