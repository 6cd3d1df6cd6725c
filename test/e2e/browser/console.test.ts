// The mock console at /__mock/ui in a real browser: calls made by an app show
// up live in the journal, the plan toggle and the fault composer change what
// the mock answers next.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { apiPost } from '../../helpers/api.js';
import { browserPage, mockAndPage, SCREENSHOTS } from '../../helpers/browser.js';
import { spec } from '../../helpers/mock.js';

t.test('/__mock/ui: live journal, plan toggle, fault composer', async (t) => {
  const b = await mockAndPage(t);
  if (!b) return;
  const { app, base, page, offsite } = b;

  // The app under development, calling the mock over HTTP.
  const call = (path: string, body: unknown, token?: string) => apiPost(base, path, body, token);

  await page.goto(`${base}/__mock/ui`);
  await page.getByText(/seed \d+ · 150 clients/).waitFor();

  const signin = await call('/user/signin', {
    email: 'nosub@example.com',
    password: 'demo-password',
    device_token: '',
    platform: 'WEB',
  });
  const token = signin.body.data.api_token as string;
  t.equal((await call('/client/list', { page: 1 }, token)).status, 403, 'no plan: 403');
  const journal = page.locator('#journal tbody');
  await journal.locator('tr', { hasText: 'listClients' }).filter({ hasText: '403' }).first().waitFor();
  t.pass('the 403 appeared in the journal without a reload');
  t.notOk((await page.content()).includes(token), 'the token is nowhere on the page');

  const nosub = page.locator('#accounts tr', { hasText: 'nosub@example.com' });
  await nosub.getByRole('button', { name: /Give .* plan/ }).click();
  await nosub.getByRole('button', { name: 'Remove plan' }).waitFor();
  t.equal((await call('/client/list', { page: 1 }, token)).status, 200, 'with a plan: 200');
  await journal.locator('tr', { hasText: 'listClients' }).filter({ hasText: '200' }).first().waitFor();

  await page.locator('#fault-op').selectOption('listClients');
  await page.locator('#fault-status').selectOption('401');
  await page.locator('#fault-count').fill('1');
  await page.getByRole('button', { name: 'Add fault' }).click();
  await page.locator('#faults li', { hasText: 'listClients: answers 401 for 1 more call' }).waitFor();
  t.equal((await call('/client/list', { page: 1 }, token)).status, 401, 'the composed fault answers the next call');
  t.equal((await call('/client/list', { page: 1 }, token)).status, 200, 'and only that one');
  const forced = journal.locator('tr', { hasText: 'listClients' }).filter({ hasText: '401' }).first();
  await forced.waitFor();
  t.equal(
    await forced.locator('td').nth(6).textContent(),
    'nosub@example.com',
    "the forced 401 names the token's account",
  );
  await page.locator('#faults li', { hasText: 'none: every call is answered as usual' }).waitFor();
  t.pass('the spent fault left the list by itself');
  await page.locator('#budget tbody tr', { hasText: 'nosub@example.com' }).waitFor();

  await journal.locator('tr', { hasText: 'listClients' }).filter({ hasText: '200' }).first().click();
  await page.locator('#journal tr.detail:not([hidden]) pre').first().waitFor();
  t.match(
    await page.locator('#journal tr.detail:not([hidden])').first().innerText(),
    /authorization: Bearer \[REDACTED\]/,
  );
  await page.screenshot({ path: `${SCREENSHOTS}/console.png`, fullPage: true });
  // The detail of the forced 401 names its code (x-mock-error), so it is not mistaken for a refused token.
  await journal.locator('tr', { hasText: 'listClients' }).filter({ hasText: '401' }).first().click();
  await page.locator('#journal tr.detail:not([hidden]) h3', { hasText: 'Answer 401' }).waitFor();
  t.match(
    await page.locator('#journal tr.detail:not([hidden]) h3', { hasText: 'Answer 401' }).first().innerText(),
    /^Answer 401 MCS_ERR_FORCED application\/json/,
  );
  t.equal(
    await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
    true,
    'nothing overflows the window sideways',
  );
  // A deactivated account is marked (it cannot sign in any more); the others are not.
  const control = await app.inject({
    method: 'POST',
    url: '/__mock/tokens/invalidate',
    payload: { email: 'nosub@example.com', reason: 'deactivation' },
  });
  t.equal(control.statusCode, 200, 'deactivated through the control');
  await page.reload();
  await page.locator('#accounts tr', { hasText: 'nosub@example.com' }).getByText('(deactivated)').waitFor();
  t.equal(await page.locator('#accounts tr', { hasText: '(deactivated)' }).count(), 1, 'only that account is marked');
  t.same(offsite, [], 'no request left this machine');
});

t.test('/__mock/ui: the fault composer forces failures outside the spec', async (t) => {
  const b = await mockAndPage(t);
  if (!b) return;
  const { base, page, offsite } = b;
  const settings = () =>
    fetch(`${base}/api/v1/user/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', platform: 'WEB' },
      body: '{}',
      signal: AbortSignal.timeout(5000),
    });
  await page.goto(`${base}/__mock/ui`);
  await page.getByText(/seed \d+ · 150 clients/).waitFor();
  const journal = page.locator('#journal tbody');
  const compose = async (kind: string) => {
    await page.locator('#fault-op').selectOption('getSettings');
    await page.locator('#fault-kind').selectOption(kind);
    await page.locator('#fault-count').fill('1');
    await page.getByRole('button', { name: 'Add fault' }).click();
    await page
      .locator('#faults li', { hasText: `getSettings: fails outside the spec: ${kind} for 1 more call` })
      .waitFor();
  };

  await compose('bad-gateway');
  const proxied = await settings();
  t.same([proxied.status, proxied.headers.get('content-type')], [502, 'text/html; charset=utf-8'], 'a proxy page');
  await journal.locator('tr', { hasText: 'getSettings' }).filter({ hasText: 'bad-gateway' }).first().waitFor();
  t.pass('the journal shows the kind under the status');

  await compose('drop');
  await t.rejects(settings(), { name: 'TypeError', message: 'fetch failed' }, 'the app sees the connection drop');
  await journal
    .locator('tr', { hasText: 'getSettings' })
    .filter({ hasText: /none\s*drop/ })
    .first()
    .waitFor();
  t.pass('a dropped exchange is in the journal, with no status');
  t.equal((await settings()).status, 200, 'then as usual');
  t.same(offsite, [], 'no request left this machine');
});

// Issue 26: any site could frame the console and lay its buttons (reset, plans)
// under its own. A hostile page on another port frames /__mock/ui and /docs
// (and the encoded /%5F_mock/ui that once skipped the guard); none may render
// there, while a frame of the hostile page's own does.
t.test('regression: a page on another port cannot frame /__mock/ui or /docs', async (t) => {
  const app = await buildMock({ spec: await spec() });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const hostile = createServer((request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    if (request.url === '/own') return response.end('<!doctype html><p id="own">framed fine</p>');
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('target') ?? '';
    response.end(`<!doctype html><title>hostile</title><iframe id="victim" src="${target}"></iframe>`);
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  t.teardown(() => hostile.close());
  const hostilePort = (hostile.address() as AddressInfo).port;
  const b = await browserPage(t);
  if (!b) return;
  const { page } = b;

  const framed = async (hostileBase: string, target: string) => {
    await page.goto(`${hostileBase}/?target=${encodeURIComponent(target)}`, { waitUntil: 'load' });
    const frame = await (await page.waitForSelector('#victim')).contentFrame();
    return frame ? { url: frame.url(), html: await frame.content().catch(() => '') } : { url: '', html: '' };
  };
  const sameSite = `http://127.0.0.1:${hostilePort}`;
  const own = await framed(sameSite, `${sameSite}/own`);
  t.match(own.html, /framed fine/, 'the hostile page can frame its own page (the test sees a render)');
  const cases: Array<[string, string, string]> = [
    // Same site, another port: the guard lets a GET of the page through; only the headers stop the frame.
    [sameSite, '/__mock/ui', 'Mock console'],
    [sameSite, '/docs', 'API reference'],
    [sameSite, '/%5F_mock/ui', 'Mock console'],
    [`http://localhost:${hostilePort}`, '/%5F_mock/ui', 'Mock console'],
    [`http://localhost:${hostilePort}`, '/docs', 'API reference'],
  ];
  for (const [hostileBase, path, marker] of cases) {
    const victim = await framed(hostileBase, `${base}${path}`);
    t.notMatch(victim.html, marker, `${path} framed by ${hostileBase} does not render`);
    t.notOk(
      victim.url.startsWith(base),
      `${path} framed by ${hostileBase}: the frame holds no page of the mock (${victim.url})`,
    );
  }
});
