// What --fuzz generates, without a server: valid cases valid against their
// schema, invalid ones flawed and harmless, and the safety plan per operation.
import fc from 'fast-check';
import t from 'tap';
import { isTargetId, NO_SUCH_ID } from '../../contracts/checks/negative.js';
import { describeCase, type FuzzCase, invalidCase, validCase } from '../../contracts/fuzz/cases.js';
import { applyFlaw, flawsOf } from '../../contracts/fuzz/flaws.js';
import { OWN_RECORD_WRITES, READS, validPlan } from '../../contracts/fuzz/safety.js';
import { createAjv } from '../../spec/ajv.js';
import type { OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();
const ctx = { platforms: ['WEB', 'IOS', 'ANDROID'], hints: { client_id: [7], company_name: ['Demo Blinds Co'] } };
const ajv = createAjv({ allErrors: false });
const bodyValid = (op: OperationEntry, body: unknown) =>
  body === undefined || !op.requestBody || (ajv.compile(op.requestBody.schema)(body) as boolean);

t.test('the reads are listed, and they are every get and list operation of the spec', async (t) => {
  const ids = loaded.operations.map((o) => o.operationId);
  t.same(
    [...READS].sort(),
    ids.filter((id) => /^(get|list)[A-Z]/.test(id)).sort(),
    'a new read or write in the spec shows here',
  );
  t.ok(
    [...OWN_RECORD_WRITES].every((id) => ids.includes(id)),
    'the own-record writes are operations of the spec',
  );
});

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
