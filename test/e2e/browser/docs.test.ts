// The API reference at /docs in a real browser: it renders every operation of
// the spec from installed assets only, signs in as the demo account in one
// click, and "Try it out" on client/list gets the mock's 200.
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { browserPage, SCREENSHOTS } from '../../helpers/browser.js';
import { spec } from '../../helpers/mock.js';

t.test('/docs: every operation, sign-in in one click, client/list tried from the page', async (t) => {
  const loaded = await spec();
  const app = await buildMock({ spec: loaded, rateLimit: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const b = await browserPage(t);
  if (!b) return;
  const { page, offsite } = b;

  await page.goto(`${base}/docs`);
  await page.locator('.opblock').first().waitFor();
  t.equal(await page.locator('.opblock').count(), loaded.operations.length, 'one block per operation of the spec');

  await page.getByRole('button', { name: 'Sign in as the demo account' }).click();
  await page.getByText('Signed in as demo@example.com').waitFor();
  t.notMatch(
    await page.locator('header').innerText(),
    /[0-9a-f]{32}/,
    "the token is not shown in the page's own header",
  );
  await page.screenshot({ path: `${SCREENSHOTS}/docs.png` });

  const op = page.locator('#operations-Clients-listClients');
  await op.locator('.opblock-summary').click();
  await op
    .getByRole('button', { name: 'Try it out' })
    .click()
    .catch(() => undefined); // already in try-it mode when tryItOutEnabled
  t.equal(
    await op.locator('tr[data-param-name="page"] input').first().inputValue(),
    '1',
    '?page= is pre-filled with the page of the body example',
  );
  t.notMatch(await page.locator('.information-container').innerText(), /licen[sc]e/i, 'no license line in the info');
  const platform = op.locator('tr[data-param-name="platform"] select, tr[data-param-name="platform"] input');
  if (await platform.count()) {
    const tag = await platform.first().evaluate((el) => el.tagName);
    if (tag === 'SELECT') await platform.first().selectOption('WEB');
    else await platform.first().fill('WEB');
  }
  await op.getByRole('button', { name: 'Execute' }).click();
  const status = op.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  t.equal((await status.innerText()).trim(), '200', 'the mock answered the try-it call with 200');
  await status.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/docs-try-it.png` });
  t.same(offsite, [], 'no request left this machine');
});
