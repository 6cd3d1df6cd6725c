// The contract suite's HTML report in a real browser: opened as a file, with no
// request leaving it, its filters narrow the checks, and printing hides the controls.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import t from 'tap';
import { renderHtml } from '../../../contracts/reporters/html.js';
import { reportWithAFailure } from '../../helpers/broken.js';
import { browserPage, SCREENSHOTS } from '../../helpers/browser.js';

t.test('--reporter html: a report a team can read, filter and print', async (t) => {
  const report = await reportWithAFailure(t);
  const file = resolve(SCREENSHOTS, '..', 'contracts.html');
  const b = await browserPage(t);
  if (!b) return;
  const { page, offsite } = b;
  await writeFile(file, renderHtml(report));
  await page.goto(`file://${file}`);
  await page.getByText('The deployment does NOT honour the spec.').waitFor();
  const all = await page.locator('.check').count();
  t.equal(all, report.results.length, 'every check listed');

  await page.locator('#f-verdict').selectOption('fail');
  const failed = report.results.filter((r) => r.verdict === 'fail').length;
  t.equal(await page.locator('.check:not([hidden])').count(), failed, 'the verdict filter shows the failures only');
  t.match(
    await page.locator('.check:not([hidden])').first().innerText(),
    /listClients 200 \/data\/total: must have required property 'total'/,
  );
  await page.locator('#f-verdict').selectOption('');
  await page.locator('#f-group').selectOption('auth');
  t.equal(
    await page.locator('.check:not([hidden])').count(),
    report.results.filter((r) => r.group === 'auth').length,
    'the group filter',
  );
  await page.locator('#f-group').selectOption('');
  await page.locator('#f-op').selectOption('listClients');
  t.equal(
    await page.locator('.check:not([hidden])').count(),
    report.results.filter((r) => r.operationId === 'listClients').length,
    'the operation filter',
  );
  await page.locator('#f-op').selectOption('');
  await page.screenshot({ path: `${SCREENSHOTS}/contracts-html.png` });

  await page.emulateMedia({ media: 'print' });
  t.equal(await page.locator('.filters').isVisible(), false, 'printing hides the filters');
  t.same(offsite, [], 'the report makes no request');
});
