// What --fuzz generates, without a server: valid cases valid against their
// schema, invalid ones flawed and harmless, the boundary phase's cases, the
// safety plan per operation, and how findings are folded.
import fc from 'fast-check';
import t from 'tap';
import { isTargetId, NO_SUCH_ID } from '../../contracts/checks/negative.js';
import { boundaryCases, boundaryValues } from '../../contracts/fuzz/boundary.js';
import { describeCase, type FuzzCase, invalidCase, validCase } from '../../contracts/fuzz/cases.js';
import { applyFlaw, flawsOf } from '../../contracts/fuzz/flaws.js';
import { EXAMPLES, Folds, kindOf, MAX_KINDS } from '../../contracts/fuzz/folds.js';
import { validPlan } from '../../contracts/fuzz/safety.js';
import type { Finding } from '../../contracts/types.js';
import { createAjv, withFiniteNumbers } from '../../spec/ajv.js';
import type { JsonSchema, OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();
/** The reads, as the spec marks them (x-read). */
const READS = new Set(loaded.operations.filter((o) => o.read).map((o) => o.operationId));
const ctx = { platforms: ['WEB', 'IOS', 'ANDROID'], hints: { client_id: [7], company_name: ['Demo Blinds Co'] } };
const ajv = createAjv({ allErrors: false });
const bodyValid = (op: OperationEntry, body: unknown) =>
  body === undefined ||
  !op.requestBody ||
  // As the fuzz checks judge a body (checks/fuzz.ts): no whole number past 2^53.
  (withFiniteNumbers(ajv.compile(op.requestBody.schema), op.requestBody.schema)(body) as boolean);

t.test('the reads the spec marks are every get and list operation of the spec', async (t) => {
  const ids = loaded.operations.map((o) => o.operationId);
  t.same(
    [...READS].sort(),
    ids.filter((id) => /^(get|list)[A-Z]/.test(id)).sort(),
    'a new read or write in the spec shows here',
  );
  t.same(
    loaded.operations.filter((o) => !o.read && !o.writeEffect).map((o) => o.operationId),
    [],
    'every write says what it does (x-write-effect), with a kind the tools know',
  );
  t.same(
    loaded.operations.filter((o) => o.read && o.writeEffect).map((o) => o.operationId),
    [],
    'no read has a write effect',
  );
});

/** The writes whose valid requests go to a record the run adds itself: the spec's adds-own-record. */
const OWN_RECORD_WRITES = new Set(
  loaded.operations.filter((o) => o.writeEffect?.kind === 'adds-own-record').map((o) => o.operationId),
);

t.test('the plan: reads get valid requests; writes only their own records, and only with --allow-writes', async (t) => {
  for (const op of loaded.operations) {
    const plan = validPlan(op, false);
    if (READS.has(op.operationId)) t.same(plan, { kind: 'read' }, op.operationId);
    else t.equal(plan.kind, 'skip', op.operationId);
    if (plan.kind === 'skip') t.notMatch(plan.reason, /no record of its own/, `${op.operationId}: a reason of its own`);
    if (OWN_RECORD_WRITES.has(op.operationId)) t.same(validPlan(op, true), { kind: 'own-record' });
    else if (!READS.has(op.operationId)) t.equal(validPlan(op, true).kind, 'skip', `${op.operationId} with writes`);
  }
});

t.test('valid cases validate against their schema, for every operation', async (t) => {
  const invalid: string[] = [];
  for (const op of loaded.operations) {
    for (const c of fc.sample(validCase(op, ctx), { numRuns: 100, seed: 3 })) {
      if (!bodyValid(op, c.body)) invalid.push(`${op.operationId}: ${JSON.stringify(c.body).slice(0, 120)}`);
      if (c.platform === null || !ctx.platforms.includes(c.platform)) invalid.push(`${op.operationId} platform`);
      const page = c.query.page;
      if (page !== undefined && !(Number(page) >= 1 && Number(page) <= 1_000_000)) invalid.push(`page ${page}`);
    }
  }
  t.same(invalid.slice(0, 5), []);
});

t.test('invalid cases carry one flaw; on writes they name no record, account or password that exists', async (t) => {
  const problems: string[] = [];
  for (const op of loaded.operations) {
    let stillValid = 0;
    const cases = fc.sample(invalidCase(op, ctx), { numRuns: 100, seed: 4 });
    for (const c of cases) {
      if (!c.flaw) problems.push(`${op.operationId}: no flaw`);
      const bodyFlaw = c.flaw?.kind === 'missing' || c.flaw?.kind === 'set';
      if (bodyFlaw && bodyValid(op, c.body)) stillValid++;
      if (READS.has(op.operationId)) continue;
      const body = (c.body ?? {}) as Record<string, unknown>;
      for (const [k, v] of Object.entries(body)) {
        if (isTargetId(k) && typeof v === 'number' && v !== NO_SUCH_ID) problems.push(`${op.operationId}: ${k} ${v}`);
        if (/password/.test(k)) problems.push(`${op.operationId}: ${k}`);
        if (/email/.test(k) && typeof v === 'string' && v.includes('@') && v !== 'nobody@example.invalid')
          problems.push(`${op.operationId}: ${k} ${v}`);
      }
      // The record a write changes stays named (by an id that does not exist), so that nothing else is meant.
      const required = (foldAllOf(op.requestBody?.schema ?? {}).required ?? []) as string[];
      for (const k of required.filter(isTargetId)) if (!(k in body)) problems.push(`${op.operationId}: ${k} left out`);
    }
    // A flaw the schema still accepts is discarded before sending; it must stay rare.
    t.ok(stillValid <= 20, `${op.operationId}: ${stillValid} of 100 body flaws left the body valid`);
  }
  t.same(problems.slice(0, 5), []);
});

t.test('the flaws of an operation come from its schemas', async (t) => {
  const labels = (id: string) => flawsOf(loaded.byId.get(id)!, ctx.platforms).map((f) => f.label);
  const list = labels('listClients');
  for (const label of [
    '"limit": 101 (above its maximum 100)',
    '"limit": 0 (below its minimum 1)',
    '"page": 1000001 (above its maximum 1000000)',
    '"keyword": 12345 (of the wrong type)',
    '?page=0 (below its minimum 1)',
    '?page=x (not a number)',
    'without the platform header',
    'platform "WINDOWS" (not one of its values)',
    'platform "web" (not one of its values)',
  ])
    t.ok(list.includes(label), label);
  t.ok(labels('listCompanyClients').includes('without required "company_name"'));
  const del = labels('deleteClient');
  t.notOk(del.includes('without required "client_id"'), 'a write keeps the identifier it names');
  t.same(
    del.filter((l) => l.startsWith('"client_id"')),
    [
      '"client_id": "not-a-number" (of the wrong type)',
      '"client_id": {} (of the wrong type)',
      '"client_id": [] (of the wrong type)',
    ],
    'and never a number or a boolean a lenient server could read as a record',
  );
  t.notOk(
    labels('signup').some((l) => /password/.test(l)),
    'no flaw puts a password back',
  );
});

t.test('a flaw is applied to a copy', async (t) => {
  const c: FuzzCase = { body: { limit: 5 }, query: {}, platform: 'WEB' };
  const flawed = applyFlaw(c, { kind: 'set', field: 'limit', value: 101, label: '' });
  t.same(c.body, { limit: 5 });
  t.same(flawed.body, { limit: 101 });
  t.equal(applyFlaw(c, { kind: 'platform', value: null, label: '' }).platform, null);
  t.same(applyFlaw(c, { kind: 'missing', field: 'limit', label: '' }).body, {});
  const long = describeCase({ body: { keyword: 'x'.repeat(5000) }, query: {}, platform: 'WEB' });
  t.ok(long.length <= 303, 'a case is described in a line');
});

t.test('the boundary values of a field come from its schema, the most telling first', async (t) => {
  const strings = ['%', "'", '\u0000', '_', '\\', '"', '😀', 'x'.repeat(256), 'x'.repeat(255), '\u200f', '   ', ''];
  const rows: Array<[string, JsonSchema, unknown[]]> = [
    ['a bounded string', { type: 'string', maxLength: 255 }, strings],
    ['a nullable string', { type: ['string', 'null'] }, strings],
    ['a bounded integer', { type: 'integer', minimum: 1, maximum: 100 }, [2 ** 31, 0, -1, 101, 2 ** 53, 100, 1]],
    ['an unbounded integer', { type: 'integer' }, [2 ** 31, 0, -1, 2 ** 53]],
    ['a nullable integer', { type: ['integer', 'null'], maximum: 9 }, [2 ** 31, 0, -1, 10, 2 ** 53, 9]],
    ['a string enum', { type: 'string', enum: ['inch', 'cm'] }, ['not-a-listed-value']],
    [
      'an enum, null or empty',
      { anyOf: [{ enum: ['in', 'out'] }, { type: 'null' }, { const: '' }] },
      ['not-a-listed-value'],
    ],
    ['a numeric enum', { enum: [0, 1] }, [99_999]],
    ['a boolean', { type: 'boolean' }, []],
    ['an object', { type: 'object', properties: { a: { type: 'string' } } }, []],
  ];
  for (const [name, schema, values] of rows)
    t.same(
      boundaryValues(schema).map((v) => v.value),
      values,
      name,
    );
});

t.test('the boundary cases of every operation: valid ones valid, invalid ones invalid, writes harmless', async (t) => {
  const problems: string[] = [];
  for (const op of loaded.operations) {
    const plan = validPlan(op, false);
    const isValid = (body: unknown) => bodyValid(op, body);
    const { valid, invalid } = boundaryCases(op, {
      ...ctx,
      valid: plan.kind === 'read' ? { overrides: {} } : undefined,
      isValid,
    });
    if (plan.kind !== 'read' && valid.length) problems.push(`${op.operationId}: valid cases of a write`);
    for (const c of valid) if (!isValid(c.body)) problems.push(`${op.operationId}: ${describeCase(c)} invalid`);
    for (const c of invalid) {
      if (!c.flaw) problems.push(`${op.operationId}: no flaw`);
      if (c.flaw?.kind === 'set' && isValid(c.body)) problems.push(`${op.operationId}: ${c.flaw.label} still valid`);
      if (READS.has(op.operationId)) continue;
      for (const [k, v] of Object.entries((c.body ?? {}) as Record<string, unknown>)) {
        if (isTargetId(k) && v !== NO_SUCH_ID) problems.push(`${op.operationId}: ${k} ${v}`);
        if (/password/.test(k)) problems.push(`${op.operationId}: ${k}`);
        if (/email/.test(k) && v !== 'nobody@example.invalid') problems.push(`${op.operationId}: ${k} ${v}`);
      }
    }
    // Every string field of a read gets every string value, valid or invalid.
    const properties = (foldAllOf(op.requestBody?.schema ?? {}).properties ?? {}) as Record<string, JsonSchema>;
    const all = [...valid, ...invalid];
    for (const [k, s] of Object.entries(properties))
      if (READS.has(op.operationId) && s.type === 'string' && !s.enum) {
        const sent = all.filter((c) => (c.boundary ?? c.flaw?.label)?.startsWith(`"${k}": `));
        if (sent.length !== 12) problems.push(`${op.operationId}: ${k} got ${sent.length} values`);
      }
    // Every operation gets a platform header outside its values.
    if (!invalid.some((c) => c.flaw?.kind === 'platform')) problems.push(`${op.operationId}: no platform value`);
  }
  t.same(problems.slice(0, 5), []);
  const list = boundaryCases(loaded.byId.get('listClients')!, {
    ...ctx,
    valid: { overrides: {} },
    isValid: (b) => bodyValid(loaded.byId.get('listClients')!, b),
  });
  t.same(list.valid[0], { body: { keyword: '%' }, query: {}, platform: 'WEB', boundary: '"keyword": "%"' });
  t.same(
    list.valid.slice(0, 6).map((c) => (c.body as { keyword: string }).keyword),
    ['%', "'", '\u0000', '_', '\\', '"'],
    'the first field values before any bound of another',
  );
  t.match(list.invalid[0]?.flaw?.label, '"page": 2147483648 (above its maximum 1000000)');
  t.ok(
    list.invalid.some((c) => c.flaw?.label === '"keyword": 256 characters (longer than its maxLength 255)'),
    'a string past its maxLength is an invalid case',
  );
});

t.test('findings are folded by kind, with a bound on what is held', async (t) => {
  const f = (x: Partial<Finding>): Finding => ({ message: 'm', severity: 'error', ...x });
  const kinds: Array<[Finding, string]> = [
    [f({ expected: 'an answer', actual: 'timeout' }), 'no answer (timeout)'],
    [f({ status: 500, expected: '200 or 422', actual: '500' }), '5xx'],
    [f({ status: 200, expected: '4xx', actual: '200' }), 'invalid accepted'],
    [f({ status: 404, expected: '200 or 422', actual: '404' }), 'valid refused with 404'],
    [f({ status: 200, expected: 'a JSON body' }), 'no JSON body'],
    [
      f({ status: 200, keyword: 'pattern', at: '/data/data/12/created_at' }),
      'schema 200 /data/data/*/created_at pattern',
    ],
    // One place, two statuses and two footings: two kinds (the check fails on the fact's only).
    [
      f({ status: 400, keyword: 'required', at: '/message', assumption: '/components/schemas/UnlistedError' }),
      'schema 400 /message required (/components/schemas/UnlistedError)',
    ],
    [f({ status: 403, keyword: 'required', at: '/message' }), 'schema 403 /message required'],
    [f({ status: 418, keyword: 'status' }), 'undocumented status 418'],
  ];
  for (const [finding, kind] of kinds) t.equal(kindOf(finding), kind, kind);

  const folds = new Folds(() => true, 'listClients');
  const origin = (i: number) => ({
    describe: () => `request ${i}`,
    reproduce: () => ({ request: { method: 'POST', url: 'u', headers: {} }, curl: `curl ${i}` }),
  });
  for (let i = 0; i < 10_000; i++)
    folds.add([f({ message: `kind ${i % 100}`, status: 200, keyword: 'type', at: `/k${i % 100}/${i}` })], origin(i));
  const out = folds.findings(10_000);
  t.equal(out.length, MAX_KINDS * EXAMPLES + 1, 'the first kinds with their examples, and one line for the rest');
  t.match(out[0]?.message, /^kind 0 \(fuzz: request 0\) \[schema 200 \/k0\/\* type: 100 of 10000 requests, 3 shown\]$/);
  t.match(out[1]?.message, /^kind 0 \(fuzz: request 100\) \[schema 200 \/k0\/\* type: shown 2 of 3\]$/);
  t.equal(out[1]?.reproduce?.curl, 'curl 100', 'each example with its own reproduction');
  t.match(out.at(-1), { operationId: 'listClients', severity: 'error', message: /^\.\.\. and 8800 more findings/ });
});

t.test('a flawed query parameter goes without its body twin, which would win over it (PageQuery)', async (t) => {
  const rows: Array<[string, FuzzCase, Partial<FuzzCase>]> = [
    [
      'a page in the body is taken out',
      { body: { page: 1, limit: 5 }, query: {}, platform: 'WEB' },
      { body: { limit: 5 }, query: { page: '1000001' } },
    ],
    [
      'a body without page is left as it is',
      { body: { limit: 5 }, query: { page: '2' }, platform: 'WEB' },
      { body: { limit: 5 }, query: { page: '1000001' } },
    ],
    ['no body stays no body', { query: {}, platform: 'WEB' }, { body: undefined, query: { page: '1000001' } }],
  ];
  for (const [name, c, want] of rows) {
    const before = structuredClone(c);
    const flawed = applyFlaw(c, { kind: 'query', name: 'page', value: '1000001', label: '' });
    t.match(flawed, want, name);
    if (want.body) t.same(flawed.body, want.body, `${name}: body`);
    t.same(c, before, `${name}: the case is not changed in place`);
  }
  // Every invalid case the paged lists get: a query flaw is never undone by the body.
  const undone: string[] = [];
  for (const id of ['listClients', 'listCompanyClients']) {
    const op = loaded.byId.get(id)!;
    for (const c of fc.sample(invalidCase(op, ctx), { numRuns: 300, seed: 5 }))
      if (c.flaw?.kind === 'query' && (c.body as Record<string, unknown>)?.[c.flaw.name] !== undefined)
        undone.push(`${id}: ${describeCase(c)}`);
  }
  t.same(undone.slice(0, 3), []);
});
