// npm run proxy: the app keeps its /api/v1 base URL; good traffic passes
// untouched, a violation is flagged; the flags and the CLI. Hostile upstreams
// (issue 19) are tested in proxy-hostile.test.ts.

import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parseProxyArgs } from '../../cli/proxy.js';
import { alter, brokenServer } from '../helpers/broken.js';
import { freePort, startAndWait } from '../helpers/processes.js';
import { json, proxy, upstreamMock } from '../helpers/proxy.js';

const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const script = fileURLToPath(new URL('../../cli/proxy.ts', import.meta.url));

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
    /✗ POST \/api\/v1\/countries\/index 200 listCountries \(\d+ ms\): listCountries 200 \/status: must be string/,
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
    [['--upstream', 'staging'], /--upstream must be a URL such as https:\/\/staging.example.com, not "staging"/],
    [['--upstream', 'http://h', '--timeout', 'soon'], /--timeout takes milliseconds/],
    [['--upstream', 'http://h', '--cors-origin', '*'], /--cors-origin takes an origin/],
    // The mock's rule (lib/origins.ts): the proxy took this one before issue 27.
    [['--upstream', 'http://h', '--cors-origin', 'http://192.168.1.20:5173/?x=1'], /--cors-origin takes an origin/],
    [['--upstream', 'ftp://h'], /--upstream must be an http or https URL, not "ftp:\/\/h"/],
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
