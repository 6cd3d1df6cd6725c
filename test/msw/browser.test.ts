// mcs-contract-toolkit/msw/browser's forwarding, run under msw/node (its handlers
// use only fetch, so they run there as in a page): what reaches the running mock
// (path under a base URL with a path, query, headers, body, the world) and what
// comes back; the timeout; refused names and controls. The page itself, the
// worker and CORS: test/e2e/browser/msw-browser.test.ts.
import { createServer, type Socket } from 'node:net';
import { setupServer } from 'msw/node';
import t from 'tap';
import { buildMock } from '../../mock/build.js';
import { createBrowserMock } from '../../msw/browser.js';
import { spec } from '../helpers/mock.js';

const app = await buildMock({ spec: await spec(), rateLimit: false });
const mockUrl = await app.listen({ host: '127.0.0.1', port: 0 });
// A server that takes connections and never answers.
const held: Socket[] = [];
const silent = createServer((s) => held.push(s));
await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
const silentUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;

const baseUrl = 'https://api.example.test/backend';
const mock = createBrowserMock({ baseUrl, mockUrl, world: 'unit-a' });
const slow = createBrowserMock({ baseUrl: 'https://slow.example.test', mockUrl: silentUrl, timeoutMs: 300 });
const server = setupServer(...mock.handlers, ...slow.handlers);
server.listen({ onUnhandledRequest: 'error' });
t.teardown(async () => {
  server.close();
  for (const s of held) s.destroy();
  silent.close();
  await app.close();
});

const lastEntry = async (world: string) =>
  (await app.inject({ url: `/__mock/requests?world=${world}` })).json().requests[0] as {
    method: string;
    url: string;
    status: number;
    world: string;
    request: { headers: Record<string, string>; body: string };
  };

t.test('a call under the base URL reaches the mock in the world, and its answer comes back', async (t) => {
  await mock.useWorld('unit-a');
  const signin = await fetch(`${baseUrl}/api/v1/user/signin`, {
    method: 'POST',
    headers: { platform: 'WEB', 'content-type': 'application/json', 'x-trace': 'abc' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
  });
  t.equal(signin.status, 200, "the mock's status");
  const token = ((await signin.json()) as { data: { api_token: string } }).data.api_token;
  t.match(token, /\S/, 'its body');
  const sent = await lastEntry('unit-a');
  t.match(sent, { method: 'POST', url: '/api/v1/user/signin', status: 200, world: 'unit-a' }, 'the base path dropped');
  t.equal(sent.request.headers['x-trace'], 'abc', "the app's own headers");
  t.match(sent.request.body, /demo@example\.com/, 'the body');

  const plans = await fetch(`${baseUrl}/api/v1/plans/index?from=app`, {
    headers: { platform: 'WEB', authorization: `Bearer ${token}` },
  });
  t.equal(plans.status, 200, 'a GET');
  t.match((await lastEntry('unit-a')).url, '/api/v1/plans/index?from=app', 'its query');

  const refused = await fetch(`${baseUrl}/api/v1/plans/index`, { headers: { platform: 'WEB' } });
  t.equal(refused.status, 401, 'an error status');
  t.match(refused.headers.get('x-mock-error'), /^MCS_ERR_/, 'its headers');
});

t.test('the world: the handlers name it, whatever the app sends; useWorld moves them', async (t) => {
  await mock.useWorld('unit-b');
  t.equal(mock.world, 'unit-b');
  await fetch(`${baseUrl}/api/v1/plans/index`, { headers: { platform: 'WEB', 'x-mock-world': 'other' } });
  t.equal((await lastEntry('unit-b')).world, 'unit-b', "in the handlers' world, not the app's header's");
  t.match(await mock.useWorld(), /^page-/, 'a fresh world when none is named');
});

t.test('no answer within timeoutMs: a network error to the app, not a hang', async (t) => {
  const started = Date.now();
  await t.rejects(fetch('https://slow.example.test/api/v1/plans/index'), TypeError);
  t.ok(Date.now() - started < 5000, `ended after ${Date.now() - started} ms`);
});

t.test('refusals say what is wrong', async (t) => {
  const cases: Array<[string, () => unknown, RegExp]> = [
    ['a bad world name', () => createBrowserMock({ baseUrl, world: 'a_b' }), /"a_b" is no world's name/],
    ['a bad base URL', () => createBrowserMock({ baseUrl: 'api' }), /baseUrl must be a URL/],
    ['useWorld with a bad name', () => mock.useWorld('../x'), /no world's name/],
    [
      'a control the mock refuses: its message',
      () => mock.control('DELETE', '/__mock/worlds/default'),
      /DELETE \/__mock\/worlds\/default in world .*: 400 The default world cannot be dropped/,
    ],
  ];
  for (const [what, act, message] of cases) await t.rejects(async () => act(), { message }, what);
});
