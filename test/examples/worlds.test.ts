// Issue 30's Cypress example (examples/worlds/cypress/; Cypress is not installed)
// run under a stand-in for Cypress and cy against a real mock. The other worlds
// examples: the CI matrix runs in test/e2e/worlds/ci-matrix.test.ts, the
// Playwright fixture's header in test/e2e/worlds/playwright-workers.test.ts, and
// `tsc` checks the Playwright files against examples/worlds/playwright-test.d.ts.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import t from 'tap';
import { buildMock } from '../../mock/build.js';
import { ROOT } from '../../scripts/bench/processes.js';
import { spec } from '../helpers/mock.js';

interface Hooks {
  before: Array<() => void>;
  beforeEach: Array<() => void>;
}

t.test("the Cypress support file names the run's world on every request to the mock", async (t) => {
  const app = await buildMock({ spec: await spec() });
  const mock = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  await app.inject({ method: 'POST', url: '/__mock/faults?world=ci-3', payload: { latency_ms: 1 } });

  // A stand-in for Cypress: its env, the hooks, and cy.request / cy.intercept recorded.
  const hooks: Hooks = { before: [], beforeEach: [] };
  const requests: Array<{ method: string; url: string; headers: Record<string, string>; body: unknown }> = [];
  const intercepts: Array<[string, (req: { headers: Record<string, string> }) => void]> = [];
  const env: Record<string, string> = { MOCK_URL: mock, MOCK_WORLD: 'ci-3' };
  runInNewContext(readFileSync(`${ROOT}examples/worlds/cypress/support/e2e.js`, 'utf8'), {
    Cypress: { env: (name: string) => env[name] },
    cy: {
      request: (r: (typeof requests)[number]) => requests.push(r),
      intercept: (url: string, handler: (typeof intercepts)[number][1]) => intercepts.push([url, handler]),
    },
    before: (fn: () => void) => hooks.before.push(fn),
    beforeEach: (fn: () => void) => hooks.beforeEach.push(fn),
  });
  for (const fn of [...hooks.before, ...hooks.beforeEach]) fn();

  t.equal(requests.length, 1, 'one reset before the spec');
  const reset = requests[0]!;
  const answer = await fetch(reset.url, {
    method: reset.method,
    headers: { ...reset.headers, 'content-type': 'application/json' },
    body: JSON.stringify(reset.body),
  });
  t.equal(answer.status, 200, 'the reset answered');
  t.same(
    (await app.inject({ url: '/__mock/faults?world=ci-3' })).json().faults,
    [],
    'it reset ci-3: its fault is gone',
  );

  t.equal(intercepts.length, 1, 'one intercept');
  const [pattern, handler] = intercepts[0]!;
  t.equal(pattern, `${mock}/**`, "on the mock's address");
  const req = { headers: { platform: 'WEB', 'content-type': 'application/json' } as Record<string, string> };
  handler(req);
  const signin = await fetch(`${mock}/api/v1/user/signin`, {
    method: 'POST',
    headers: req.headers,
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
  });
  t.equal(signin.status, 200);
  const journal = (await app.inject({ url: '/__mock/requests' })).json().requests as Array<{ world: string }>;
  t.same(
    journal.map((e) => e.world),
    ['ci-3'],
    "the app's call, with the header the intercept added, was answered in ci-3",
  );
});
