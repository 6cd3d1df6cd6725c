// Each Playwright worker in its own world: `w` and its worker index. Every
// request of its pages and of `request` carries `X-Mock-World` (the mock's CORS
// allows the header), and the world starts from the seed once per worker.
import { test as base } from '@playwright/test';
import { MOCK_URL } from './playwright.config.js';

/**
 * The world of a worker: `w0`, `w1`... (a restarted worker gets a new index, so a fresh world).
 * Runs sharing one mock at once (CI shards) each set their own MCS_WORLD_PREFIX, e.g. `shard2-w`.
 */
export const worldOf = (workerIndex: number) => `${process.env.MCS_WORLD_PREFIX ?? 'w'}${workerIndex}`;

export const test = base.extend<object, { mockWorld: string }>({
  mockWorld: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
    async ({}, use, workerInfo) => {
      const world = worldOf(workerInfo.workerIndex);
      // A world of an earlier run against the same mock may still hold its changes.
      await fetch(`${MOCK_URL}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-mock-world': world },
        body: '{}',
      });
      await use(world);
    },
    { scope: 'worker', auto: true },
  ],
  extraHTTPHeaders: async ({ mockWorld }, use) => use({ 'X-Mock-World': mockWorld }),
});

export { expect } from '@playwright/test';
