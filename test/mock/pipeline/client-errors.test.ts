// Bad input still gave 500 or a foreign shape (issue 19): a body nested 5,000
// deep answered 500 with no token needed; Node's own 431 and 400 came in
// Fastify's {error, statusCode} shape; a keyword holding NUL matched every client.
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { bearer, spec, testMock } from '../../helpers/mock.js';
import { rawExchange } from '../../helpers/raw-http.js';

const raw = rawExchange;

t.test('regression: a body nested 5,000 deep is a 400 in the API shape, on a public operation too', async (t) => {
  const mock = await testMock(t);
  for (const depth of [33, 5000, 500_000]) {
    const body = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const r = await mock.app.inject({
      method: 'POST',
      url: '/api/v1/user/signin',
      headers: { platform: 'WEB', 'content-type': 'application/json' },
      payload: body,
    });
    t.equal(r.statusCode, 400, `${depth} deep`);
    t.same(r.json(), { message: 'The request body is nested too deep (at most 32 levels).', status: 400 });
  }
  const ok = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: { platform: 'WEB', 'content-type': 'application/json' },
    payload: `{"email":"demo@example.com","password":"demo-password","extra":${'['.repeat(20)}${']'.repeat(20)}}`,
  });
  t.equal(ok.statusCode, 200, 'nesting within the limit is served');
});

t.test("regression: Node's own 431 and 400 answer in the API shape", async (t) => {
  const app = await buildMock({ spec: await spec(), rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const port = (app.server.address() as { port: number }).port;
  const huge = await raw(
    port,
    `POST /api/v1/countries/index HTTP/1.1\r\nHost: 127.0.0.1\r\nplatform: WEB\r\nx-big: ${'a'.repeat(70_000)}\r\n\r\n`,
  );
  t.match(huge, /^HTTP\/1.1 431 Request Header Fields Too Large/);
  t.match(huge, /\{"message":"The request headers are too large.","status":431\}$/);
  t.match(huge, /\r\nx-mock-error: MCS_ERR_HEADERS_TOO_LARGE\r\n/, 'with its code');
  const bad = await raw(port, 'THIS IS NOT HTTP\r\n\r\n');
  t.match(bad, /^HTTP\/1.1 400 Bad Request/);
  t.match(bad, /\{"message":"The request is malformed.","status":400\}$/);
  t.match(bad, /\r\nx-mock-error: MCS_ERR_REQUEST_MALFORMED\r\n/, 'with its code');
  t.notMatch(huge + bad, /statusCode/, "not Fastify's shape");
});

t.test('regression: a keyword holding NUL matches no client', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  for (const keyword of ['\u0000', 'a\u0000b']) {
    const r = await mock.post('/client/list', { keyword }, bearer(token));
    t.equal(r.status, 200);
    t.equal((r.body as any).data.total, 0, JSON.stringify(keyword));
  }
});
