// The operation routes: read answers kept per caller and Host, the store's
// changes clearing them, and a handler that answers nothing never hangs.

import Fastify from 'fastify';
import t from 'tap';
import { handlers } from '../../mock/handlers/index.js';
import errorsPlugin from '../../mock/plugins/errors.js';
import { registerOperations } from '../../mock/routes.js';
import { createAjv } from '../../spec/ajv.js';
import { bearer, spec, testMock } from '../helpers/mock.js';

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
  mock.app.mock.cache.clear(); // so the second answer is computed, not the first one kept
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

t.test('a handler that answers undefined gets a 500 in the error shape, not a hang', async (t) => {
  const loaded = await spec();
  const app = Fastify();
  t.teardown(() => app.close());
  const ajv = createAjv({ coerceTypes: true });
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
  await app.register(errorsPlugin, { spec: loaded, bodyLimit: 1024 });
  registerOperations(app, loaded, { ...handlers, listCountries: () => undefined as never });
  const r = await app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: { platform: 'WEB' } });
  t.equal(r.statusCode, 500);
  t.same(
    JSON.parse(r.body),
    { status: 'error', message: 'Failed to fetch countries' },
    'the operation’s documented 500',
  );
});
