// The typed handle of createMswMock (journal, faults, worlds): what a frontend
// unit test reaches without Fastify's type augmentation (which never loads in an
// app's program: test/e2e/vite-app-typecheck.test.ts). Each member acts on the
// same mock the app's fetch reaches through the handlers, and what a control
// refuses is refused here in the control's words.
import t, { type Test } from 'tap';
import { MockControlError, type MswFault } from '../../msw/index.js';
import { mswServer } from '../helpers/msw.js';

const baseUrl = 'https://api.example.test';
const mock = await mswServer(t, { baseUrl });

// Each test from the seed's world (tap's before-each plugin is off here).
const test = (name: string, fn: (t: Test) => Promise<void>) =>
  t.test(name, async (t) => {
    await mock.reset();
    await fn(t);
  });

const headers = { 'content-type': 'application/json', platform: 'WEB' };
const countries = (world?: string) =>
  fetch(`${baseUrl}/api/v1/countries/index`, {
    method: 'POST',
    headers: { ...headers, ...(world ? { 'x-mock-world': world } : {}) },
    body: '{}',
  });

test('journal: the app’s exchanges, filtered, counted and cleared (all, or one world’s)', async (t) => {
  await countries();
  await countries('w1');
  await fetch(`${baseUrl}/api/v1/user/signin`, { method: 'POST', headers, body: '{"email":"x"}' });
  t.equal(mock.journal.count, 3);
  const [signin, inW1, first] = mock.journal.list();
  t.same([signin?.operationId, signin?.status], ['signin', 422], 'newest first, with its status');
  t.equal(inW1?.world, 'w1');
  t.equal(first?.world, 'default');
  t.same(
    mock.journal.list({ operationId: 'listCountries' }).map((e) => e.world),
    ['w1', 'default'],
  );
  t.same(
    mock.journal.list({ status: { class: 4 } }).map((e) => e.operationId),
    ['signin'],
  );
  t.equal(mock.journal.list({ world: 'w1' }).length, 1);
  t.equal(mock.journal.clear('w1'), 1, 'one world’s exchanges go');
  t.equal(mock.journal.count, 2);
  t.equal(mock.journal.clear(), 2);
  t.same(mock.journal.list(), []);
});

// Each fault as a test adds it, and what the app's next two calls get (in the world named, none elsewhere).
const FAULTS: Array<{ label: string; fault: MswFault; world?: string; first: number; second: number }> = [
  {
    label: 'a documented status once',
    fault: { operationId: 'listCountries', status: 429, count: 1 },
    first: 429,
    second: 200,
  },
  {
    label: 'outside the spec once',
    fault: { operationId: 'listCountries', kind: 'server-error', count: 1 },
    first: 500,
    second: 200,
  },
  { label: 'until cleared', fault: { kind: 'unavailable', retry_after: 5 }, first: 503, second: 503 },
  { label: 'in one world', fault: { world: 'w2', status: 502 }, world: 'w2', first: 502, second: 502 },
];

for (const { label, fault, world, first, second } of FAULTS)
  test(`faults.add: ${label}`, async (t) => {
    const rule = await mock.faults.add(fault);
    t.type(rule.id, 'number', 'the rule as the control made it');
    t.same(mock.faults.list(world), [rule], 'listed in its world');
    if (world) t.same(mock.faults.list(), [], 'and not in the default world');
    t.equal((await countries(world)).status, first);
    t.equal((await countries(world)).status, second);
    if (world) t.equal((await countries()).status, 200, 'the default world answers as usual');
    mock.faults.clear(world);
    t.same(mock.faults.list(world), []);
    t.equal((await countries(world)).status, 200, 'cleared');
  });

// What the controls refuse, refused by the handle with their code, status and words.
const REFUSED: Array<{ label: string; call: () => Promise<unknown>; code: string; status: number; says: RegExp }> = [
  {
    label: 'a status the operation does not document',
    call: () => mock.faults.add({ operationId: 'listCountries', status: 418 }),
    code: 'MCS_ERR_MOCK_CONTROL',
    status: 400,
    says: /listCountries does not document status 418/,
  },
  {
    label: 'a misspelt operation',
    call: () => mock.faults.add({ operationId: 'listClient', status: 500 }),
    code: 'MCS_ERR_MOCK_CONTROL',
    status: 400,
    says: /listClients/,
  },
  {
    label: 'a kind that is none',
    call: () => mock.faults.add({ kind: 'explode' as never }),
    code: 'MCS_ERR_VALIDATION',
    status: 422,
    says: /kind: /,
  },
  {
    label: 'a world name that is none',
    call: () => mock.worlds.create('two words'),
    code: 'MCS_ERR_VALIDATION',
    status: 422,
    says: /name: The name field is invalid/,
  },
  {
    label: 'dropping a world that is not live',
    call: () => mock.worlds.drop('nowhere'),
    code: 'MCS_ERR_MOCK_WORLD_NOT_FOUND',
    status: 404,
    says: /No world nowhere is live/,
  },
  {
    label: 'dropping the default world',
    call: () => mock.worlds.drop('default'),
    code: 'MCS_ERR_MOCK_CONTROL',
    status: 400,
    says: /The default world cannot be dropped/,
  },
];

for (const { label, call, code, status, says } of REFUSED)
  test(`refused: ${label}`, async (t) => {
    const err = await call().then(
      () => undefined,
      (e: unknown) => e,
    );
    t.type(err, MockControlError);
    const e = err as MockControlError;
    t.same([e.name, e.code, e.status], ['MockControlError', code, status]);
    t.match(e.message, says);
  });

test('worlds: made with a size of their own, listed, dropped, cleared', async (t) => {
  const made = await mock.worlds.create('small', { seed: 7, clients: 3 });
  t.match(made, { name: 'small', seed: 7, clients: 3, changes: 0 });
  await t.rejects(mock.worlds.create('small'), { code: 'MCS_ERR_MOCK_WORLD_EXISTS', status: 409 }, 'once');
  t.equal((await countries('other')).status, 200, 'a request naming a world makes it');
  t.same(
    mock.worlds.list().map((w) => w.name),
    ['default', 'other', 'small'],
  );
  await mock.worlds.drop('small');
  t.same(
    mock.worlds.list().map((w) => w.name),
    ['default', 'other'],
  );
  await mock.worlds.clear();
  t.same(
    mock.worlds.list().map((w) => w.name),
    ['default'],
  );
});

test('reset() empties what the handle shows: journal, faults, worlds', async (t) => {
  await mock.worlds.create('w3');
  await mock.faults.add({ latency_ms: 1 });
  await countries();
  await mock.reset();
  t.equal(mock.journal.count, 0);
  t.same(mock.faults.list(), []);
  t.same(
    mock.worlds.list().map((w) => w.name),
    ['default'],
  );
});
