// Browser tests drive Debian's Chromium through playwright-core (a test tool's
// own browser download cannot reach its servers here). No browser is a failure
// that says what to install, never a silent pass; MCS_SKIP_BROWSER=1 skips.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { Test } from 'tap';
import { buildMock } from '../../mock/build.js';
import { spec } from './mock.js';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOTS = 'reports/screenshots';

export function chromiumPath(): string | undefined {
  return CANDIDATES.find((p): p is string => !!p && existsSync(p));
}

/** A fresh browser (with `args` beside the usual flags), closed at teardown; undefined when the test was skipped
 *  or failed for want of a browser. */
export async function launchBrowser(t: Test, args: string[] = []): Promise<Browser | undefined> {
  const executablePath = chromiumPath();
  if (!executablePath) {
    if (process.env.MCS_SKIP_BROWSER === '1') {
      t.comment('no Chromium found and MCS_SKIP_BROWSER=1: skipped');
      return undefined;
    }
    t.fail(
      "no Chromium found: install Debian's chromium (apt-get install -y chromium), set CHROMIUM_PATH, or set MCS_SKIP_BROWSER=1 to skip the browser tests",
    );
    return undefined;
  }
  const browser = await chromium.launch({ executablePath, args: [...FLAGS, ...args], timeout: 60_000 });
  t.teardown(() => browser.close());
  return browser;
}

/** A page in a fresh browser, closed at teardown; undefined when the test was skipped or failed for want of a browser. */
export async function browserPage(t: Test): Promise<{ page: Page; browser: Browser; offsite: string[] } | undefined> {
  const browser = await launchBrowser(t);
  if (!browser) return undefined;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(30_000);
  // The pages must work offline: anything not on this machine is refused and recorded.
  const offsite: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (
      url.hostname === '127.0.0.1' ||
      url.hostname === 'localhost' ||
      url.protocol === 'data:' ||
      url.protocol === 'file:'
    )
      return route.continue();
    offsite.push(url.href);
    return route.abort();
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  return { page, browser, offsite };
}

/** A mock of the spec the tests are written against, listening on a free port of this machine, and a page
 *  in a fresh browser to drive its console; undefined when the test was skipped for want of a browser. */
export async function mockAndPage(
  t: Test,
): Promise<{ app: FastifyInstance; base: string; page: Page; offsite: string[] } | undefined> {
  const app = await buildMock({ spec: await spec() });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const b = await browserPage(t);
  return b && { app, base, page: b.page, offsite: b.offsite };
}
