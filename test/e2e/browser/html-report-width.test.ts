// The HTML report fits the window it is read in: at 1280 and 1440 px wide no
// table, pointer, URL or message makes the page scroll sideways; long words wrap.
// The report is a real run's, with the longest text a deployment can put in it
// added where QA met it (the Assumptions table's Reason and pointer columns).
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import t from 'tap';
import { renderHtml } from '../../../contracts/reporters/html.js';
import type { RunReport } from '../../../contracts/types.js';
import { reportWithAFailure } from '../../helpers/broken.js';
import { browserPage, SCREENSHOTS } from '../../helpers/browser.js';

const URL_ = `https://staging.example.com/api/v1/client/list?keyword=${'a%25'.repeat(60)}&page=1000001`;
const POINTER = `/paths/~1client~1list/post/responses/200/content/application~1json/schema/properties/data/properties/data/items/properties/${'created_at_with_microseconds'.repeat(4)}`;
const WORD = 'x'.repeat(300);

interface Size {
  scroll: number;
  inner: number;
  ledger: number;
  reason: { right: number; scroll: number; client: number };
}
// Evaluated in the page (a string: the test's types know no DOM).
const MEASURE = `(() => {
  const cell = document.querySelector('#ledger tr[data-assumption] td:last-child');
  return {
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
    ledger: document.getElementById('ledger').getBoundingClientRect().right,
    reason: { right: cell.getBoundingClientRect().right, scroll: cell.scrollWidth, client: cell.clientWidth },
  };
})()`;

/** The run's report with long reasons, pointers, URLs and messages everywhere a deployment or the spec puts text. */
function lengthened(report: RunReport): RunReport {
  const ledger = report.ledger!;
  const [first, ...rest] = ledger.entries;
  const long = {
    ...first!,
    id: POINTER,
    status: 'contradicted' as const,
    reason: `${first!.reason} See ${URL_} and ${WORD}`,
    operations: ['listClients', 'getClientsByUserId', 'searchClientsWithinAVeryLongOperationIdThatDoesNotBreak'],
    contradictions: [
      {
        checkId: `conformance:listClients:${WORD}`,
        message: `listClients 200 ${POINTER}: must match pattern "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$" at ${URL_}`,
        expected: WORD,
        actual: URL_,
      },
    ],
    patch: [{ op: 'replace' as const, path: POINTER, value: { pattern: WORD } }],
  };
  const results = report.results.map((r, i) =>
    // An operationId as long as a spec may give one: the Operation filter's menu grew to its width.
    i === 1
      ? { ...r, operationId: `addEditSeriesWindowWithDraperiesAndSpecialtyShapes${WORD.slice(0, 120)}` }
      : i === 0
        ? {
            ...r,
            verdict: 'fail' as const,
            title: `${r.title} ${WORD}`,
            problems: [
              { message: `${URL_} ${WORD}`, at: POINTER, expected: WORD, actual: URL_, severity: 'error' as const },
            ],
            notes: [URL_],
          }
        : r,
  );
  return {
    ...report,
    target: URL_,
    results,
    summary: { ...report.summary, operations: { ...report.summary.operations, uncovered: [WORD] } },
    ledger: { ...ledger, entries: [long, ...rest] },
  };
}

t.test('--reporter html: no sideways scroll from 768 to 1440 px, however long the words', async (t) => {
  const report = await reportWithAFailure(t);
  const b = await browserPage(t);
  if (!b) return;
  const file = resolve(SCREENSHOTS, '..', 'contracts-wide.html');
  await writeFile(file, renderHtml(lengthened(report)));
  const { page } = b;
  // 1280 and 1440 are QA's screens; 1024 and 768 (a tablet, a split screen) must not scroll sideways either.
  for (const width of [1280, 1440, 1024, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`file://${file}`);
    // Every <details> open: what it holds counts for the width too.
    await page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true");
    const size = (await page.evaluate(MEASURE)) as Size;
    t.ok(size.scroll <= size.inner, `${width} px: the page is ${size.scroll} px wide, within ${size.inner}`);
    t.ok(size.ledger <= size.inner, `${width} px: the Assumptions table ends at ${size.ledger} px`);
    t.ok(size.reason.right <= size.inner, `${width} px: the Reason column is not cut`);
    t.ok(size.reason.scroll <= size.reason.client + 1, `${width} px: the Reason cell holds its text`);
    if (width === 1280) {
      await page.evaluate("document.getElementById('ledger').scrollIntoView()");
      await page.screenshot({ path: `${SCREENSHOTS}/contracts-html-1280.png` });
    }
  }
});

t.test('--reporter html: a long body is a box that scrolls, not a wall; printed, it is whole', async (t) => {
  // The over-1-MiB probe's request (2,000 characters of excerpt) stood some 40 lines tall in the ledger's column.
  const report = await reportWithAFailure(t);
  const b = await browserPage(t);
  if (!b) return;
  const failed = report.results.findIndex((r) => r.verdict === 'fail');
  const body = `{"keyword":"${'x'.repeat(2000)}"}`;
  const results = report.results.map((r, i) =>
    i === failed
      ? {
          ...r,
          problems: r.problems.map((p, j) =>
            j === 0 && p.reproduce
              ? { ...p, reproduce: { ...p.reproduce, request: { ...p.reproduce.request, body } } }
              : p,
          ),
        }
      : r,
  );
  const file = resolve(SCREENSHOTS, '..', 'contracts-long-body.html');
  await writeFile(file, renderHtml({ ...report, results }));
  const { page } = b;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`file://${file}`);
  await page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true");
  const box = `(() => {
    const pre = [...document.querySelectorAll('pre')].find((p) => p.textContent.includes('xxxxxxxxxx'));
    return { height: pre.getBoundingClientRect().height, scroll: pre.scrollHeight, client: pre.clientHeight };
  })()`;
  const screen = (await page.evaluate(box)) as { height: number; scroll: number; client: number };
  // 24rem and its padding.
  t.ok(screen.height <= 24 * 16 + 16 + 2, `on screen the box is ${screen.height} px tall`);
  t.ok(screen.scroll > screen.client, 'and scrolls to the rest');
  await page.emulateMedia({ media: 'print' });
  const printed = (await page.evaluate(box)) as { height: number; scroll: number; client: number };
  t.ok(printed.scroll <= printed.client + 1, `printed, it is whole (${printed.height} px)`);
});
