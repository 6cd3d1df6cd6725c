// The proxy's usage: what apps sent through it and what the upstream
// answered, per operation, served at /__proxy/usage to this machine only,
// with field names and enum values, never a credential or a value typed.
import t from 'tap';
import { proxyUsage } from '../../proxy/server.js';
import { parseUsage } from '../../spec/usage/read.js';
import { json, proxy, upstreamMock } from '../helpers/proxy.js';

const upstream = await upstreamMock(t);

t.test('each relayed exchange counts, with its fields, platform and status', async (t) => {
  const { app } = await proxy(t, upstream);
  const signin = await app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: { ...json, platform: 'ANDROID' },
    payload: { email: 'demo@example.com', password: 'demo-password' },
  });
  const token = signin.json().data.api_token as string;
  await app.inject({
    method: 'POST',
    url: '/api/v1/client/list?page=2',
    headers: { ...json, authorization: `Bearer ${token}` },
    payload: { limit: 3, keyword: 'Lisbon' },
  });
  await app.inject({ method: 'POST', url: '/api/v1/client/list', headers: json, payload: {} });
  const served = await app.inject({ method: 'GET', url: '/__proxy/usage', headers: { host: '127.0.0.1' } });
  t.equal(served.statusCode, 200);
  const usage = parseUsage(served.body, 'the proxy usage');
  t.equal(usage.source, 'proxy');
  t.same(usage.operations.signin?.platforms, { ANDROID: 1 });
  const list = usage.operations.listClients!;
  t.equal(list.calls, 2);
  t.same(list.statuses, { 200: 1, 401: 1 });
  t.same(list.sent, { '': 2, '/limit': 1, '/keyword': 1 });
  t.equal(list.parameters['query page'], 1);
  t.notMatch(served.body, new RegExp(`${token}|Lisbon|demo-password|demo@example`), 'no secret, no value typed');
  t.same(proxyUsage(app).operations.listClients?.calls, 2, 'the library gives the same');
});

t.test('served to this machine only', async (t) => {
  const { app } = await proxy(t, upstream);
  const r = await app.inject({ method: 'GET', url: '/__proxy/usage', headers: { host: 'evil.example' } });
  t.equal(r.statusCode, 403);
  t.match(r.json().message, /this machine only/);
});
