// How each kind of change is judged against recorded usage: used when a
// source saw an app send, receive or read what it touches, unused when every
// source that could see it saw nothing, unknown when none could.
import t from 'tap';
import type { Verdict } from '../../../spec/diff/acknowledge.js';
import type { Change } from '../../../spec/diff/operations.js';
import { changeUsage, failing, type UsageVerdict } from '../../../spec/diff/usage.js';
import { emptyUsage, operationUsage, type UsageFile } from '../../../spec/usage/format.js';

const change = (kind: string, location: string, more: Partial<Change> = {}): Change => ({
  id: `${kind}:${location}`,
  kind,
  breaking: true,
  operation: 'POST /client/list',
  operationId: 'listClients',
  location,
  message: '',
  ...more,
});

/** A mock's usage: listClients called 3 times, 2 with a body of limit (one with keyword), as IOS; 200 and 422. */
function mock(): UsageFile {
  const f = emptyUsage('mock');
  Object.assign(operationUsage(f, 'listClients'), {
    calls: 3,
    statuses: { 200: 2, 422: 1 },
    platforms: { IOS: 3 },
    sent: { '': 2, '/limit': 2, '/keyword': 1, '/filter': 1, '/filter/city': 1 },
    parameters: { 'header platform': 3 },
    values: { 'header platform': { '"IOS"': 3 } },
  });
  return f;
}

/** A client's usage: the same calls, reading id and the cities of 200 answers and the message of the 422. */
function client(): UsageFile {
  const f = mock();
  f.source = 'client';
  delete f.operations.listClients!.worlds;
  f.operations.listClients!.read = {
    200: { '/data': 2, '/data/data': 2, '/data/data/[]/city': 40 },
    422: { '/message': 1 },
  };
  return f;
}

const cases: Array<[string, Change, UsageFile[], UsageVerdict]> = [
  ['an operation called, removed', change('operation-removed', 'operation'), [mock()], 'used'],
  [
    'an operation never called, removed',
    change('operation-removed', 'operation', { operationId: 'deleteClient' }),
    [mock()],
    'unused',
  ],
  [
    'the base path, with any call',
    change('server-base-path-changed', 'servers', { operationId: undefined }),
    [mock()],
    'used',
  ],
  ['a field sent, retyped', change('request-type-changed', 'request body /limit'), [mock()], 'used'],
  ['a field never sent, retyped', change('request-type-changed', 'request body /page'), [mock()], 'unused'],
  ['an object sent, whose field changed', change('request-property-removed', 'request body /filter'), [mock()], 'used'],
  [
    'a field made required that one call lacked',
    change('request-property-made-required', 'request body /keyword'),
    [mock()],
    'used',
  ],
  [
    'a nested field made required, every parent had it',
    change('request-property-made-required', 'request body /filter/city'),
    [mock()],
    'unused',
  ],
  ['the body made required, one call had none', change('request-body-made-required', 'request body'), [mock()], 'used'],
  [
    'an enum value sent, removed',
    change('parameter-request-enum-value-removed', 'header platform', { values: ['IOS'] }),
    [mock()],
    'used',
  ],
  [
    'an enum value never sent, removed',
    change('parameter-request-enum-value-removed', 'header platform', { values: ['ANDROID'] }),
    [mock()],
    'unused',
  ],
  [
    'a parameter made required, sent by every call',
    change('parameter-made-required', 'header platform'),
    [mock()],
    'unused',
  ],
  ['a parameter made required, not sent', change('parameter-made-required', 'query page'), [mock()], 'used'],
  ['a status answered, removed', change('success-status-removed', 'response 200'), [mock()], 'used'],
  ['a status never answered, removed', change('success-status-removed', 'response 201'), [mock()], 'unused'],
  ['a class of statuses answered', change('success-status-removed', 'response 2XX'), [mock()], 'used'],
  [
    'a response field, with no client source',
    change('response-property-removed', 'response 200 /data/data/[]/city'),
    [mock()],
    'unknown',
  ],
  ['a response field read', change('response-property-removed', 'response 200 /data/data/[]/city'), [client()], 'used'],
  [
    'a response field never read',
    change('response-property-removed', 'response 200 /data/data/[]/email'),
    [client()],
    'unused',
  ],
  ['a parent of a field read, retyped', change('response-type-changed', 'response 200 /data/data'), [client()], 'used'],
  ['an error field read', change('error-shape-response-property-removed', 'response 422 /message'), [client()], 'used'],
  [
    'inside a oneOf branch',
    change('response-type-changed', 'response 200 /data/oneOf/0/data/[]/city'),
    [client()],
    'used',
  ],
  [
    'a field of an operation called outside the typed client',
    change('response-property-removed', 'response 200 /data/x', { operationId: 'listCompanyClients' }),
    [
      client(),
      (() => {
        const f = mock();
        operationUsage(f, 'listCompanyClients').calls = 4;
        return f;
      })(),
    ],
    'unknown',
  ],
];

t.test('each change judged by its place and kind', async (t) => {
  for (const [name, c, files, expected] of cases) {
    const u = changeUsage(c, files);
    t.equal(u.usage, expected, `${name}: ${u.why}`);
    t.equal(u.evidence.length > 0, expected === 'used', `${name}: evidence only when used`);
  }
});

t.test('the evidence names the source, its calls and its platforms', async (t) => {
  const u = changeUsage(change('operation-removed', 'operation'), [mock()]);
  t.match(u.why, /^used: mock #1 called 3× \(3 call\(s\); IOS\)$/);
  t.same(Object.keys(u.evidence[0]!), ['source', 'since', 'until', 'calls', 'platforms', 'saw']);
});

t.test('--fail-on decides which unacknowledged breaking changes fail', async (t) => {
  const used = {
    ...change('operation-removed', 'operation'),
    usage: changeUsage(change('operation-removed', 'operation'), [mock()]),
  };
  const unused = { ...change('a', 'b', { id: 'u' }), usage: { usage: 'unused' as const, why: '', evidence: [] } };
  const unknown = { ...change('a', 'b', { id: 'k' }), usage: { usage: 'unknown' as const, why: '', evidence: [] } };
  const acked = { ...change('a', 'b', { id: 'ack' }), acknowledged: 'fine', usage: used.usage };
  const verdict: Verdict = {
    changes: [used, unused, unknown, acked],
    unacknowledged: [used, unused, unknown],
    unused: [],
    legacy: [],
  };
  t.same(
    failing(verdict, 'breaking').map((c) => c.id),
    [used.id, 'u', 'k'],
  );
  t.same(
    failing(verdict, 'used').map((c) => c.id),
    [used.id],
  );
  t.same(
    failing(verdict, 'unknown').map((c) => c.id),
    [used.id, 'k'],
  );
});
