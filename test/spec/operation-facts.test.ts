// The per-operation facts come from the spec: for the current spec they are
// what the suite's hand lists said (nothing changed by accident), and a read
// added to a copy of the spec is checked by conformance with no change to the
// suite.
import t from 'tap';
import { endsSession } from '../../contracts/checks/disposable.js';
import { invalidAuth, validPlan } from '../../contracts/fuzz/safety.js';
import { runContracts } from '../../contracts/runner.js';
import { buildMock } from '../../mock/build.js';
import { buildSpec, type RawNode } from '../../spec/load.js';
import { factsOf, protectedReads, writeEffectOf } from '../../spec/operation-facts.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();
const ids = (pick: (f: ReturnType<typeof factsOf>) => boolean) =>
  loaded.operations
    .map(factsOf)
    .filter(pick)
    .map((f) => f.operationId)
    .sort();

const order = (id: string) => loaded.operations.findIndex((o) => o.operationId === id);

// The hand lists the suite kept before the facts were read from the spec, as they were.
const OLD_READS = [
  'getSettings',
  'listCountries',
  'getHowItWorks',
  'listPlans',
  'getCurrentPlan',
  'getProfile',
  'listCompanyUsers',
  'listClients',
  'listCompanyClients',
  'getRoomMeasurements',
  'getRoomsByClientId',
  'listMeasurementTypes',
  'listAdminRoomTypes',
];
const OLD_PROTECTED_READS = [
  'getProfile',
  'listPlans',
  'getCurrentPlan',
  'listCompanyUsers',
  'listMeasurementTypes',
  'listAdminRoomTypes',
  'listClients',
  'listCompanyClients',
  'getRoomsByClientId',
  'getRoomMeasurements',
];
const OLD_LISTS = [
  'listCountries',
  'listPlans',
  'listCompanyUsers',
  'listMeasurementTypes',
  'listAdminRoomTypes',
  'listClients',
  'listCompanyClients',
];

t.test('for the current spec, the facts are the former hand lists', async (t) => {
  t.same(
    ids((f) => f.read),
    [...OLD_READS].sort(),
    'reads: x-read',
  );
  t.same(
    protectedReads(loaded).map((o) => o.operationId),
    OLD_PROTECTED_READS.toSorted((a, b) => order(a) - order(b)),
    'protected reads, in the spec order',
  );
  // The old list held the lists conformance reads through its generic read. The schema also shows the
  // settings and how-it-works steps as records (a list), and the two room reads, which have checks of their
  // own that look for a non-empty answer: these four are lists on purpose now.
  t.same(
    ids((f) => f.list),
    [...OLD_LISTS, 'getSettings', 'getHowItWorks', 'getRoomMeasurements', 'getRoomsByClientId'].sort(),
    'lists: a 2xx data array of objects, or a page of them',
  );
  t.same(
    ids((f) => f.gated),
    loaded.operations
      .filter((o) => o.responses['403'] && !o.isPublic && o.operationId !== 'logout')
      .filter((o) => !['listPlans', 'getCurrentPlan', 'getProfile'].includes(o.operationId))
      .map((o) => o.operationId)
      .sort(),
    'gated: x-subscription-required, the operations that document the 403 and are not the open ones',
  );
  t.ok(
    loaded.operations.every((o) => !o.read || o.list || !/^list/.test(o.operationId)),
    'every list* read is a list',
  );
});

/** A copy of the spec with a public list read and a protected read of one record, neither known to the suite. */
function withTwoReads(raw: RawNode): RawNode {
  const copy = structuredClone(raw);
  const params = [{ $ref: '#/components/parameters/Platform' }, { $ref: '#/components/parameters/ApiKey' }];
  const ok = (data: unknown, example: unknown) => ({
    '200': {
      description: 'ok',
      content: {
        'application/json': {
          schema: { type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data } },
          example,
        },
      },
    },
    '401': { $ref: '#/components/responses/Unauthenticated' },
  });
  copy.paths['/colours/index'] = {
    post: {
      operationId: 'listColours',
      'x-read': true,
      tags: ['Reference'],
      summary: 'Colours',
      security: [],
      parameters: params,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object' }, example: { family: 'blue' } } },
      },
      responses: ok(
        {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'name'],
            properties: { id: { type: 'integer' }, name: { type: 'string' } },
          },
        },
        { message: 'ok', data: [{ id: 1, name: 'Navy' }] },
      ),
    },
  };
  copy.paths['/motd/get'] = {
    post: {
      operationId: 'getMessageOfTheDay',
      'x-read': true,
      tags: ['Reference'],
      summary: 'The message of the day',
      parameters: params,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['lang'],
              properties: { lang: { type: 'string', enum: ['en', 'fr'] } },
            },
          },
        },
      },
      responses: ok(
        { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
        { message: 'ok', data: { text: 'Hello' } },
      ),
    },
  };
  return copy;
}

t.test('a read added to the spec is checked by conformance, with no change to the suite', async (t) => {
  const extended = await buildSpec(withTwoReads(loaded.raw));
  t.same(
    ['listColours', 'getMessageOfTheDay'].map((id) => factsOf(extended.byId.get(id)!)),
    [
      { operationId: 'listColours', read: true, list: true, protected: false, gated: false },
      { operationId: 'getMessageOfTheDay', read: true, list: false, protected: true, gated: false },
    ],
  );
  const mock = await buildMock({ spec: loaded, rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  // The small server of the two new operations, in front of the mock (which answers everything else).
  const sent: Array<{ path: string; body: unknown; auth: string | null }> = [];
  let colours: unknown[] = [{ id: 1, name: 'Navy' }];
  const fetch = async (input: string, init: RequestInit) => {
    const path = new URL(input).pathname;
    const answer = (data: unknown) =>
      new Response(JSON.stringify({ message: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    if (path === '/api/v1/colours/index' || path === '/api/v1/motd/get') {
      const headers = new Headers(init.headers);
      sent.push({ path, body: JSON.parse(String(init.body)), auth: headers.get('authorization') });
      return path === '/api/v1/colours/index' ? answer(colours) : answer({ text: 'Hello' });
    }
    return globalThis.fetch(input, init);
  };
  const options = {
    baseUrl: url,
    credentials: { email: 'demo@example.com', password: 'demo-password' },
    timeoutMs: 5000,
    fetch,
    checks: ['conformance'],
  };
  const report = await runContracts(options, extended);
  const verdict = (id: string) =>
    report.results.find((r) => r.operationId === id && r.group === 'conformance')?.verdict;
  t.equal(verdict('listColours'), 'pass', 'the new list is read and conforms');
  t.equal(verdict('getMessageOfTheDay'), 'pass', 'the new protected read is read and conforms');
  t.same(
    sent.map((s) => [s.path, s.body, s.auth !== null]),
    [
      ['/api/v1/colours/index', { family: 'blue' }, false],
      ['/api/v1/motd/get', { lang: 'en' }, true],
    ],
    "bodies from the spec: the example, else the required fields (an enum's first value); the protected one with the run's token",
  );
  t.notOk(
    report.summary.operations.uncovered.some((id) => id === 'listColours' || id === 'getMessageOfTheDay'),
    'the new operations count as covered',
  );

  // The list fact at work: an empty list is a read that exercised no record schema, and says so.
  colours = [];
  const empty = await runContracts(options, extended);
  const list = empty.results.find((r) => r.operationId === 'listColours' && r.group === 'conformance');
  t.match(list?.notes.join(' '), /holds no records/);
});

// What each write does is the spec's x-write-effect, read by the suite: which checks end a session,
// which writes the fuzzer may send valid requests to, and why the others get none.
t.test('x-write-effect: the former hand lists, and a change to the spec changes what the suite does', async (t) => {
  const kinds = (kind: string) =>
    loaded.operations
      .filter((o) => o.writeEffect?.kind === kind)
      .map((o) => o.operationId)
      .sort();
  t.same(kinds('ends-session'), ['logout'], 'the former ENDS_SESSION');
  t.same(
    kinds('adds-own-record'),
    [
      'addEditAwningMeasurement',
      'addEditSeriesWindowMeasurement',
      'addEditSingleWindowPhotoMeasurement',
      'addEditSpecialtyWindowMeasurement',
    ],
    'the former OWN_RECORD_WRITES',
  );
  for (const [node, expected] of [
    [{ 'x-write-effect': { kind: 'ends-session', says: 'x' } }, { kind: 'ends-session', says: 'x' }],
    [{ 'x-write-effect': { kind: 'sends-mail' } }, { kind: 'sends-mail', says: 'sends-mail' }],
    [{ 'x-write-effect': { kind: 'explodes', says: 'x' } }, undefined],
    [{ 'x-write-effect': 'ends-session' }, undefined],
    [{}, undefined],
  ] as const)
    t.same(writeEffectOf(node as Record<string, unknown>), expected, JSON.stringify(node));

  const copy = structuredClone(loaded.document) as RawNode;
  copy.paths['/client/delete'].post['x-write-effect'] = { kind: 'ends-session', says: 'deleting ends it, here' };
  copy.paths['/measurements/awning_measurement_add_edit'].post['x-write-effect'] = {
    kind: 'changes-shared-record',
    says: 'an awning no caller owns',
  };
  const changed = await buildSpec(copy);
  const del = changed.byId.get('deleteClient')!;
  t.ok(endsSession(del), 'a delete marked ends-session ends a session to the suite');
  t.same(invalidAuth(del), { bearer: 'contract-fuzz-made-up-token' }, 'and the fuzzer never sends it the run token');
  t.same(validPlan(changed.byId.get('addEditAwningMeasurement')!, true), {
    kind: 'skip',
    reason: 'an awning no caller owns',
  });
  t.same(validPlan(loaded.byId.get('addEditAwningMeasurement')!, true), { kind: 'own-record' }, 'as before in ours');
});
