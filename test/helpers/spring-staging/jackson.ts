// Request binding as Spring MVC does it: @RequestBody through Jackson (its
// default coercions: "10" -> 10, 1.9 -> 1, 7 -> "7", 0/1 and "true" -> boolean,
// unknown properties ignored) and then @Valid Bean Validation, which reports
// every violated constraint at once as a 400.
import { ApiError, type Ctx, isStatusShaped } from './http.js';

export type FieldType = 'int' | 'string' | 'bool' | 'any';

export interface Field {
  type: FieldType;
  /** @NotNull for integers, @NotBlank for strings. */
  required?: boolean;
  /** @Size(max) for strings; 255 (a varchar column) unless given. */
  max?: number;
  /** @Min for integers. */
  min?: number;
  email?: boolean;
  oneOf?: string[];
}

export type Dto = Record<string, Field>;
export type Bound = Record<string, unknown>;

const JAVA: Record<FieldType, string> = {
  int: 'java.lang.Integer',
  string: 'java.lang.String',
  bool: 'java.lang.Boolean',
  any: 'java.lang.Object',
};
const INT_MAX = 2 ** 31 - 1;

function parseError(detail: string): ApiError {
  return new ApiError(400, `JSON parse error: ${detail}`);
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'Array value (token `JsonToken.START_ARRAY`)';
  if (v !== null && typeof v === 'object') return 'Object value (token `JsonToken.START_OBJECT`)';
  return `${typeof v} value`;
}

function coerce(name: string, f: Field, v: unknown, strict: boolean): unknown {
  if (v === null || f.type === 'any') return v;
  const type = JAVA[f.type];
  const refuse = () =>
    parseError(`Cannot deserialize value of type \`${type}\` from ${kindOf(v)} (through reference chain: ["${name}"])`);
  const noCoercion = (what: string) =>
    parseError(
      `Cannot coerce ${what} to \`${type}\` value (but could if coercion was enabled using \`CoercionConfig\`)`,
    );
  if (typeof v === 'object') throw refuse();
  if (f.type === 'string') {
    if (typeof v === 'string') return v;
    if (strict) throw noCoercion(`${typeof v} value (${String(v)})`);
    return String(v);
  }
  if (f.type === 'int') {
    if (typeof v === 'boolean') throw noCoercion(`boolean value (${v})`);
    let n: number;
    if (typeof v === 'string') {
      if (strict) throw noCoercion(`String value ("${v}")`);
      if (v.trim() === '') return null;
      if (!/^[+-]?\d+$/.test(v.trim())) {
        throw parseError(
          `Cannot deserialize value of type \`${type}\` from String "${v}": not a valid \`${type}\` value`,
        );
      }
      n = Number(v.trim());
    } else {
      n = v as number;
      if (!Number.isInteger(n)) {
        if (strict) throw noCoercion(`Floating-point value (${n})`);
        n = Math.trunc(n);
      }
    }
    if (n > INT_MAX || n < -INT_MAX - 1) throw parseError(`Numeric value (${String(v)}) out of range of int`);
    return n;
  }
  // bool
  if (typeof v === 'boolean') return v;
  if (strict) throw noCoercion(`${typeof v} value (${String(v)})`);
  if (typeof v === 'number') return v !== 0;
  if (v === 'true' || v === 'false') return v === 'true';
  throw parseError(
    `Cannot deserialize value of type \`${type}\` from String "${String(v)}": only "true" or "false" recognized`,
  );
}

interface Violation {
  field: string;
  rejectedValue: unknown;
  defaultMessage: string;
  code: string;
}

function validate(name: string, f: Field, v: unknown): Violation | undefined {
  const bad = (code: string, defaultMessage: string) => ({
    field: name,
    rejectedValue: v ?? null,
    defaultMessage,
    code,
  });
  if (v === null || v === undefined) {
    if (!f.required) return undefined;
    return f.type === 'string' ? bad('NotBlank', 'must not be blank') : bad('NotNull', 'must not be null');
  }
  if (typeof v === 'string') {
    if (f.required && v.trim() === '') return bad('NotBlank', 'must not be blank');
    const max = f.max ?? 255;
    if (v.length > max) return bad('Size', `size must be between 0 and ${max}`);
    if (f.email && v !== '' && !/^[^@\s]+@[^@\s]+$/.test(v)) return bad('Email', 'must be a well-formed email address');
    if (f.oneOf && !f.oneOf.includes(v)) return bad('Pattern', `must match "${f.oneOf.join('|')}"`);
  }
  if (typeof v === 'number' && f.min !== undefined && v < f.min) {
    return bad('Min', `must be greater than or equal to ${f.min}`);
  }
  return undefined;
}

function isJson(contentType: string | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return media === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(media);
}

/** Read, coerce and validate the request body as the DTO `dto` named `className`. */
export function bind(ctx: Ctx, className: string, dto: Dto, bodyRequired = true): Bound {
  const hasBody = ctx.body.length > 0 || ctx.tooLarge;
  if (hasBody && !isJson(ctx.req.headers['content-type'])) {
    const given = ctx.req.headers['content-type'] || 'application/octet-stream';
    throw new ApiError(415, `Content-Type '${given}' is not supported.`);
  }
  // The app's advice writes it (in the operation's shape); the defect lets the container's default body through.
  if (ctx.tooLarge) throw new ApiError(413, 'Maximum upload size exceeded', {}, ctx.sw.has('oversize-default-body'));
  let raw: unknown = null;
  if (hasBody) {
    try {
      raw = JSON.parse(ctx.body.toString('utf8'));
    } catch {
      throw parseError('Unexpected character: was expecting a JSON value');
    }
  }
  if (raw === null) {
    if (bodyRequired) throw new ApiError(400, `Required request body is missing: ${className}`);
    raw = {};
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw parseError(`Cannot deserialize value of type \`com.brightline.mcs.dto.${className}\` from ${kindOf(raw)}`);
  }
  const strict = ctx.sw.has('strict-coercion');
  const out: Bound = Object.create(null);
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    // Own properties only: `__proto__` or `constructor` in a body are unknown fields, not Object's.
    const f = Object.hasOwn(dto, key) ? dto[key] : undefined;
    if (!f) {
      if (ctx.sw.has('unknown-properties-refused')) {
        throw parseError(
          `Unrecognized field "${key}" (class com.brightline.mcs.dto.${className}), not marked as ignorable`,
        );
      }
      continue;
    }
    out[key] = coerce(key, f, value, strict);
  }
  const violations = Object.entries(dto)
    .map(([k, f]) => validate(k, f, out[k]))
    .filter((v): v is Violation => v !== undefined);
  if (violations.length > 0) {
    if (isStatusShaped(ctx.route)) {
      throw new ApiError(400, 'Validation failed', {
        errors: Object.fromEntries(violations.map((v) => [v.field, v.defaultMessage])),
      });
    }
    const object = className[0]!.toLowerCase() + className.slice(1);
    throw new ApiError(400, `Validation failed for object='${object}'. Error count: ${violations.length}`, {
      errors: violations.map((v) => ({ ...v, objectName: object })),
    });
  }
  return out;
}

export const str = (b: Bound, k: string): string | undefined =>
  typeof b[k] === 'string' ? (b[k] as string) : undefined;
export const int = (b: Bound, k: string): number | undefined =>
  typeof b[k] === 'number' ? (b[k] as number) : undefined;
