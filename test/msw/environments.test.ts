// The MSW handlers answer alike wherever a frontend runs its unit tests:
// Node's own globals, and Vitest's jsdom and happy-dom environments, set up by
// Vitest's own code (vitest/environments), which puts the emulated window's
// globals on globalThis as a test file under `@vitest-environment` sees them.
// jsdom's ArrayBuffer and typed arrays come from another realm, so Node's
// Buffers are no instance of them; happy-dom brings its own fetch, Request,
// Response and Headers. In each, a session of traffic reaching every operation
// of the spec goes through the app's fetch and MSW; under Node's globals each
// answer has the status the session expects and a body the spec allows, and
// under jsdom and happy-dom each answer (status and body) is Node's. Each read
// is asked twice, the second answered from the cache.
import { setupServer } from 'msw/node';
import t, { type Test } from 'tap';
import { builtinEnvironments } from 'vitest/environments';
import { createMswMock } from '../../msw/index.js';
import { createExchangeValidator } from '../../spec/exchange.js';
import { spec } from '../helpers/mock.js';
import { type Call, type Control, type Recorded, type Reply, type Send, validTraffic } from '../helpers/traffic.js';

const baseUrl = 'https://api.example.test';
const loaded = await spec();
const reads = new Set(loaded.operations.filter((op) => op.read).map((op) => op.operationId));
const NodeArrayBuffer = ArrayBuffer;
const nodeFetch = globalThis.fetch;
// A fixed clock: the answers of two sessions carry the same created_at.
const now = () => new Date('2026-11-01T12:00:00Z');

/** What two sessions' answers must agree on: the status and the body, tokens and microseconds aside. */
const shown = (log: Recorded[]) => {
  const tokens = new Map<string, string>();
  const named = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value ?? null), (key, v) => {
      if ((key === 'api_token' || key === 'reset_token') && typeof v === 'string') {
        if (!tokens.has(v)) tokens.set(v, `<${key} ${tokens.size}>`);
        return tokens.get(v);
      }
      // The store stamps microseconds from a counter of its own, not from the clock.
      return typeof v === 'string' ? v.replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)\.\d+Z$/, '$1Z') : v;
    });
  return log.map((x) => ({
    operationId: x.operationId,
    path: x.path.replace(/\/[0-9a-f]{32}$/, '/<reset token>'),
    status: x.reply.status,
    body: named(x.reply.body),
  }));
};

/** The app's side: the environment's fetch, Request and Response, as a component's code calls them. */
async function replyOf(r: Response): Promise<Reply> {
  const text = await r.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    /* not JSON: kept as text */
  }
  return { status: r.status, headers: Object.fromEntries(r.headers), body };
}

async function sessionThroughMsw(t: Test): Promise<Recorded[]> {
  const mock = await createMswMock({ baseUrl, now, spec: loaded });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const fetchCall = (c: Call) =>
      fetch(`${baseUrl}/api/v1${c.path}`, {
        method: c.method,
        headers: { ...(c.body === undefined ? {} : { 'content-type': 'application/json' }), ...c.headers },
        ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
      }).then(replyOf);
    const send: Send = async (c) => {
      const first = await fetchCall(c);
      if (reads.has(c.operationId)) {
        const again = await fetchCall(c);
        t.same(
          { status: again.status, body: again.body },
          { status: first.status, body: first.body },
          `${c.operationId} ${c.path} asked again answers the same (from the cache)`,
        );
      }
      return first;
    };
    const control: Control = (method, path, body) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      }).then(replyOf);
    return await validTraffic(send, control);
  } finally {
    server.close();
    await mock.close();
  }
}

function reachesEveryOperation(t: Test, log: Recorded[]) {
  const reached = new Set(log.filter((x) => x.reply.status < 300).map((x) => x.operationId));
  for (const op of loaded.operations) t.ok(reached.has(op.operationId), `${op.operationId} succeeded`);
}

let reference: ReturnType<typeof shown> = [];

t.test('under Node’s own globals: every answer as the session expects it, in a shape the spec allows', async (t) => {
  const log = await sessionThroughMsw(t);
  const validator = createExchangeValidator(loaded);
  for (const x of log) {
    t.equal(x.reply.status, x.expect, `${x.operationId} ${x.path} answers ${x.expect}`, { body: x.reply.body });
    const findings = validator.validate({ ...x, status: x.reply.status, headers: x.reply.headers, body: x.reply.body });
    t.same(findings, [], `${x.operationId} ${x.reply.status} is valid against the spec`);
  }
  reachesEveryOperation(t, log);
  reference = shown(log);
});

for (const name of ['jsdom', 'happy-dom'] as const) {
  t.test(`under Vitest’s ${name} environment`, async (t) => {
    const env = await builtinEnvironments[name].setup(globalThis, {} as never);
    try {
      // The environment is in place, as a test file sees it.
      if (name === 'jsdom') t.not(ArrayBuffer, NodeArrayBuffer, 'ArrayBuffer is jsdom’s realm’s');
      else t.not(globalThis.fetch, nodeFetch, 'fetch is happy-dom’s');
      const log = await sessionThroughMsw(t);
      const got = shown(log);
      t.equal(got.length, reference.length, 'the session made every call');
      for (const [i, x] of got.entries())
        t.same(x, reference[i], `${x.operationId} ${x.path} answers ${reference[i]?.status} as under Node`);
      reachesEveryOperation(t, log);
    } finally {
      await env.teardown(globalThis);
    }
    t.equal(ArrayBuffer, NodeArrayBuffer, 'Node’s globals are back');
  });
}
