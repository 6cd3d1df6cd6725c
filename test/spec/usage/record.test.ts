// What one exchange adds to a usage record: field names where the spec names
// them, `{additional}` where it does not (a custom field's label may be what
// a user typed), enum values the spec lists and nothing else of a value.
import t from 'tap';
import type { OperationEntry } from '../../../spec/load.js';
import { emptyUsage, mergeUsage, USAGE_BOUNDS } from '../../../spec/usage/format.js';
import { noteExchange } from '../../../spec/usage/record.js';

const op = {
  operationId: 'saveThing',
  method: 'post',
  path: '/thing',
  parameters: [
    { name: 'platform', in: 'header', required: true, schema: { enum: ['WEB', 'IOS'] } },
    { name: 'page', in: 'query', required: false, schema: { type: 'integer' } },
  ],
  requestBody: {
    required: true,
    contentTypes: ['application/json'],
    schema: {
      type: 'object',
      properties: {
        unit: { enum: ['inches', 'cm'] },
        name: { type: 'string' },
        custom: { type: 'object', additionalProperties: { type: 'string' } },
        windows: {
          type: 'array',
          items: {
            allOf: [
              { properties: { width: { type: 'string' }, mount: { anyOf: [{ enum: ['inside'] }, { type: 'null' }] } } },
            ],
          },
        },
      },
    },
  },
} as unknown as OperationEntry;

const cases: Array<{
  name: string;
  body: unknown;
  sent: Record<string, number>;
  values?: Record<string, Record<string, number>>;
}> = [
  {
    name: 'a flat body',
    body: { name: 'Ann', unit: 'cm' },
    sent: { '': 1, '/name': 1, '/unit': 1 },
    values: { '/unit': { '"cm"': 1 } },
  },
  { name: 'a value outside the enum is not kept', body: { unit: 'bananas' }, sent: { '': 1, '/unit': 1 }, values: {} },
  { name: 'the name a user typed is not kept', body: { name: 'inches' }, sent: { '': 1, '/name': 1 }, values: {} },
  {
    name: 'keys the spec does not name are {additional}',
    body: { custom: { 'Ann’s secret label': 'x' }, zipcode: '1' },
    sent: { '': 1, '/custom': 1, '/custom/{additional}': 1, '/{additional}': 1 },
    values: {},
  },
  {
    name: 'array items are [], counted once a call, through allOf and anyOf',
    body: {
      windows: [
        { width: '1', mount: 'inside' },
        { width: '2', mount: null },
      ],
    },
    sent: { '': 1, '/windows': 1, '/windows/[]/width': 1, '/windows/[]/mount': 1 },
    values: { '/windows/[]/mount': { '"inside"': 1 } },
  },
];

t.test('a body adds its fields and listed enum values', async (t) => {
  for (const c of cases) {
    const file = emptyUsage('mock');
    noteExchange(file, op, { operationId: 'saveThing', status: 200, body: c.body });
    const usage = file.operations.saveThing!;
    t.same(usage.sent, c.sent, `${c.name}: sent`);
    t.same(usage.values, c.values ?? {}, `${c.name}: values`);
    t.equal(usage.calls, 1);
  }
});

t.test('parameters: names sent, and values only where an enum lists them', async (t) => {
  const file = emptyUsage('proxy');
  noteExchange(file, op, {
    operationId: 'saveThing',
    status: 422,
    platform: 'IOS',
    query: { page: '7' },
    headers: { platform: 'IOS', authorization: 'Bearer 0123456789abcdef' },
  });
  const usage = file.operations.saveThing!;
  t.same(usage.parameters, { 'header platform': 1, 'query page': 1 });
  t.same(usage.values, { 'header platform': { '"IOS"': 1 } });
  t.same(usage.statuses, { 422: 1 });
  t.same(usage.platforms, { IOS: 1 });
  t.notMatch(JSON.stringify(file), /0123456789abcdef|"7"/, 'no credential, no value typed');
  t.notOk(usage.worlds, 'worlds are the mock’s only');
  t.notOk(usage.read, 'reads are the client’s only');
});

t.test('bounded: a body of many distinct keys keeps at most the bound, a deep one stops', async (t) => {
  const file = emptyUsage('mock');
  const wide = { custom: Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'v'])) };
  noteExchange(file, { ...op, requestBody: undefined }, { operationId: 'saveThing', status: 200, body: wide });
  t.ok(Object.keys(file.operations.saveThing!.sent).length <= USAGE_BOUNDS.pointers);
  let deep: unknown = 'x';
  for (let i = 0; i < 10_000; i++) deep = { a: deep };
  noteExchange(file, op, { operationId: 'saveThing', status: 200, body: deep });
  t.ok(Object.keys(file.operations.saveThing!.sent).every((k) => k.split('/').length <= USAGE_BOUNDS.depth + 3));
});

t.test('merging sums counts and spans the periods; sources must match', async (t) => {
  const a = emptyUsage('mock', new Date('2026-11-01T00:00:00Z'));
  const b = emptyUsage('mock', new Date('2026-11-10T00:00:00Z'));
  b.until = '2026-11-12T00:00:00.000Z';
  noteExchange(a, op, { operationId: 'saveThing', status: 200, body: { unit: 'cm' }, world: 'w1' });
  noteExchange(b, op, { operationId: 'saveThing', status: 200, body: { unit: 'cm' }, world: 'w2' });
  const m = mergeUsage([a, b]);
  t.equal(m.since, '2026-11-01T00:00:00.000Z');
  t.equal(m.until, '2026-11-12T00:00:00.000Z');
  t.equal(m.operations.saveThing!.calls, 2);
  t.same(m.operations.saveThing!.values, { '/unit': { '"cm"': 2 } });
  t.same(m.operations.saveThing!.worlds, { w1: 1, w2: 1 });
  t.throws(() => mergeUsage([a, emptyUsage('client')]), /different sources/);
});

t.test('a body text seen before counts as walking it again would', async (t) => {
  const walked = emptyUsage('mock');
  const remembered = emptyUsage('mock');
  const body = { unit: 'cm', windows: [{ width: '1', mount: 'inside' }] };
  for (let i = 0; i < 3; i++) {
    noteExchange(walked, op, { operationId: 'saveThing', status: 200, body });
    noteExchange(remembered, op, { operationId: 'saveThing', status: 200, body, bodyText: JSON.stringify(body) });
  }
  t.same(remembered.operations, walked.operations);
  t.equal(remembered.operations.saveThing!.sent['/windows/[]/width'], 3);
  t.same(remembered.operations.saveThing!.values['/unit'], { '"cm"': 3 });
});
