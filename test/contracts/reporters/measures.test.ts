// The measures sections of the reporters: spec coverage and response times in
// the human summary, JUnit <properties> and the HTML tables; a report without
// them (an older one, or a library caller's) renders as before.
import t from 'tap';
import type { CoverageReport, TimingReport } from '../../../contracts/measures/types.js';
import { renderHtml, renderHuman, renderJunit } from '../../../contracts/reporters/index.js';
import { coverageLines, measureProperties, timingLines } from '../../../contracts/reporters/measures.js';
import type { RunReport } from '../../../contracts/types.js';

const coverage: CoverageReport = {
  percent: 62.5,
  statuses: { seen: 3, documented: 4 },
  properties: { seen: 2, documented: 4 },
  operations: { answered: 2, total: 2 },
  minimum: 50,
  byOperation: [
    {
      operationId: 'listPlans',
      percent: 100,
      statuses: [{ status: '200', seen: true, assumed: false, properties: { seen: ['message'], missing: [] } }],
    },
    {
      operationId: 'getSettings',
      percent: 40,
      statuses: [
        { status: '200', seen: true, assumed: false, properties: { seen: ['message'], missing: ['data[].<key>'] } },
        { status: '400', seen: false, assumed: true, properties: { seen: [], missing: ['message'] } },
        { status: '401', seen: true, assumed: false, properties: { seen: [], missing: [] } },
      ],
    },
  ],
};
const timing: TimingReport = {
  answers: 7,
  operations: [
    { operationId: 'getSettings', count: 4, p50Ms: 120, p95Ms: 480, maxMs: 480, budgetMs: 300, overBudget: 1 },
    { operationId: 'listPlans', count: 3, p50Ms: 2, p95Ms: 3, maxMs: 3, overBudget: 0 },
  ],
};
const report: RunReport = {
  tool: 'mcs-contracts',
  target: 'https://staging.example.com/api/v1',
  startedAt: '2026-11-21T00:00:00.000Z',
  modes: ['read-only'],
  results: [],
  summary: {
    operations: { covered: 2, total: 2, uncovered: [] },
    checks: { total: 0, passed: 0, failed: 0, observations: 0, skipped: 0 },
    requests: 7,
    durationMs: 10,
  },
  coverage,
  timing,
};

t.test('human: the coverage line, the operations not complete, the slowest operations', async (t) => {
  t.same(coverageLines(coverage), [
    'Spec coverage: 62.5% (statuses 3 of 4, response properties 2 of 4; operations answered 2 of 2); --min-coverage 50%',
    '  getSettings  40.0%  statuses not seen: 400*; absent from every answer: 200 data[].<key>',
    '  (* the response is marked x-assumed in the spec)',
  ]);
  t.same(timingLines(timing), [
    'Slowest operations (by p95, 2 of 2; 7 answers timed):',
    '  getSettings  p50 120 ms, p95 480 ms, max 480 ms, 4 answers; budget 300 ms, 1 over',
    '  listPlans    p50 2 ms, p95 3 ms, max 3 ms, 3 answers',
  ]);
  const text = renderHuman(report);
  t.ok(text.indexOf('Spec coverage') < text.indexOf('Verdict:'), 'before the verdict');
  const bare = renderHuman({ ...report, coverage: undefined, timing: undefined });
  t.notMatch(bare, /Spec coverage|Slowest/, 'a report without measures has no such sections');
});

t.test('JUnit: the measures as properties of a suite of their own', async (t) => {
  const xml = renderJunit(report);
  t.match(
    xml,
    '<testsuite name="mcs-contracts.measures" tests="0" failures="0" errors="0" skipped="0" time="0.000" timestamp="2026-11-21T00:00:00.000Z">\n    <properties>\n      <property name="coverage.percent" value="62.5"/>',
  );
  t.match(xml, '<property name="coverage.getSettings.statuses.notSeen" value="400*"/>');
  t.match(xml, '<property name="timing.getSettings.p95Ms" value="480"/>');
  t.match(xml, '<property name="timing.getSettings.overBudget" value="1"/>');
  t.notMatch(xml, 'timing.listPlans.budgetMs', 'no budget, no budget property');
  t.equal(new Map(measureProperties(report)).get('coverage.minimum'), '50');
  t.notMatch(renderJunit({ ...report, coverage: undefined, timing: undefined }), '<properties>');
});

t.test('HTML: a coverage table (least covered first) and a response-time table, escaped', async (t) => {
  const html = renderHtml(report);
  t.match(html, '<h2>Spec coverage</h2>');
  t.match(html, /<table id="coverage"[\s\S]*data-op="getSettings"[\s\S]*data-op="listPlans"/, 'least covered first');
  t.match(html, '<code>200 data[].&lt;key&gt;</code>', 'paths escaped');
  t.notMatch(html, '<key>');
  t.match(
    html,
    '<tr data-op="getSettings"><th scope="row">getSettings</th><td class="num">4</td><td class="num">120</td><td class="num">480</td><td class="num">480</td><td class="num">300</td><td class="num low">1</td></tr>',
  );
  t.notMatch(renderHtml({ ...report, coverage: undefined, timing: undefined }), /Spec coverage|Response times/);
});

t.test('HTML: a coverage figure is red only below --min-coverage; with none, no figure is red', async (t) => {
  // Every figure under 100% was red, 85.7% of a passing run among them.
  const cell = (html: string, op: string) =>
    new RegExp(`data-op="${op}"><th scope="row">${op}</th><td class="([^"]+)">`).exec(html)?.[1];
  const withBar = renderHtml(report); // --min-coverage 50: getSettings 40%, listPlans 100%
  t.equal(cell(withBar, 'getSettings'), 'num low', '40% under a bar of 50%: red');
  t.equal(cell(withBar, 'listPlans'), 'num', '100%: plain');
  const above = renderHtml({ ...report, coverage: { ...coverage, minimum: 30 } });
  t.equal(cell(above, 'getSettings'), 'num', '40% over a bar of 30%: plain');
  const none = renderHtml({ ...report, coverage: { ...coverage, minimum: undefined } });
  t.equal(cell(none, 'getSettings'), 'num', 'no bar: plain');
});
