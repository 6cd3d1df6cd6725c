// fast-check arbitraries for a request to one operation, from its schemas:
// valid, boundary and wrong-typed values, odd headers and malformed bodies.
import fc from 'fast-check';
import type { JsonSchema, OperationEntry } from '../../spec/load.js';

const BOUNDARY_INTS = [0, -1, 1, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 1e21];
const ODD_STRINGS = ['', ' ', 'null', '0', '<script>', "' OR 1=1 --", '../../etc/passwd', '\u0000', '😀', 'x'.repeat(5000)];

/** A value for a schema: mostly of its type (with boundaries), sometimes not. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const s = schema ?? {};
  const anyJson = fc.jsonValue({ maxDepth: 2 });
  if (depth > 4) return anyJson;
  if (Array.isArray(s.allOf)) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of s.allOf as JsonSchema[]) {
      Object.assign(merged.properties as object, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[]) ?? []));
    }
    return valueFor(merged, depth + 1);
  }
  const alts = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (alts) return fc.oneof(...alts.map((a) => valueFor(a, depth + 1)));
  if (Array.isArray(s.enum)) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(s.enum as unknown[])) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS, 99) });
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : (s.type as string | undefined);
  const wrong = fc.oneof(anyJson, fc.constant(null));
  const typed = (arb: fc.Arbitrary<unknown>) => fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: wrong });
  switch (type) {
    case 'integer':
      return typed(fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(...BOUNDARY_INTS), fc.integer()));
    case 'number':
      return typed(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(...BOUNDARY_INTS)));
    case 'boolean':
      return typed(fc.boolean());
    case 'string':
      return typed(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom(...ODD_STRINGS), fc.emailAddress(), fc.string({ unit: 'grapheme', maxLength: 20 })));
    case 'array':
      return typed(fc.array(valueFor(s.items as JsonSchema, depth + 1), { maxLength: 4 }));
    case 'object':
    case undefined: {
      const props = (s.properties as Record<string, JsonSchema> | undefined) ?? {};
      const keys = Object.keys(props);
      if (!keys.length) return typed(fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }));
      const required = ((s.required as string[]) ?? []).filter((k) => k in props);
      // Required fields present most of the time, so that requests reach the handlers.
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(props[k], depth + 1)])), {
        requiredKeys: required.filter(() => true),
      });
      return typed(fc.oneof({ weight: 4, arbitrary: record }, { weight: 1, arbitrary: fc.record(Object.fromEntries(keys.map((k) => [k, valueFor(props[k], depth + 1)])), { requiredKeys: [] }) }));
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

export function requestFor(op: OperationEntry, basePath: string, tokens: Tokens): fc.Arbitrary<FuzzRequest> {
  const auth = fc.constantFrom<Record<string, string>>(
    { authorization: `Bearer ${tokens.plan}` },
    { 'x-api-token': tokens.plan },
    { authorization: `Bearer ${tokens.nosub}` },
    { authorization: 'Bearer made-up-token' },
    { authorization: 'Basic dXNlcjpwYXNz' },
    {},
  );
  const platform = fc.oneof({ weight: 6, arbitrary: fc.constantFrom('WEB', 'IOS', 'ANDROID') }, { weight: 1, arbitrary: fc.constantFrom('', 'web', 'WINDOWS', '😀') });
  const contentType = fc.oneof({ weight: 6, arbitrary: fc.constant('application/json') }, { weight: 1, arbitrary: fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '') });
  const body = fc.oneof(
    { weight: 8, arbitrary: valueFor(op.requestBody?.schema).map((v) => JSON.stringify(v ?? null)) },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', '[]', 'null', '"x"', '{"__proto__":{"x":1}}', '\u0000') },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  );
  // Dot segments are left out: clients normalize them, so they name another path, not a token.
  const pathToken = fc.oneof(fc.string({ minLength: 1, maxLength: 30 }).filter((x) => x !== '.' && x !== '..').map(encodeURIComponent), fc.constantFrom('%ZZ', '%2F', 'a'.repeat(300)));
  const page = fc.option(fc.oneof(fc.integer({ min: -2, max: 50 }).map(String), fc.constantFrom('x', '', '1e3', '2.5')), { nil: undefined });
  return fc
    .record({ auth, platform: fc.option(platform, { nil: undefined }), contentType, body: fc.option(body, { nil: undefined }), pathToken, page })
    .map(({ auth: a, platform: p, contentType: ct, body: b, pathToken: tok, page: pg }) => {
      const headers: Record<string, string> = { ...a };
      if (p !== undefined) headers.platform = p;
      const hasBody = op.method !== 'get' && b !== undefined;
      if (hasBody && ct) headers['content-type'] = ct;
      const path = op.path.replace('{token}', tok);
      const query = op.parameters.some((x) => x.in === 'query') && pg !== undefined ? `?page=${encodeURIComponent(pg)}` : '';
      return { method: op.method.toUpperCase(), url: `${basePath}${path}${query}`, headers, ...(hasBody ? { payload: b } : {}) };
    });
}
