// The operation routes: answers kept per caller and Host until the store
// changes, never for a write (with no list of reads), and a handler that
// answers nothing never hangs.

import Fastify from 'fastify';
import t from 'tap';
import routes from '../../../mock/pipeline/routes.js';
import { bearer, testMock } from '../../helpers/mock.js';
import type { Reply } from '../../helpers/traffic.js';
import { clientsOf } from '../../helpers/world.js';

const listPage = (host: string, token: string) => ({
  method: 'POST' as const,
  url: '/api/v1/client/list',
  headers: { platform: 'WEB', host, 'content-type': 'application/json', ...bearer(token) },
  payload: { page: 1, limit: 2 },
});

t.test('a cached read answers with the page URLs of each request’s own Host (the key holds the Host)', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  for (const host of ['127.0.0.1:4010', 'localhost:5173', '127.0.0.1:4010']) {
    const r = await mock.app.inject(listPage(host, token));
    t.equal(r.statusCode, 200);
    const { data } = JSON.parse(r.body) as { data: { first_page_url: string } };
    t.equal(data.first_page_url, `http://${host}/api/v1/client/list?page=1`, `URLs name ${host}`);
  }
});

t.test('a cached read is the same text as the first answer, per caller', async (t) => {
  const mock = await testMock(t);
  const demo = await mock.signin();
  const nosub = await mock.signin('nosub@example.com');
  const first = await mock.app.inject(listPage('h', demo));
  const again = await mock.app.inject(listPage('h', demo));
  const other = await mock.app.inject(listPage('h', nosub));
  t.equal(again.body, first.body, 'the second read is the kept answer');
  t.equal(again.headers['content-type'], 'application/json; charset=utf-8');
  t.not(other.body, first.body, 'another caller does not get the first caller’s answer');
});

t.test('a cached read is kept apart for each part of the key the route sees: body and query', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const list = (payload: unknown, url = '/api/v1/client/list') =>
    mock.app.inject({ ...listPage('h', token), url, payload: payload as object });
  const first = await list({ page: 1, limit: 2 });
  const cases: Array<
    [string, () => ReturnType<typeof list>, (body: { data: { current_page: number; per_page: number } }) => void]
  > = [
    ['another page in the body', () => list({ page: 2, limit: 2 }), (b) => t.equal(b.data.current_page, 2)],
    ['another limit in the body', () => list({ page: 1, limit: 3 }), (b) => t.equal(b.data.per_page, 3)],
  ];
  for (const [name, request, check] of cases) {
    const r = await request();
    t.equal(r.statusCode, 200, name);
    t.not(r.body, first.body, `${name}: not the first answer`);
    check(JSON.parse(r.body));
  }
  const again = await list({ page: 1, limit: 2 });
  t.equal(again.body, first.body, 'the first request again gets the first answer');
  // The same body with and without a page in the query: only the URL tells them apart.
  const noQuery = await list({ limit: 2 });
  const withQuery = await list({ limit: 2 }, '/api/v1/client/list?page=2');
  t.same(
    [JSON.parse(noQuery.body).data.current_page, JSON.parse(withQuery.body).data.current_page],
    [1, 2],
    'the query’s page',
  );
});

t.test('an operation whose body is optional answers a request without one as if the body were {}', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const headers = { platform: 'WEB', ...bearer(token) };
  const none = await mock.app.inject({ method: 'POST', url: '/api/v1/client/list', headers });
  mock.app.mock.cache.changed(); // so the second answer is computed, not the first one kept
  const empty = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/client/list',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: {},
  });
  t.equal(none.statusCode, 200, 'no body is not a validation failure');
  t.same(JSON.parse(none.body).data.per_page, 20, 'the default page size');
  t.same(JSON.parse(none.body).data.data, JSON.parse(empty.body).data.data, 'the same clients as an empty object');
});

t.test('a handler that answers undefined, at once or later, gets a 500 that says so, not a hang', async (t) => {
  const mock = await testMock(t, {
    handlers: {
      getHowItWorks: () => undefined as never,
      listMeasurementTypes: async () => undefined as never,
      listCountries: () => undefined as never,
    },
  });
  // Without the guard the request could never end: a bound turns that into a failure here.
  const bounded = (r: Promise<Reply>) =>
    Promise.race([r, new Promise<'hang'>((resolve) => setTimeout(() => resolve('hang'), 5_000).unref())]);
  const token = await mock.signin();
  const cases: Array<[string, string]> = [
    ['/how-works/get', 'getHowItWorks'],
    ['/room/measurement_type', 'listMeasurementTypes'],
  ];
  for (const [path, id] of cases) {
    const r = await bounded(mock.post(path, {}, bearer(token)));
    if (r === 'hang') return t.fail(`${id} hung`);
    t.equal(r.status, 500, id);
    t.match(r.body, { message: `The mock's ${id} handler answered nothing; this is a bug in the mock.` }, id);
  }
  const r = await bounded(mock.post('/countries/index', {}));
  if (r === 'hang') return t.fail('listCountries hung');
  t.same(r.body, { status: 'error', message: 'Failed to fetch countries' }, 'an operation’s documented 500 shape');
});

t.test('the routes plugin declares what it needs: an app without the mock runtime is refused at start', async (t) => {
  const app = Fastify();
  t.teardown(() => app.close());
  await t.rejects(
    (async () => {
      await app.register(routes);
      await app.ready();
    })(),
    /mock/,
  );
});

// Regression: a hand-kept list of reads decided what was cached; a write put on it
// answered two adds with one record. Now every operation goes through the cache.
t.test(
  'two identical adds make two records, two sign-ins two tokens: a write is never answered from the cache',
  async (t) => {
    const mock = await testMock(t);
    const token = await mock.signin();
    const client = clientsOf(mock.app.mock.store).find((c) => c.user_id === 1)!;
    const room = mock.app.mock.store.roomsOfClient(client.id)[0]!;
    const add = {
      user_id: 1,
      client_id: client.id,
      room_id: room.id,
      unit_type: 'cm',
      window_name: 'Twice',
      measurement_type_id: 1,
    };
    const count = async () =>
      (
        (await mock.post('/room/get', { client_id: client.id, room_id: room.id }, bearer(token))).body as {
          data: unknown[];
        }
      ).data.length;
    const before = await count();
    for (let i = 0; i < 2; i++)
      t.equal((await mock.post('/measurements/single_window_photo_add_edit', add, bearer(token))).status, 200);
    t.equal(await count(), before + 2, 'each add is a new record in room/get');
    const tokens = [await mock.signin(), await mock.signin()];
    t.not(tokens[0], tokens[1]);
  },
);

t.test('an answer is kept only when the store did not change while it was made', async (t) => {
  let calls = 0;
  let write = false;
  const mock = await testMock(t, {
    handlers: {
      listCountries: ({ store, token }) => {
        calls++;
        if (write) store.revokeToken(`${token}-none`);
        return { status: 'success', data: [] } as never;
      },
    },
  });
  write = true;
  await mock.post('/countries/index', {});
  await mock.post('/countries/index', {});
  t.equal(calls, 2, 'an answer whose making changed the store is made again');
  write = false;
  await mock.post('/countries/index', {});
  await mock.post('/countries/index', {});
  t.equal(calls, 3, 'an answer made without a change is kept');
  mock.app.mock.store.revokeToken('none');
  await mock.post('/countries/index', {});
  t.equal(calls, 4, 'a change of the store drops it');
});

// Regression (issue 31): a kept answer was the serializer's text as built, a rope
// that Node walked again on every send; a large one is now kept as its UTF-8
// bytes. Text beyond ASCII must come out the same, from the cache as at first,
// with a Content-Length of its bytes, and the journal shows it as text.
t.test(
  'a large kept answer with text beyond ASCII is sent from the cache byte for byte, and journaled as text',
  async (t) => {
    const mock = await testMock(t);
    const token = await mock.signin();
    const client = clientsOf(mock.app.mock.store).find((c) => c.user_id === 1)!;
    const name = 'Zoë 中文 ✓ 👍';
    const update = await mock.post('/client/update', { ...client, client_id: client.id, name }, bearer(token));
    t.equal(update.status, 200, 'the client is renamed');
    const page = { ...listPage('h', token), payload: { page: 1, limit: 50 } };
    const first = await mock.app.inject(page);
    const again = await mock.app.inject(page);
    t.ok(first.body.length > 2048, `a large answer (${first.body.length} characters)`);
    t.ok(first.body.includes(JSON.stringify(name)), 'the name is in the first answer');
    t.equal(again.body, first.body, 'the kept answer is the same text');
    for (const r of [first, again])
      t.equal(Number(r.headers['content-length']), Buffer.byteLength(r.body), 'Content-Length counts its bytes');
    const journal = await mock.control('GET', '/__mock/requests?operationId=listClients');
    const { requests } = journal.body as { requests: Array<{ response: { body: string } }> };
    t.equal(requests.length, 2);
    for (const e of requests)
      t.ok(e.response.body.startsWith(first.body.slice(0, 200)), 'the journal shows the answer as text');
  },
);
