// fast-check arbitraries for a request to one operation, from its schemas:
// valid, boundary and wrong-typed values, odd headers and malformed bodies.
// Shared by the mock's fuzzer (scripts/fuzz) and the contract suite's --fuzz
// (contracts/fuzz), which draws its valid values from valueFor.
import fc from 'fast-check';
import { specFacts } from '../../spec/facts.js';
import type { JsonSchema, LoadedSpec, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { outsideEnum } from '../../spec/valid-body.js';

const BOUNDARY_INTS = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 1e21];
const ODD_STRINGS = [
  '',
  ' ',
  'null',
  '0',
  '<script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\u0000',
  '😀',
  'x'.repeat(5000),
];

const num = (x: unknown, fallback: number) => (typeof x === 'number' ? x : fallback);

/** Values that exist in the world (ids of the demo user's clients and rooms...), by field name. */
export type Hints = Record<string, unknown[]>;

export interface Mode {
  /** Wrong types and missing required fields allowed. */
  chaos: boolean;
  hints: Hints;
  /** Valid mode: a hinted field also takes generated values, not only the hints. */
  mixHints?: boolean;
}

/** A value for a schema: of its type with boundaries; in chaos mode sometimes not. */
export function valueFor(
  schema: JsonSchema | undefined,
  depth = 0,
  mode: Mode = { chaos: true, hints: {} },
): fc.Arbitrary<unknown> {
  const s = schema ?? {};
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  if (depth > 4) return anyJson;
  if (Array.isArray(s.allOf)) return valueFor(foldAllOf(s), depth + 1, mode);
  const alts = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (alts) return fc.oneof(...alts.map((a) => valueFor(a, depth + 1, mode)));
  if ('const' in s) return mode.chaos ? fc.oneof(fc.constant(s.const), anyJson) : fc.constant(s.const);
  if (Array.isArray(s.enum)) {
    const values = fc.constantFrom(...(s.enum as unknown[]));
    return mode.chaos
      ? fc.oneof({ weight: 4, arbitrary: values }, { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS, 99) })
      : values;
  }
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : (s.type as string | undefined);
  const wrong = fc.oneof(anyJson, fc.constant(null));
  const typed = (arb: fc.Arbitrary<unknown>) =>
    mode.chaos ? fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: wrong }) : arb;
  switch (type) {
    case 'integer': {
      if (!mode.chaos) {
        // Plausible: within the schema's own bounds, edges included.
        const min = typeof s.minimum === 'number' ? s.minimum : -5;
        const max = typeof s.maximum === 'number' ? s.maximum : 200;
        return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
      }
      return typed(fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(...BOUNDARY_INTS), fc.integer()));
    }
    case 'number':
      return typed(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...BOUNDARY_INTS)));
    case 'boolean':
      return typed(fc.boolean());
    case 'null':
      return typed(fc.constant(null));
    case 'string': {
      if (!mode.chaos) {
        // Plausible: within the schema's own lengths (counted in code points, as JSON Schema counts).
        const min = typeof s.minLength === 'number' ? s.minLength : 0;
        const max = typeof s.maxLength === 'number' ? s.maxLength : Number.POSITIVE_INFINITY;
        const fits = (x: string) => [...x].length >= min && [...x].length <= max;
        if (s.format === 'email') return fc.emailAddress().filter(fits);
        return fc.oneof(
          fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 40)) }),
          fc.constantFrom(...ODD_STRINGS.filter(fits)),
          fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, Math.max(min, 20)) }).filter(fits),
        );
      }
      return typed(
        fc.oneof(
          fc.string({ maxLength: 40 }),
          fc.constantFrom(...ODD_STRINGS),
          fc.emailAddress(),
          fc.string({ unit: 'grapheme', maxLength: 20 }),
        ),
      );
    }
    case 'array': {
      // Plausible: within the schema's own item counts.
      const bounds = mode.chaos
        ? { maxLength: 4 }
        : { minLength: num(s.minItems, 0), maxLength: Math.min(4, num(s.maxItems, 4)) };
      return typed(fc.array(valueFor(s.items as JsonSchema, depth + 1, mode), bounds));
    }
    case 'object':
    case undefined: {
      const props = (s.properties as Record<string, JsonSchema> | undefined) ?? {};
      const keys = Object.keys(props);
      if (!keys.length) {
        const maxKeys = mode.chaos ? 3 : Math.min(3, num(s.maxProperties, 3));
        return typed(fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys }));
      }
      const required = ((s.required as string[]) ?? []).filter((k) => k in props);
      const field = (k: string) => {
        const hint = mode.hints[k];
        const own = valueFor(props[k], depth + 1, mode);
        if (!hint?.length) return own;
        return mode.chaos || mode.mixHints ? fc.oneof(fc.constantFrom(...hint), own) : fc.constantFrom(...hint);
      };
      const fields = Object.fromEntries(keys.map((k) => [k, field(k)]));
      if (!mode.chaos) return fc.record(fields, { requiredKeys: required });
      // Chaos: required fields sometimes missing, values sometimes of another type.
      return typed(
        fc.oneof(
          { weight: 4, arbitrary: fc.record(fields, { requiredKeys: required }) },
          { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
        ),
      );
    }
    default:
      return anyJson;
  }
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface Tokens {
  plan: string;
  nosub: string;
}

export function requestFor(
  op: OperationEntry,
  spec: Pick<LoadedSpec, 'basePath' | 'document'>,
  tokens: Tokens,
  hints: Hints = {},
): fc.Arbitrary<FuzzRequest> {
  const { basePath } = spec;
  const { headers: names, platforms } = specFacts(spec);
  const build = (chaos: boolean) => {
    const mode: Mode = { chaos, hints };
    const valid: Record<string, string> = op.isPublic ? {} : { [names.authorization]: `Bearer ${tokens.plan}` };
    const auth = chaos
      ? fc.constantFrom<Record<string, string>>(
          valid,
          { [names.token]: tokens.plan },
          { [names.authorization]: `Bearer ${tokens.nosub}` },
          { [names.authorization]: 'Bearer made-up-token' },
          { [names.authorization]: 'Basic dXNlcjpwYXNz' },
          {},
        )
      : fc.constant(valid);
    const platform = chaos
      ? fc.option(
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...platforms) },
            { weight: 1, arbitrary: fc.constantFrom('', 'web', outsideEnum(platforms, 'WINDOWS'), '😀') },
          ),
          { nil: undefined },
        )
      : fc.constantFrom(...platforms);
    const contentType = chaos
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant('application/json') },
          {
            weight: 1,
            arbitrary: fc.constantFrom(
              'application/json; charset=utf-8',
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              '',
            ),
          },
        )
      : fc.constant('application/json');
    const json = valueFor(op.requestBody?.schema, 0, mode).map((v) => JSON.stringify(v ?? null));
    const body = chaos
      ? fc.option(
          fc.oneof(
            { weight: 6, arbitrary: json },
            {
              weight: 1,
              arbitrary: fc.constantFrom('', '{', '{"a":', '[]', 'null', '"x"', '{"__proto__":{"x":1}}', '\u0000'),
            },
            { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
          ),
          { nil: undefined },
        )
      : json;
    // Dot segments are left out: clients normalize them, so they name another path, not a token.
    const pathToken = chaos
      ? fc.oneof(
          fc
            .string({ minLength: 1, maxLength: 30 })
            .filter((x) => x !== '.' && x !== '..')
            .map(encodeURIComponent),
          fc.constantFrom('%ZZ', '%2F', 'a'.repeat(300)),
        )
      : fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 32 });
    const page = chaos
      ? fc.option(
          fc.oneof(
            fc.integer({ min: -2, max: 50 }).map(String),
            fc.constantFrom('x', '', '1e3', '2.5', '99999999999999999999'),
          ),
          { nil: undefined },
        )
      : fc.option(fc.integer({ min: 1, max: 5 }).map(String), { nil: undefined });
    return fc.record({ auth, platform, contentType, body, pathToken, page });
  };
  return fc
    .oneof({ weight: 3, arbitrary: build(false) }, { weight: 2, arbitrary: build(true) })
    .map(({ auth: a, platform: p, contentType: ct, body: b, pathToken: tok, page: pg }) => {
      const headers: Record<string, string> = { ...a };
      if (p !== undefined) headers[names.platform] = p;
      const hasBody = op.method !== 'get' && b !== undefined;
      if (hasBody && ct) headers['content-type'] = ct;
      const path = op.path.replace('{token}', tok);
      const query =
        op.parameters.some((x) => x.in === 'query') && pg !== undefined ? `?page=${encodeURIComponent(pg)}` : '';
      return {
        method: op.method.toUpperCase(),
        url: `${basePath}${path}${query}`,
        headers,
        ...(hasBody ? { payload: b } : {}),
      };
    });
}
