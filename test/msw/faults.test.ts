// The error screens an app's unit tests need, through the MSW handlers, in the
// environments frontends run them in (Node's globals, Vitest's jsdom and
// happy-dom): a fault outside the spec forced on the mock reaches the app's
// fetch as it would from a real server. A 500 or a proxy's 502 page is an
// answer; a truncated body is an answer whose JSON does not parse; a dropped
// connection is a fetch that rejects with a TypeError, not an answer MSW makes
// up for an exception in its handler.
import { setupServer } from 'msw/node';
import t from 'tap';
import { builtinEnvironments } from 'vitest/environments';
import { createMswMock } from '../../msw/index.js';

const baseUrl = 'https://api.example.test';
const headers = { 'content-type': 'application/json', platform: 'IOS' };

type Seen = { status: number; type: string; json: boolean } | { rejected: string };

const KINDS: Array<[string, Seen]> = [
  ['server-error', { status: 500, type: 'application/json; charset=utf-8', json: true }],
  ['bad-gateway', { status: 502, type: 'text/html; charset=utf-8', json: false }],
  ['truncated-json', { status: 200, type: 'application/json; charset=utf-8', json: false }],
  ['drop', { rejected: 'TypeError' }],
];

async function seen(kind: string): Promise<Seen> {
  const mock = await createMswMock({ baseUrl });
  const server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const rule = { operationId: 'listCountries', kind, count: 1 };
    const set = await fetch(`${baseUrl}/__mock/faults`, { method: 'POST', headers, body: JSON.stringify(rule) });
    if (set.status >= 300) throw new Error(`the fault was refused: ${await set.text()}`);
    const call = () => fetch(`${baseUrl}/api/v1/countries/index`, { method: 'POST', headers, body: '{}' });
    try {
      const r = await call();
      const text = await r.text();
      let json = true;
      try {
        JSON.parse(text);
      } catch {
        json = false;
      }
      const after = await call();
      if (after.status !== 200) throw new Error(`count 1: the next call answered ${after.status}`);
      return { status: r.status, type: r.headers.get('content-type') ?? '', json };
    } catch (err) {
      return { rejected: (err as Error).constructor.name };
    }
  } finally {
    server.close();
    await mock.close();
  }
}

for (const environment of ['node', 'jsdom', 'happy-dom'] as const)
  t.test(`under ${environment}: each kind as a real server's`, async (t) => {
    const env =
      environment === 'node' ? undefined : await builtinEnvironments[environment].setup(globalThis, {} as never);
    try {
      for (const [kind, expected] of KINDS) t.same(await seen(kind), expected, kind);
    } finally {
      await env?.teardown(globalThis);
    }
  });
