// npm run proxy: the app keeps its /api/v1 base URL; good traffic passes
// untouched, a violation is flagged.
import t, { type Test } from 'tap';
import { fileURLToPath } from 'node:url';
import { buildMock } from '../../mock/build.js';
import { prefixedSpec } from '../../scripts/proxy.js';
import { alter, brokenServer } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';
import { freePort, startAndWait } from '../helpers/processes.js';

const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
const script = fileURLToPath(new URL('../../scripts/proxy.ts', import.meta.url));

t.test('prefixedSpec puts every path under the server prefix', async (t) => {
  const loaded = await spec();
  const copy = prefixedSpec(loaded.raw, '/api/v1');
  t.ok(copy.paths['/api/v1/client/list']);
  t.notOk(copy.paths['/client/list']);
  t.ok(loaded.raw.paths['/client/list'], 'the spec itself is untouched');
});

async function proxyTo(t: Test, upstream: string) {
  const port = await freePort();
  const proxy = await startAndWait(process.execPath, [tsx, script, '--upstream', upstream, '--port', String(port)], `http://127.0.0.1:${port}/`);
  t.teardown(proxy.stop);
  return { url: `http://127.0.0.1:${port}/api/v1`, proxy };
}

t.test('good traffic through the proxy: answered by the deployment, no violation', async (t) => {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const upstream = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const { url } = await proxyTo(t, `${upstream}/api/v1`);
  const r = await fetch(`${url}/countries/index`, { method: 'POST', headers: { platform: 'WEB', 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(10_000) });
  t.equal(r.status, 200);
  t.equal(r.headers.get('sl-violations'), null);
  t.equal(((await r.json()) as { data: unknown[] }).data.length, 249, 'the mock answered');
});

t.test('a violation in the traffic is flagged', async (t) => {
  const upstream = await brokenServer(t, alter((p) => p === '/countries/index', (r) => ((r.body.status = 1), r)));
  const { url } = await proxyTo(t, upstream);
  const r = await fetch(`${url}/countries/index`, { method: 'POST', headers: { platform: 'WEB', 'content-type': 'application/json' }, body: '{}', signal: AbortSignal.timeout(10_000) });
  t.match(r.headers.get('sl-violations') ?? '', /Response body property status must be string/);
});
