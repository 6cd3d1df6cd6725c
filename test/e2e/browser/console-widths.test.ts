// Issue 29: at 1280 and 1440 px the journal's Status, ms, Account and Spec
// columns and an opened row's answer slid under the Accounts/Faults panels
// after a call to a long path. From 1280 px up every column and the answer must
// be in the window and clear of the side panels, with nothing overflowing; the
// long path wraps and keeps the whole of it in a title. The status filter takes
// a class (2xx, 4xx, 5xx) as the journal API does. At 1024 px the panels go
// under the journal, which then has the whole width.
import type { Page } from 'playwright-core';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { apiPost, apiSignin } from '../../helpers/api.js';
import { browserPage, SCREENSHOTS } from '../../helpers/browser.js';
import { spec } from '../../helpers/mock.js';

const LONG = '/measurements/series_window_with_draperies_add_edit';
const WIDTHS = [1024, 1280, 1440, 1920];

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface Layout {
  width: number;
  scrollWidth: number;
  journal: { client: number; scroll: number };
  callTitle: string | null;
  musts: Box[];
  panels: Box[];
}

// The boxes that must be seen whole, the side panels, and how wide the page and the journal are drawn.
// A string, not a function: tsx's helpers (__name) do not exist in the page.
const LAYOUT = `(() => {
  const box = (name, el) => {
    const r = el ? el.getBoundingClientRect() : { left: 0, right: 0, top: 0, bottom: 0 };
    return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  };
  const row = [...document.querySelectorAll('#journal tbody tr:not(.detail)')].find((tr) =>
    tr.textContent.includes('series_window_with_draperies'));
  const cells = row ? [...row.children] : [];
  const open = document.querySelector('#journal tr.detail:not([hidden])');
  const panes = open ? [...open.querySelectorAll('.bodies > div')] : [];
  const section = document.getElementById('journal-section');
  const titled = cells[2] && (cells[2].title ? cells[2] : cells[2].querySelector('[title]'));
  return {
    width: window.innerWidth,
    scrollWidth: document.documentElement.scrollWidth,
    journal: { client: section.clientWidth, scroll: section.scrollWidth },
    callTitle: titled ? titled.title : null,
    musts: [
      box('call', cells[2]), box('status', cells[4]), box('ms', cells[5]), box('account', cells[6]),
      box('spec', cells[7]), box('request pane', panes[0]), box('answer pane', panes[1]),
    ],
    panels: [...document.querySelectorAll('aside > section')].map((s) => box(s.querySelector('h2').textContent, s)),
  };
})()`;

const layout = (page: Page) => page.evaluate(LAYOUT) as Promise<Layout>;

const meets = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

t.test('the journal stays readable from 1024 to 1920 px after a call to a long path', async (t) => {
  const loaded = await spec();
  const app = await buildMock({ spec: loaded });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const b = await browserPage(t);
  if (!b) return;
  const { page, offsite } = b;

  const token = await apiSignin(base);
  const example = loaded.byId.get('addEditSeriesWindowMeasurement')?.requestBody?.examples[0];
  t.equal((await apiPost(base, LONG, example, token)).status, 200, 'the long path answered 200');
  t.equal((await apiPost(base, '/client/list', { page: 1 })).status, 401, 'no token: 401');
  t.equal((await apiPost(base, `/measurements/${'x'.repeat(600)}`, {})).status, 404, 'a path of 600 letters: 404');

  await page.goto(`${base}/__mock/ui`);
  const longRow = page.locator('#journal tbody tr', { hasText: 'series_window_with_draperies' }).first();
  await longRow.waitFor();
  await longRow.click();
  await page.locator('#journal tr.detail:not([hidden]) pre').first().waitFor();

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const l = await layout(page);
    t.ok(l.scrollWidth <= l.width, `${width}: the page does not overflow sideways (drawn ${l.scrollWidth} px wide)`);
    t.ok(
      l.journal.scroll <= l.journal.client,
      `${width}: the journal fits its panel (drawn ${l.journal.scroll} px in ${l.journal.client})`,
    );
    t.equal(l.callTitle, `POST /api/v1${LONG}`, `${width}: the whole call is in the title`);
    const call = l.musts[0]!;
    t.ok(call.right - call.left >= 120, `${width}: the call has room (${call.right - call.left} px)`);
    for (const m of l.musts) {
      t.ok(m.right > m.left && m.left >= 0 && m.right <= l.width, `${width}: ${m.name} is in the window`, { box: m });
      const under = l.panels.filter((p) => meets(m, p)).map((p) => p.name);
      t.same(under, [], `${width}: ${m.name} is clear of the side panels`, { box: m });
    }
    const cut = await page
      .locator('#journal tbody tr:not(.detail)', { hasText: 'xxxx' })
      .locator('td.call')
      .evaluate((td) => ({ height: td.getBoundingClientRect().height, title: td.title.length }));
    t.ok(cut.height < 100, `${width}: the 600-letter path is cut to a few lines (${cut.height} px high)`);
    t.equal(cut.title, 'POST /api/v1/measurements/'.length + 600, `${width}: its title holds all of it`);
    await page.screenshot({ path: `${SCREENSHOTS}/console-${width}.png` });
  }

  // The status filter offers the classes the journal API takes, and still one exact status.
  await page.locator('#filter-status').selectOption('4xx');
  await page.locator('#journal tbody tr:not(.detail)', { hasText: 'listClients' }).waitFor();
  t.same(
    await page.locator('#journal tbody tr:not(.detail) td.status').allInnerTexts(),
    ['404', '401'],
    '4xx: the 404 and the 401',
  );
  await page.locator('#filter-status').selectOption('2xx');
  t.same(
    await page.locator('#journal tbody tr:not(.detail) td.status').allInnerTexts(),
    ['200', '200'],
    '2xx: the sign-in and the long call',
  );
  await page.locator('#filter-status').selectOption('5xx');
  t.same(await page.locator('#journal tbody tr:not(.detail) td.status').allInnerTexts(), [], '5xx: none');
  await page.locator('#filter-status').selectOption('401');
  t.same(await page.locator('#journal tbody tr:not(.detail) td.status').allInnerTexts(), ['401'], 'one status: 401');
  t.same(offsite, [], 'no request left this machine');
});
