// Failures outside the spec (POST /__mock/faults with a kind, an undocumented 500/502/503/504,
// Prefer: fault=), seen as an app's fetch sees them against a listening mock.
import type { FastifyInstance } from 'fastify';
import t, { type Test } from 'tap';
import { buildMock } from '../../mock/build.js';
import { FAULT_KINDS } from '../../mock/controls/fault-rules.js';
import type { MockOptions } from '../../mock/options.js';
import { spec } from '../helpers/mock.js';

interface Live {
  app: FastifyInstance;
  base: string;
  control(method: string, path: string, body?: unknown, world?: string): Promise<{ status: number; body: any }>;
  /** POST /user/settings (public, 200 as usual) as an app calls it; the fetch's own timeout is `ms`. */
  call(headers?: Record<string, string>, ms?: number): Promise<Response>;
}

async function live(t: Test, options: MockOptions = {}): Promise<Live> {
  const app = await buildMock({ spec: await spec(), rateLimit: false, ...options });
  t.teardown(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    app,
    base,
    async control(method, path, body, world) {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      if (world) headers['x-mock-world'] = world;
      const r = await fetch(`${base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      });
      return { status: r.status, body: await r.json() };
    },
    call: (headers = {}, ms = 5000) =>
      fetch(`${base}/api/v1/user/settings`, {
        method: 'POST',
        headers: { platform: 'WEB', 'content-type': 'application/json', ...headers },
        body: '{}',
        signal: AbortSignal.timeout(ms),
      }),
  };
}

/** What a browser-like client makes of a call: the answer read whole, or where it failed and how. */
async function seen(call: Promise<Response>) {
  let r: Response;
  try {
    r = await call;
  } catch (err) {
    return { failed: 'fetch', error: (err as Error).name, message: (err as Error).message };
  }
  const answer = {
    status: r.status,
    type: r.headers.get('content-type'),
    retryAfter: r.headers.get('retry-after'),
    error: r.headers.get('x-mock-error'),
  };
  let text: string;
  try {
    text = await r.text();
  } catch (err) {
    return { ...answer, failed: 'body', error: (err as Error).name };
  }
  let json: 'parses' | 'not JSON' = 'parses';
  try {
    JSON.parse(text);
  } catch {
    json = 'not JSON';
  }
  return { ...answer, text, json };
}

const FORCED = 'MCS_ERR_FORCED_OUTSIDE_SPEC';

t.test('each kind, forced by the control, as an app’s fetch sees it; the journal marks it', async (t) => {
  const mock = await live(t);
  const usual = await (await mock.call()).text();
  const cases: Array<[string, Record<string, unknown>, Record<string, unknown>]> = [
    [
      'server-error',
      { kind: 'server-error' },
      { status: 500, type: /application\/json/, text: '{"message":"Server Error"}', error: FORCED },
    ],
    ['status 500, undocumented', { status: 500 }, { status: 500, text: '{"message":"Server Error"}' }],
    ['bad-gateway', { kind: 'bad-gateway' }, { status: 502, type: /text\/html/, text: /502 Bad Gateway/ }],
    [
      'unavailable',
      { kind: 'unavailable', retry_after: 7 },
      { status: 503, type: /text\/html/, retryAfter: '7', text: /503 Service/ },
    ],
    ['status 503: Retry-After by default', { status: 503 }, { status: 503, retryAfter: '30' }],
    ['gateway-timeout', { kind: 'gateway-timeout' }, { status: 504, type: /text\/html/, text: /504 Gateway/ }],
    ['drop', { kind: 'drop' }, { failed: 'fetch', error: 'TypeError', message: 'fetch failed' }],
    ['drop-mid', { kind: 'drop-mid' }, { status: 200, failed: 'body', error: 'TypeError' }],
    ['no-answer, 300 ms', { kind: 'no-answer', latency_ms: 300 }, { failed: 'fetch', error: 'TypeError' }],
    [
      'truncated-json',
      { kind: 'truncated-json' },
      { status: 200, type: /application\/json/, json: 'not JSON', text: usual.slice(0, usual.length >> 1) },
    ],
    [
      'malformed-json',
      { kind: 'malformed-json' },
      { status: 200, type: /application\/json/, json: 'not JSON', text: /^<br \/>\n<b>Warning<\/b>/ },
    ],
    ['slow', { kind: 'slow', bytes_per_second: 2000 }, { status: 200, json: 'parses', text: usual }],
  ];
  for (const [name, fault, expected] of cases) {
    await mock.control('DELETE', '/__mock/requests');
    const set = await mock.control('POST', '/__mock/faults', { operationId: 'getSettings', count: 1, ...fault });
    t.equal(set.status, 201, `${name}: set`);
    const started = performance.now();
    t.match(await seen(mock.call()), expected, name);
    const ms = performance.now() - started;
    if (name.startsWith('no-answer')) t.ok(ms >= 290, `${name}: nothing for its time (${Math.round(ms)} ms)`);
    if (name === 'slow') t.ok(ms >= 100, `slow: trickled (${Math.round(ms)} ms)`);
    t.match(await seen(mock.call()), { status: 200, text: usual }, `${name}: count 1, then as usual`);
    // The exchange that met it, the cut ones included: recorded once its connection is gone.
    let entry: any;
    for (let i = 0; i < 50 && !entry; i++) {
      const { body } = await mock.control('GET', '/__mock/requests?operationId=getSettings');
      entry = body.requests.find((e: { fault?: string }) => e.fault);
      if (!entry) await new Promise((r) => setTimeout(r, 20));
    }
    const kind = (fault.kind as string | undefined) ?? { 500: 'server-error', 503: 'unavailable' }[fault.status as 500];
    t.match(entry, { fault: kind, error: FORCED }, `${name}: the journal marks it forced outside the spec`);
    if (kind === 'drop' || kind === 'no-answer') t.equal(entry.status, 0, `${name}: no status line was sent`);
  }
  t.same(new Set(cases.map(([, f]) => f.kind).filter(Boolean)), new Set(FAULT_KINDS), 'every kind is in the table');
});

t.test('a client’s own timeout ends a no-answer call; the mock closes at once while one is pending', async (t) => {
  const mock = await live(t);
  t.equal((await mock.control('POST', '/__mock/faults', { kind: 'no-answer' })).status, 201);
  t.match(await seen(mock.call({}, 200)), { failed: 'fetch', error: 'TimeoutError' }, 'AbortSignal.timeout');
  const pending = seen(mock.call({}, 10_000));
  await new Promise((r) => setTimeout(r, 100));
  const started = performance.now();
  await mock.app.close();
  t.ok(performance.now() - started < 2000, `closed in ${Math.round(performance.now() - started)} ms`);
  t.match(await pending, { failed: 'fetch', error: 'TypeError' }, 'the pending call sees the connection go');
});

t.test('Prefer: fault= and Prefer: code= outside the spec', async (t) => {
  const mock = await live(t);
  t.match(await seen(mock.call({ prefer: 'fault=drop' })), { failed: 'fetch', error: 'TypeError' });
  t.match(await seen(mock.call({ prefer: 'code=502' })), { status: 502, type: /text\/html/, error: FORCED });
  t.match(await seen(mock.call({ prefer: 'fault=explode' })), {
    status: 400,
    text: /Prefer: fault= takes one of server-error, bad-gateway/,
  });
  const countries = await fetch(`${mock.base}/api/v1/countries/index`, {
    method: 'POST',
    headers: { platform: 'WEB', 'content-type': 'application/json', prefer: 'code=500' },
    body: '{}',
    signal: AbortSignal.timeout(5000),
  });
  t.equal(countries.headers.get('x-mock-error'), 'MCS_ERR_FORCED', 'a documented 500 is still the documented one');
});

t.test('composed: with latency, in one world only', async (t) => {
  const mock = await live(t);
  await mock.control('POST', '/__mock/faults', { kind: 'bad-gateway' }, 'w1');
  await mock.control('POST', '/__mock/faults', { latency_ms: 250 }, 'w1');
  const started = performance.now();
  t.match(await seen(mock.call({ 'x-mock-world': 'w1' })), { status: 502 }, 'in its world');
  t.ok(performance.now() - started >= 240, 'after the latency');
  t.match(await seen(mock.call()), { status: 200, json: 'parses' }, 'the default world is as usual');
  t.match(await seen(mock.call({ 'x-mock-world': 'w2' })), { status: 200 }, 'and so is another');
});

t.test('the console’s own request adds a kind', async (t) => {
  const mock = await live(t);
  // As console.js sends it: JSON, its origin, the selected world.
  const r = await fetch(`${mock.base}/__mock/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: mock.base, 'x-mock-world': 'default' },
    body: JSON.stringify({ operationId: 'getSettings', kind: 'gateway-timeout', count: 1 }),
    signal: AbortSignal.timeout(5000),
  });
  t.equal(r.status, 201);
  t.match(await seen(mock.call()), { status: 504 });
});

t.test('the control refuses what it cannot force, saying what it can', async (t) => {
  const mock = await live(t);
  const cases: Array<[unknown, number, RegExp]> = [
    [
      { operationId: 'listPlans', status: 418 },
      400,
      /does not document status 418; it documents 200, 400, 401, 429\. Outside the spec, any operation can be made to answer 500, 502, 503 or 504, or to fail as a kind: server-error, .*slow\./,
    ],
    [{ status: 418 }, 400, /^No operation documents status 418/],
    [{ kind: 'explode' }, 422, /kind must be one of server-error/],
    [{ status: 500, kind: 'drop' }, 400, /status or kind, not both/],
    [{ kind: 'drop', retry_after: 5 }, 400, /retry_after is the Retry-After of kind unavailable/],
    [{ kind: 'drop', bytes_per_second: 5 }, 400, /bytes_per_second is the rate of kind slow/],
    [{ kind: 'slow', bytes_per_second: 0 }, 422, /at least 1/],
    [{ kind: 'no-answer', latency_ms: 3_600_000 }, 422, /30000/],
  ];
  for (const [body, status, message] of cases) {
    const r = await mock.control('POST', '/__mock/faults', body);
    t.equal(r.status, status, JSON.stringify(body));
    t.match(r.body.message + JSON.stringify(r.body.errors ?? {}), message, JSON.stringify(body));
  }
  t.equal((await mock.control('POST', '/__mock/faults', { operationId: 'listPlans', status: 500 })).status, 201);
});

t.test('under inject() (the MSW handlers) a cut connection rejects the call instead of throwing', async (t) => {
  const app = await buildMock({ spec: await spec() });
  t.teardown(() => app.close());
  const call = (prefer: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/user/settings',
      headers: { platform: 'WEB', prefer },
      payload: {},
    });
  for (const kind of ['drop', 'drop-mid']) await t.rejects(call(`fault=${kind}`), { code: 'LIGHT_ECONNRESET' }, kind);
  await app.inject({ method: 'POST', url: '/__mock/faults', payload: { kind: 'no-answer', latency_ms: 50 } });
  await t.rejects(call(''), { code: 'LIGHT_ECONNRESET' }, 'no-answer, once its time is up');
});
