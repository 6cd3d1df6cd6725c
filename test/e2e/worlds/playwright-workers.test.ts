// Issue 30: Playwright's workers against one mock, each in its own world
// (examples/worlds/playwright.fixtures.ts: extraHTTPHeaders X-Mock-World
// w<workerIndex>). Four worker processes, each with its own Chromium, open an
// app on another origin (the mock's CORS lets the header through) and rename
// the same client at once: each reads back its own name, and the journal holds
// each world's calls apart.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { ROOT } from '../../../scripts/bench/processes.js';
import { chromiumPath } from '../../helpers/browser.js';
import { spec } from '../../helpers/mock.js';

const WORKERS = 4;

function runWorker(index: number, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/e2e/worlds/playwright-worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, TEST_WORKER_INDEX: String(index) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => child.kill(), 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

t.test('four Playwright workers, one mock, four worlds', async (t) => {
  if (!chromiumPath()) {
    if (process.env.MCS_SKIP_BROWSER === '1') return t.comment('no Chromium and MCS_SKIP_BROWSER=1: skipped');
    return t.fail('no Chromium found (apt-get install -y chromium, or CHROMIUM_PATH)');
  }
  const mock = await buildMock({ spec: await spec() });
  const mockUrl = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const app = createServer((_req, res) => res.end('<!doctype html><title>app</title>'));
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  t.teardown(() => app.close());
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;

  const runs = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) => runWorker(i, { APP_URL: appUrl, MCS_MOCK_URL: mockUrl })),
  );
  const results = runs.map((r, i) => {
    t.equal(r.code, 0, `worker ${i} ran (${r.out.slice(-500)})`);
    return JSON.parse(r.out.trim().split('\n').at(-1) ?? '{}') as {
      world: string;
      statuses: number[];
      id: number;
      read: string;
    };
  });
  t.equal(new Set(results.map((r) => r.id)).size, 1, 'every worker renamed the same client');
  for (const [i, r] of results.entries()) {
    t.same(r.statuses, [200, 200], `w${i}: signed in and renamed`);
    t.equal(r.read, `w${i}`, `w${i} reads back its own name, none of the others'`);
  }
  const journal = (await mock.inject({ url: '/__mock/requests?limit=200' })).json().requests as Array<{
    world: string | null;
    operationId: string;
  }>;
  for (let i = 0; i < WORKERS; i++)
    t.same(
      journal
        .filter((e) => e.world === `w${i}`)
        .map((e) => e.operationId)
        .reverse(),
      ['signin', 'listClients', 'updateClient', 'listClients'],
      `the journal holds w${i}'s four calls`,
    );
  t.equal(
    JSON.stringify(journal.filter((e) => e.world === 'default')),
    '[]',
    'none reached the default world (the header crossed origins)',
  );
});
