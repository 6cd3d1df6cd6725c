// One Playwright worker, as examples/worlds/playwright.fixtures.ts makes it,
// on playwright-core and Debian's Chromium (no @playwright/test here): its
// browser context sends `X-Mock-World: w<TEST_WORKER_INDEX>` with every request
// (extraHTTPHeaders), and its page, an app on another origin, renames a client
// through the mock and reads it back. Prints what it read, as JSON.
import { chromium } from 'playwright-core';
import { chromiumPath } from '../../helpers/browser.js';

const workerIndex = Number(process.env.TEST_WORKER_INDEX);
const app = process.env.APP_URL!;
const mock = process.env.MCS_MOCK_URL!;
const world = `w${workerIndex}`;

// The app's own code, run in its page: sign in, rename the first client, wait for the others, read it back.
const APP = `async ([mock, name]) => {
  const call = async (path, body, token) => {
    const headers = { 'content-type': 'application/json', platform: 'WEB' };
    if (token) headers.authorization = 'Bearer ' + token;
    const r = await fetch(mock + '/api/v1' + path, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: r.status, body: await r.json() };
  };
  const signin = await call('/user/signin', { email: 'demo@example.com', password: 'demo-password' });
  const token = signin.body.data.api_token;
  const first = (await call('/client/list', { limit: 1 }, token)).body.data.data[0];
  const update = await call('/client/update', { client_id: first.id, name, surname: first.surname, email: first.email }, token);
  await new Promise((r) => setTimeout(r, 500));
  const again = (await call('/client/list', { limit: 1 }, token)).body.data.data[0];
  return { statuses: [signin.status, update.status], id: first.id, read: again.name };
}`;

const browser = await chromium.launch({
  executablePath: chromiumPath()!,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Mock-World': `w${workerIndex}` } });
  const page = await context.newPage();
  await page.goto(app);
  const result = await page.evaluate(`(${APP})(${JSON.stringify([mock, world])})`);
  process.stdout.write(`${JSON.stringify({ world, ...(result as object) })}\n`);
} finally {
  await browser.close();
}
