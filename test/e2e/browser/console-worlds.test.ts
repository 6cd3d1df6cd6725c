// Issue 30: the console shows the live worlds, and the selected world scopes
// what it shows and does: the journal rows (or every world's, each naming its
// world), the accounts' plans, and the fault composer (a fault added while w2
// is selected answers in w2 only).
import { copyFile } from 'node:fs/promises';
import t from 'tap';
import { apiPost, apiSignin } from '../../helpers/api.js';
import { mockAndPage, SCREENSHOTS } from '../../helpers/browser.js';

const ROWS = '#journal tbody tr:not(.detail)';

t.test('/__mock/ui: worlds listed, selected, and scoping the journal, plans and faults', async (t) => {
  const b = await mockAndPage(t);
  if (!b) return;
  const { app, base, page, offsite } = b;
  const inWorld = (name: string) => `${base}/worlds/${name}`;
  const control = async (method: string, url: string, payload?: object) =>
    (await app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) })).json();

  // Two worlds with different changes: w1 lists clients with its plan; w2 has none (403).
  const w1Token = await apiSignin(inWorld('w1'));
  t.equal((await apiPost(inWorld('w1'), '/client/list', { page: 1 }, w1Token)).status, 200, 'w1: 200');
  await control('POST', '/__mock/subscription?world=w2', { email: 'demo@example.com', plan_id: null });
  const w2Token = await apiSignin(inWorld('w2'));
  t.equal((await apiPost(inWorld('w2'), '/client/list', { page: 1 }, w2Token)).status, 403, 'w2: no plan, 403');
  t.equal((await apiPost(base, '/client/list', { page: 1 })).status, 401, 'default: no token, 401');

  await page.goto(`${base}/__mock/ui`);
  await page.getByText(/world default · seed \d+ · 150 clients/).waitFor();
  const world = (name: string) => page.locator('#worlds tbody tr', { has: page.getByRole('button', { name }) });
  await world('w2').waitFor();
  t.same(
    await page.locator('#worlds tbody tr button').allInnerTexts(),
    ['default', 'w1', 'w2'],
    'the live worlds, the default one first',
  );
  const sessions = async (name: string) => Number(await world(name).locator('td').nth(2).innerText());
  t.equal(await sessions('w2'), (await sessions('default')) + 1, "w2's sessions: the seeded ones and its sign-in");
  t.not(await world('w2').locator('td').nth(1).innerText(), '0', 'w2 counts its changes');

  const ids = async (name: string) =>
    (await control('GET', `/__mock/requests?world=${name}`)).requests.map((e: { id: number }) => String(e.id));
  const shownIds = () => page.locator(`${ROWS} td:first-child`).allInnerTexts();
  await page.locator(ROWS, { hasText: '401' }).waitFor();
  t.same(await shownIds(), await ids('default'), 'the default world: its row only');

  await world('w2').getByRole('button').click();
  await page.getByText(/world w2 · seed/).waitFor();
  await page.locator(ROWS, { hasText: '403' }).waitFor();
  t.same(await shownIds(), await ids('w2'), "w2 selected: w2's rows only");
  t.equal(await world('w2').getAttribute('aria-current'), 'true', 'w2 is marked selected');
  t.match(page.url(), /\?world=w2$/, 'the address keeps the world');
  const plan = page.locator('#accounts tr', { hasText: 'demo@example.com' }).locator('td').nth(1);
  t.equal(await plan.innerText(), 'none', "w2's demo account has no plan");

  await page.locator('#fault-op').selectOption('listClients');
  await page.locator('#fault-status').selectOption('429');
  await page.getByRole('button', { name: 'Add fault' }).click();
  await page.locator('#faults li', { hasText: 'listClients: answers 429 until cleared' }).waitFor();
  t.equal((await control('GET', '/__mock/faults?world=w2')).faults.length, 1, 'the fault is in w2');
  t.same((await control('GET', '/__mock/faults?world=w1')).faults, [], 'none in w1');
  t.same((await control('GET', '/__mock/faults')).faults, [], 'none in the default world');
  t.equal((await apiPost(inWorld('w2'), '/client/list', { page: 1 }, w2Token)).status, 429, 'w2: forced 429');
  t.equal((await apiPost(inWorld('w1'), '/client/list', { page: 1 }, w1Token)).status, 200, 'w1: as usual');
  await page.locator(ROWS, { hasText: '429' }).waitFor();
  t.same(await shownIds(), await ids('w2'), "the forced 429 is w2's, and shown");

  // Every world's journal: each call names its world.
  await page.locator('#filter-world').selectOption('');
  await page.locator(`${ROWS} .world-tag`, { hasText: 'w1' }).first().waitFor();
  t.same((await shownIds()).length, (await ids('w1')).length + (await ids('w2')).length + 1, 'every row');
  await page.locator('#filter-world').selectOption('selected');
  await page.screenshot({ path: `${SCREENSHOTS}/console-worlds-1280.png`, fullPage: true });
  await copyFile(`${SCREENSHOTS}/console-worlds-1280.png`, '/tmp/console-worlds-1280.png').catch(() => undefined);

  await world('w1').getByRole('button').click();
  await page.getByText(/world w1 · seed/).waitFor();
  await page.locator('#faults li', { hasText: 'none: every call is answered as usual' }).waitFor();
  t.not(await plan.innerText(), 'none', "w1's demo account keeps its plan");
  t.same(await shownIds(), await ids('w1'), "w1's rows only");

  // A world not yet live, opened by name, is made by its state's call; a bad name is refused on the page.
  await page.locator('#open-world-name').fill('w9');
  await page.getByRole('button', { name: 'Open' }).click();
  await world('w9').waitFor();
  t.same(await shownIds(), [], 'w9 has no rows');
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#filter-world').selectOption('');
    t.equal(
      await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
      true,
      `${width}: nothing overflows sideways with every world's rows`,
    );
  }
  t.same(offsite, [], 'no request left this machine');
});
