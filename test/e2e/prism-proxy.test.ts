// The same traffic, sent through `prism proxy` in front of the mock, yields no
// Prism violation: Prism's reading of the spec agrees with the mock's.

import t from 'tap';
import { buildMock } from '../../mock/build.js';
import { PRISM } from '../../scripts/bench/processes.js';
import { SPEC_PATH } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';
import { freePort, startAndWait } from '../helpers/processes.js';
import { type Call, type Reply, validTraffic } from '../helpers/traffic.js';

const mock = await buildMock({ spec: await spec(), rateLimit: false });
const mockUrl = await mock.listen({ host: '127.0.0.1', port: 0 });
t.teardown(() => mock.close());

const port = await freePort();
const proxyUrl = `http://127.0.0.1:${port}`;
const prism = await startAndWait(
  process.execPath,
  [PRISM, 'proxy', '-h', '127.0.0.1', '-p', String(port), '--errors', SPEC_PATH, `${mockUrl}/api/v1`],
  `${proxyUrl}/__prism-ready`,
);
t.teardown(prism.stop);

async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* kept as text */
  }
  return { status: res.status, headers: Object.fromEntries(res.headers), body };
}

const viaProxy = async (c: Call): Promise<Reply> =>
  toReply(
    await fetch(`${proxyUrl}${c.path}`, {
      method: c.method,
      headers: { 'content-type': 'application/json', ...c.headers },
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
      signal: AbortSignal.timeout(10_000),
    }),
  );
const direct = async (method: string, path: string, body?: unknown): Promise<Reply> =>
  toReply(
    await fetch(`${mockUrl}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    }),
  );

t.test('traffic through prism proxy: no violations', async (t) => {
  const log = await validTraffic(viaProxy, direct);
  for (const x of log) {
    t.equal(x.reply.status, x.expect, `${x.operationId} ${x.path} → ${x.expect}`, { body: x.reply.body });
    t.equal(x.reply.headers['sl-violations'], undefined, `${x.operationId} ${x.reply.status}: no Prism violation`);
  }
  t.ok(log.length > 40, `${log.length} exchanges`);
});
