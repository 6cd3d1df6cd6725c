// Playwright: one mock for the whole run, each worker in a world of its own
// (playwright.fixtures.ts), so workers run in parallel without seeing each
// other's changes, resets or rate limits.
import { defineConfig } from '@playwright/test';

export const MOCK_URL = process.env.MCS_MOCK_URL ?? 'http://127.0.0.1:4010';

export default defineConfig({
  workers: 4,
  fullyParallel: true,
  use: { baseURL: process.env.APP_URL ?? 'http://127.0.0.1:5173' },
  // Started once by the runner, before any worker: every worker shares it.
  webServer: {
    command: 'npx mcs-mock --port 4010',
    url: `${MOCK_URL}/__mock/worlds`,
    reuseExistingServer: true,
  },
});
