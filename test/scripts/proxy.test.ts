// npm run proxy: the app keeps its /api/v1 base URL; good traffic passes
// untouched, a violation is flagged. Hostile upstreams (issue 19): redirects
// that carried the credentials to another host, a silent or endless upstream
// that hung the app, every Origin reflected with credentials.

import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { buildMock } from '../../mock/build.js';
import { parseProxyArgs } from '../../scripts/proxy.js';
import { buildProxy } from '../../scripts/proxy-server.js';
import { alter, brokenServer } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';
import { freePort, startAndWait } from '../helpers/processes.js';

const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const script = fileURLToPath(new URL('../../scripts/proxy.ts', import.meta.url));
const json = { platform: 'WEB', 'content-type': 'application/json' };

async function upstreamMock(t: Test): Promise<string> {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  return url;
}

async function rawServer(
  t: Test,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${req.headers['x-api-token'] ?? ''}`);
    handle(req, res);
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

async function proxy(t: Test, upstream: string, extra: Partial<Parameters<typeof buildProxy>[0]> = {}) {
  const lines: string[] = [];
  const app = await buildProxy({ upstream, spec: await spec(), log: (l) => lines.push(l), ...extra });
  t.teardown(() => app.close());
  return { app, lines };
}

t.test('good traffic passes untouched, with no violation', async (t) => {
  const { app, lines } = await proxy(t, await upstreamMock(t));
  const r = await app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: json, payload: '{}' });
  t.equal(r.statusCode, 200);
  t.equal(r.headers['sl-violations'], undefined);
  t.equal(r.json().data.length, 249, 'the mock answered');
  const signin = await app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: json,
    payload: { email: 'demo@example.com', password: 'demo-password' },
  });
  const token = signin.json().data.api_token;
  const list = await app.inject({
    method: 'POST',
    url: '/api/v1/client/list?page=2',
    headers: { ...json, authorization: `Bearer ${token}` },
    payload: { limit: 5 },
  });
  t.equal(list.json().data.current_page, 2, 'query and credentials pass');
  t.same(lines, []);
});

t.test('a violation in an answer or a request is flagged, and refused with --errors', async (t) => {
  const upstream = await brokenServer(
    t,
    alter(
      (p) => p === '/countries/index',
      (r) => ((r.body.status = 1), r),
    ),
  );
  const { app, lines } = await proxy(t, upstream);
  const r = await app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: json, payload: '{}' });
  t.equal(r.statusCode, 200, 'passed on');
  t.match(r.headers['sl-violations'], /listCountries 200 \/status: must be string/);
  t.match(
    lines.join('\n'),
    /✗ POST \/api\/v1\/countries\/index 200 \(\d+ ms\): listCountries 200 \/status: must be string/,
  );
  const noPlatform = await app.inject({
    method: 'POST',
    url: '/api/v1/countries/index',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  t.match(noPlatform.headers['sl-violations'], /listCountries request: the platform header is missing/);

  const strict = await proxy(t, upstream, { errors: true });
  const e = await strict.app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: json, payload: '{}' });
  t.equal(e.statusCode, 502);
  t.match(e.json(), {
    message: /The upstream's answer breaks the spec: listCountries 200 \/status: must be string/,
    status: 502,
  });
  const bad = await strict.app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: json,
    payload: { email: 3 },
  });
  t.equal(bad.statusCode, 422, 'a request that breaks the spec is not forwarded');
  t.match(bad.json(), { message: /signin request/, status: 422 });
});

t.test('regression: a redirect goes back to the app; credentials and body never go to another host', async (t) => {
  const elsewhere = await rawServer(t, (_req, res) => res.end('{"stolen":true}'));
  for (const status of [301, 302, 307, 308]) {
    const upstream = await rawServer(t, (_req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}/steal`, 'content-type': 'application/json' });
      res.end('{"message":"moved"}');
    });
    const { app } = await proxy(t, upstream.url);
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/user/update_password',
      headers: { ...json, authorization: 'Bearer secret-token-123', 'x-api-token': 'secret-token-123' },
      payload: { current_password: 'pw', password: 'new-secret' },
    });
    t.equal(r.statusCode, status, `${status} passed back`);
    t.equal(r.headers.location, `${elsewhere.url}/steal`, 'with its Location');
  }
  t.same(elsewhere.seen, [], 'the other host got nothing');
});

t.test('regression: a silent, short or endless upstream ends in a 504 or 502 in the API shape', async (t) => {
  const silent = await rawServer(t, () => undefined);
  const short = await rawServer(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"status":');
  });
  const endless = await rawServer(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 32);
    const pump = () => {
      while (res.write(chunk));
    };
    res.on('drain', pump);
    pump();
  });
  const refused = `http://127.0.0.1:${await freePort()}`;
  const cases: Array<[string, string, number, RegExp]> = [
    ['silent', silent.url, 504, /The upstream did not answer completely within 500 ms/],
    ['a short Content-Length', short.url, 504, /did not answer completely/],
    ['endless', endless.url, 502, /larger than 1048576 bytes/],
    ['refused', refused, 502, /The upstream could not be reached \(ECONNREFUSED\)/],
  ];
  for (const [what, url, status, message] of cases) {
    const { app } = await proxy(t, url, { timeoutMs: 500, maxBodyBytes: 1024 * 1024 });
    const r = await app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: json, payload: '{}' });
    t.equal(r.statusCode, status, what);
    t.match(r.json(), { message, status }, what);
  }
});

t.test("regression: CORS like the mock's, not every Origin reflected with credentials", async (t) => {
  const { app } = await proxy(t, await upstreamMock(t), { corsOrigins: ['https://preview.example.com'] });
  const ask = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/v1/client/list',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'platform,authorization,traceparent',
      },
    });
  for (const origin of ['http://localhost:5173', 'https://preview.example.com']) {
    const r = await ask(origin);
    t.equal(r.headers['access-control-allow-origin'], origin, origin);
    t.equal(r.headers['access-control-allow-credentials'], 'true');
  }
  t.equal(
    (await ask('https://evil.example')).headers['access-control-allow-origin'],
    undefined,
    'a foreign origin gets nothing',
  );
});

t.test('flags', async (t) => {
  const p = parseProxyArgs([
    '--upstream',
    'https://staging.example.com/api/v1',
    '--port',
    '5000',
    '--errors',
    '--cors-origin',
    'http://192.168.1.20:5173',
    '--timeout',
    '2000',
    '--max-body',
    '2m',
  ]);
  t.same(p.ok && p.plan, {
    upstream: 'https://staging.example.com',
    port: 5000,
    host: '127.0.0.1',
    errors: true,
    corsOrigins: ['http://192.168.1.20:5173'],
    timeoutMs: 2000,
    maxBodyBytes: 2 * 1024 * 1024,
  });
  const bad: Array<[string[], RegExp]> = [
    [[], /--upstream is required/],
    [['--upstream', 'staging'], /--upstream "staging" is not a URL/],
    [['--upstream', 'http://h', '--timeout', 'soon'], /--timeout takes milliseconds/],
    [['--upstream', 'http://h', '--cors-origin', '*'], /--cors-origin takes an origin/],
    [['--upstream', 'http://h', '--max-body', 'huge'], /--max-body takes a size/],
  ];
  for (const [argv, message] of bad) {
    const r = parseProxyArgs(argv);
    t.notOk(r.ok, argv.join(' '));
    if (!r.ok) t.match(r.message, message);
  }
});

t.test("the CLI serves the app's traffic and leaves no temporary folder", async (t) => {
  const before = readdirSync(tmpdir()).filter((n) => n.startsWith('mcs-proxy-')).length;
  const upstream = await upstreamMock(t);
  const port = await freePort();
  const proc = await startAndWait(
    process.execPath,
    [tsx, script, '--upstream', `${upstream}/api/v1`, '--port', String(port)],
    `http://127.0.0.1:${port}/api/v1/countries/index`,
  );
  t.teardown(proc.stop);
  const r = await fetch(`http://127.0.0.1:${port}/api/v1/countries/index`, {
    method: 'POST',
    headers: json,
    body: '{}',
    signal: AbortSignal.timeout(10_000),
  });
  t.equal(r.status, 200);
  t.equal(r.headers.get('sl-violations'), null);
  t.equal(readdirSync(tmpdir()).filter((n) => n.startsWith('mcs-proxy-')).length, before, 'no temporary folder');
});
