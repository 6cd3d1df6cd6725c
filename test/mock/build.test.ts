// One source of truth: every operation of the spec is served, each response of
// a session of traffic validates against the spec, and nothing else is routed.
import t from 'tap';
import { createExchangeValidator } from '../../spec/exchange.js';
import { spec, testMock } from '../helpers/mock.js';
import { validTraffic } from '../helpers/traffic.js';

const loaded = await spec();
const validator = createExchangeValidator(loaded);

t.test('a session of traffic reaches every operation and every reply honours the spec', async (t) => {
  const mock = await testMock(t);
  const log = await validTraffic(mock.send, mock.control);
  for (const x of log) {
    t.equal(x.reply.status, x.expect, `${x.operationId} ${x.path} answers ${x.expect}`, { body: x.reply.body });
    const findings = validator.validate({
      operationId: x.operationId,
      status: x.reply.status,
      headers: x.reply.headers,
      body: x.reply.body,
    });
    t.same(findings, [], `${x.operationId} ${x.reply.status} is valid against the spec`);
  }
  const reached = new Set(log.filter((x) => x.reply.status < 300).map((x) => x.operationId));
  for (const op of loaded.operations) t.ok(reached.has(op.operationId), `${op.operationId} succeeded at least once`);
});

t.test('drift gate: the mock API routes and the spec operations are one to one', async (t) => {
  const mock = await testMock(t);
  const routed = new Set(mock.app.mock.routes.filter((r) => r.includes(' /api/v1/')));
  const expected = new Set(loaded.operations.map((op) => `${op.method.toUpperCase()} /api/v1${op.url}`));
  t.same(
    [...routed].filter((r) => !expected.has(r)),
    [],
    'no API route the spec lacks',
  );
  t.same(
    [...expected].filter((r) => !routed.has(r)),
    [],
    'no operation of the spec unserved',
  );
  const r = await mock.post('/client/create', {});
  t.equal(r.status, 404, 'an operation the spec lacks does not exist');
  t.same(r.body, { message: 'No route POST /api/v1/client/create.', status: 404 });
});

t.test('CORS lets any localhost dev server call the mock, preflight included', async (t) => {
  const mock = await testMock(t);
  const pre = await mock.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/client/list',
    headers: {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'platform,authorization,content-type',
    },
  });
  t.equal(pre.statusCode, 204);
  t.equal(pre.headers['access-control-allow-origin'], 'http://localhost:5173');
  t.match(String(pre.headers['access-control-allow-headers']), /platform/);
  const other = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/countries/index',
    headers: { origin: 'https://evil.example.com', platform: 'WEB' },
  });
  t.equal(other.headers['access-control-allow-origin'], undefined, 'other origins get no CORS grant');
  const simple = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/countries/index',
    headers: { origin: 'http://127.0.0.1:3000', platform: 'WEB' },
  });
  t.equal(simple.headers['access-control-allow-origin'], 'http://127.0.0.1:3000');
  t.equal(simple.headers['access-control-allow-credentials'], 'true');
  t.match(String(simple.headers['access-control-expose-headers']), /retry-after/);
  t.match(String(simple.headers.vary), /Origin/);
});

t.test('regression: a preflight may ask for any header a real app adds, and is cached', async (t) => {
  const mock = await testMock(t, { corsOrigins: ['https://preview.example.com'] });
  const asked = 'platform,authorization,content-type,x-requested-with,traceparent,cache-control,sentry-trace,baggage';
  for (const origin of ['http://localhost:5173', 'https://preview.example.com']) {
    const pre = await mock.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/client/list',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': asked },
    });
    t.equal(pre.statusCode, 204, origin);
    t.equal(pre.headers['access-control-allow-origin'], origin);
    t.equal(pre.headers['access-control-allow-credentials'], 'true');
    for (const h of asked.split(','))
      t.match(String(pre.headers['access-control-allow-headers']).toLowerCase(), h, `${origin} may send ${h}`);
    t.equal(pre.headers['access-control-max-age'], '600', 'browsers keep the preflight 10 minutes');
  }
  const foreign = await mock.app.inject({
    method: 'OPTIONS',
    url: '/api/v1/client/list',
    headers: {
      origin: 'https://evil.example',
      'access-control-request-method': 'POST',
      'access-control-request-headers': asked,
    },
  });
  t.equal(foreign.headers['access-control-allow-origin'], undefined, 'an origin not given gets nothing');
  t.not(foreign.headers['access-control-allow-origin'], '*', 'never a wildcard');
});

t.test('a request without Origin is not a CORS request and gets no grant headers', async (t) => {
  const mock = await testMock(t);
  const r = await mock.app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: { platform: 'WEB' } });
  t.equal(r.statusCode, 200);
  const granted = Object.keys(r.headers).filter((h) => h.startsWith('access-control-'));
  t.same(granted, [], 'no access-control-* header');
  t.match(String(r.headers.vary), /Origin/, 'caches are still told the answer varies with Origin');
});
