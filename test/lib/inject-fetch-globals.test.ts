// injectFetch (and the MSW handlers built on it) answers where the test's
// globals have no setImmediate, as under Jest's jsdom environment: Fastify's
// inject() finishes each answer with it (test/e2e/msw-jest-environments.test.ts
// runs the README's example under Jest itself).
import { setImmediate as nodeImmediate } from 'node:timers';
import t from 'tap';
import { injectFetch, keepNodeImmediate } from '../../lib/inject-fetch.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';

t.test('with no global setImmediate, a call through injectFetch answers as under Node', async (t) => {
  const app = await buildMock({ spec: await spec(), rateLimit: false });
  t.teardown(() => app.close());
  const saved = { setImmediate: globalThis.setImmediate, clearImmediate: globalThis.clearImmediate };
  Reflect.deleteProperty(globalThis, 'setImmediate');
  Reflect.deleteProperty(globalThis, 'clearImmediate');
  t.teardown(() => Object.assign(globalThis, saved));
  const r = await injectFetch(app)('http://127.0.0.1:4010/api/v1/countries/index', {
    method: 'POST',
    headers: { 'content-type': 'application/json', platform: 'WEB' },
    body: '{}',
  });
  t.equal(r.status, 200, 'countries/index answers');
  t.match(await r.text(), /Portugal/);
});

t.test('keepNodeImmediate adds Node’s setImmediate only where it is missing', async (t) => {
  const bare = {} as typeof globalThis;
  keepNodeImmediate(bare);
  t.equal(bare.setImmediate, nodeImmediate, 'missing: Node’s');
  const own = () => undefined;
  const kept = { setImmediate: own } as unknown as typeof globalThis;
  keepNodeImmediate(kept);
  t.equal(kept.setImmediate, own, 'present: left as it is');
});
