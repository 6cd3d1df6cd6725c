// `?page=Infinity` answered 500 (issue 26): Ajv's query coercion turns the text
// "Infinity" (or "1e400") into a number after its type check, every number
// keyword (minimum, maximum) then skips it, and the serializer cannot write it.
// The family: every integer and number field of every operation, in the body
// and the query, given a number that is not finite or beyond what a double
// holds exactly. None may be a 500; a non-finite one is Laravel's 422.
import t, { type Test } from 'tap';
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { declaredTypes, subschemas } from '../../spec/schema.js';
import { bearer, spec, testMock } from '../helpers/mock.js';

interface NumericField {
  /** Keys from the body's root (a number for an array's first item). */
  path: Array<string | number>;
  type: 'integer' | 'number';
}

/** Every property of a schema that admits integer or number, at any depth, through allOf/oneOf/anyOf. */
function numericFields(schema: JsonSchema, path: Array<string | number> = [], depth = 0): NumericField[] {
  if (depth > 8) return [];
  const out: NumericField[] = [];
  for (const sub of subschemas(schema)) {
    for (const [name, prop] of Object.entries((sub.properties as Record<string, JsonSchema>) ?? {})) {
      const types = declaredTypes(prop);
      if (types?.has('integer') || types?.has('number'))
        out.push({ path: [...path, name], type: types.has('integer') ? 'integer' : 'number' });
      else out.push(...numericFields(prop, [...path, name], depth + 1));
    }
    if (sub.items) out.push(...numericFields(sub.items as JsonSchema, [...path, 0], depth + 1));
  }
  const seen = new Set<string>();
  return out.filter((f) => !seen.has(f.path.join('.')) && !!seen.add(f.path.join('.')));
}

const PLACEHOLDER = '__the_hostile_number__';

/** The operation's example body with the field set to a number literal JSON.stringify cannot write (1e400). */
function bodyWith(example: unknown, path: Array<string | number>, literal: string): string {
  const root: Record<string | number, unknown> = structuredClone((example ?? {}) as Record<string, unknown>);
  let node = root;
  for (const [i, key] of path.entries()) {
    if (i === path.length - 1) node[key] = PLACEHOLDER;
    else {
      const next = typeof path[i + 1] === 'number' ? [] : {};
      if (node[key] === null || typeof node[key] !== 'object') node[key] = next;
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return JSON.stringify(root).replace(`"${PLACEHOLDER}"`, literal);
}

/** Numbers no double holds: JSON.parse makes them ±Infinity. */
const NON_FINITE_BODY = ['1e400', '-1e400', '123456789e999'];
/** Whole numbers a double holds only roughly (beyond Number.MAX_SAFE_INTEGER) or that no real id reaches. */
const HUGE_BODY = ['1e20', '-1e20', '9007199254740993', '1e308', '100000000000000000000'];
/** Query text Ajv's coercion turns into a number that is not finite, or into NaN. */
const NON_FINITE_QUERY = ['Infinity', '-Infinity', '+Infinity', 'NaN', '1e400', '-1e400', ' Infinity '];
const HUGE_QUERY = ['1e20', '99999999999999999999', '9007199254740993', '-1e20'];

const typeWords = { integer: 'an integer', number: 'a number' };

/** The answer is a 422 in the operation's error shape; with per-field errors, one names the field. */
function refused422(t: Test, r: { statusCode: number; json(): any }, field: string, what: string): void {
  t.equal(r.statusCode, 422, `${what}: 422, not ${r.statusCode}`);
  const body = r.json();
  // The awning operation documents its 422 as {status: "error", message: "Validation failed"}.
  if (body?.status === 'error') return void t.equal(body.message, 'Validation failed', `${what}: the awning's shape`);
  t.match(body, { message: String, status: 422 }, `${what}: the API's shape`);
  const words = field.replace(/_/g, ' ');
  // An enum field (window_type) answers Laravel's `in` message instead of its type's.
  const named = new RegExp(`^(The ${words} field |The selected ${words} is invalid)`);
  t.match(body.errors?.[field], [named], `${what}: names the field`);
}

t.test(
  'regression: no integer or number field of any operation answers 500 to a non-finite or huge number',
  async (t) => {
    const mock = await testMock(t, { rateLimit: false });
    const loaded = await spec();
    const token = await mock.signin();
    const send = (op: OperationEntry, url: string, payload: string) =>
      mock.app.inject({
        method: op.method.toUpperCase() as 'POST',
        url,
        headers: { platform: 'WEB', 'content-type': 'application/json', ...bearer(token) },
        payload,
      });
    let fields = 0;
    for (const op of loaded.operations) {
      const url = `${loaded.basePath}${op.path.replace(/\{[^}]+\}/g, 'x')}`;
      const example = (op.requestBody?.examples[0] ?? {}) as Record<string, unknown>;
      for (const field of op.requestBody ? numericFields(op.requestBody.schema) : []) {
        fields++;
        const name = field.path.join('.');
        for (const literal of [...NON_FINITE_BODY, ...HUGE_BODY]) {
          const what = `${op.operationId} body ${name}=${literal}`;
          const r = await send(op, url, bodyWith(example, field.path, literal));
          // A double holds 1e20 exactly as a number; as an integer no Laravel backend takes it (PHP makes it a float).
          if (NON_FINITE_BODY.includes(literal) || field.type === 'integer') refused422(t, r, name, what);
          else t.ok(r.statusCode < 500, `${what}: ${r.statusCode}, not a 500`);
        }
      }
      for (const param of op.parameters.filter((p) => p.in === 'query')) {
        const types = declaredTypes(param.schema as JsonSchema);
        if (!types?.has('integer') && !types?.has('number')) continue;
        fields++;
        const type = types.has('integer') ? 'integer' : 'number';
        // The body's page wins over the query's (as Laravel's input() merges them): sent without it.
        const { [param.name]: _dropped, ...body } = example;
        for (const text of [...NON_FINITE_QUERY, ...HUGE_QUERY]) {
          const what = `${op.operationId} ?${param.name}=${text}`;
          const r = await send(op, `${url}?${param.name}=${encodeURIComponent(text)}`, JSON.stringify(body));
          refused422(t, r, param.name, what);
          if (NON_FINITE_QUERY.includes(text))
            t.same(r.json().errors?.[param.name], [`The ${param.name} field must be ${typeWords[type]}.`], what);
        }
      }
    }
    t.ok(fields >= 20, `${fields} numeric fields tried`);
    t.ok(mock.app.mock.store.userByToken(token), 'the session lived through it all');
  },
);

t.test('regression: the control routes refuse non-finite numbers with a 422 too', async (t) => {
  const mock = await testMock(t);
  const cases: Array<[string, string, string]> = [
    ['/__mock/faults', '{"latency_ms":1e400}', 'latency ms'],
    ['/__mock/faults', '{"count":1e400}', 'count'],
    ['/__mock/faults', '{"status":-1e400}', 'status'],
    ['/__mock/subscription', '{"email":"demo@example.com","plan_id":1e400}', 'plan id'],
  ];
  for (const [url, payload, field] of cases) {
    const r = await mock.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    t.equal(r.statusCode, 422, `${url} ${payload}`);
    t.match(r.json(), { message: new RegExp(`The ${field} field must be`), status: 422 }, `${url} ${payload}`);
  }
  for (const [url, payload, field] of [
    ['/__mock/subscription', '{"email":"demo@example.com","plan_id":1e20}', 'plan id'],
    ['/__mock/faults', '{"count":1e20}', 'count'],
  ] as const) {
    const r = await mock.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    t.match(r.json(), { message: `The ${field} field must be an integer.`, status: 422 }, `${url} ${payload}`);
  }
});

t.test('a free-form field holding 1e400 is refused too, not stored as null', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const op = (await spec()).byId.get('addEditSeriesWindowMeasurement')!;
  const example = { ...(op.requestBody!.examples[0] as object), custom_field: {} };
  const body = bodyWith(example, ['custom_field', 'note'], '1e400');
  const r = await mock.app.inject({
    method: 'POST',
    url: `/api/v1${op.path}`,
    headers: { platform: 'WEB', 'content-type': 'application/json', ...bearer(token) },
    payload: body,
  });
  t.equal(r.statusCode, 422, body);
  t.match(r.json(), { errors: { 'custom_field.note': ['The custom field.note field must be a number.'] } });
});
