import t from 'tap';
import { envelopeProblems } from '../../../contracts/checks/paging.js';
import { progressLine, renderHtml, renderHuman, renderJson, renderJunit } from '../../../contracts/reporters/index.js';
import { contradictionLine } from '../../../contracts/reporters/ledger.js';
import type { RunReport } from '../../../contracts/types.js';
import { normalizeBaseUrl } from '../../../lib/base-url.js';
import { redact, redactDeep } from '../../../lib/redact.js';

const report: RunReport = {
  tool: 'mcs-contracts',
  target: 'https://staging.example.com/api/v1',
  startedAt: '2026-11-21T00:00:00.000Z',
  modes: ['read-only'],
  results: [
    {
      id: 'a',
      group: 'conformance',
      operationId: 'listPlans',
      title: 'lists plans',
      verdict: 'pass',
      problems: [],
      notes: [],
      ms: 12,
    },
    {
      id: 'b',
      group: 'auth',
      operationId: 'listClients',
      title: 'refuses <no> credentials & "quotes"',
      verdict: 'fail',
      problems: [
        { message: 'listClients answered 200, expected 401', expected: '401', actual: '200', severity: 'error' },
      ],
      notes: [],
      ms: 3,
    },
    {
      id: 'c',
      group: 'negative',
      operationId: 'listPlans',
      title: 'wrong method',
      verdict: 'observation',
      problems: [{ message: 'answered 404 rather than 405', severity: 'observation', assumption: 'http:405' }],
      notes: [],
      ms: 1,
    },
    {
      id: 'd',
      group: 'writes',
      operationId: 'updateClient',
      title: 'writes',
      verdict: 'skip',
      problems: [],
      notes: ['read-only run'],
      ms: 0,
    },
  ],
  summary: {
    operations: { covered: 2, total: 26, uncovered: ['signup'] },
    checks: { total: 4, passed: 1, failed: 1, observations: 1, skipped: 1 },
    requests: 9,
    durationMs: 1500,
  },
};

t.test('JUnit: suites per group, failures, skips, escaping', async (t) => {
  const xml = renderJunit(report);
  t.match(
    xml,
    '<testsuites name="mcs-contracts https://staging.example.com/api/v1" tests="4" failures="1" errors="0" skipped="2" time="1.500">',
  );
  t.match(xml, '<testsuite name="mcs-contracts.auth" tests="1" failures="1"');
  t.match(xml, 'name="listClients: refuses &lt;no&gt; credentials &amp; &quot;quotes&quot;"');
  t.match(xml, '<failure message="listClients answered 200, expected 401" type="contract">');
  t.match(xml, '<skipped message="observation: answered 404 rather than 405 [outside the spec: http:405]"/>');
  t.match(xml, '<skipped message="read-only run"/>');
  t.equal((xml.match(/<testcase /g) ?? []).length, 4);
});

t.test("JUnit: a passing check's notes are its output; one without notes stays a bare testcase", async (t) => {
  const note = 'the same defect as conformance:listClients reports, counted there: listClients 200 /data/total (type)';
  const noted = {
    ...report,
    results: report.results.map((r) => (r.verdict === 'pass' ? { ...r, notes: [note, '<a & b>'] } : r)),
  };
  const xml = renderJunit(noted);
  t.match(xml, `<system-out>${note}\n&lt;a &amp; b&gt;</system-out>`);
  t.notMatch(renderJunit(report), '<system-out>', 'no notes, no output');
  t.equal((xml.match(/<testcase /g) ?? []).length, 4);
});

t.test('HTML: self-contained, the verdict, per group and per operation, every check escaped', async (t) => {
  const html = renderHtml(report);
  t.notMatch(html, /<(script|link|img)[^>]+(src|href)=/i, 'no external script, style or image: one file');
  t.notMatch(html, /https?:\/\/(?!staging\.example\.com)/, 'no address but the target');
  t.match(html, 'The deployment does NOT honour the spec.');
  t.match(html, '1 passed, 1 failed, 1 observations, 1 skipped, of 4 checks');
  t.match(html, '<tr data-group="auth"><th scope="row">auth</th><td class="n fail">1</td>');
  t.match(
    html,
    '<tr data-op="listPlans"><th scope="row">listPlans</th><td class="n ">0</td><td class="n observation">1</td><td class="n pass">1</td>',
  );
  t.match(html, 'refuses &lt;no&gt; credentials &amp; &quot;quotes&quot;');
  t.notMatch(html, '<no>');
  t.equal((html.match(/<details class="check /g) ?? []).length, 4, 'one entry per check');
  t.match(html, /<details class="check fail"[^>]*open>/, 'failures open by default');
  t.notMatch(html, '<dt>expected</dt>', 'the message says what was expected and what came: not again');
  t.match(html, '<span class="tag">outside the spec: http:405</span>');
  t.match(
    renderHtml({
      ...report,
      results: [report.results[0]!],
      summary: { ...report.summary, checks: { ...report.summary.checks, failed: 0 } },
    }),
    'The deployment honours the spec.',
  );
});

t.test('human: progress lines and a summary with the verdict', async (t) => {
  t.equal(progressLine(report.results[0]!), 'ok   conformance  listPlans: lists plans (12 ms)');
  t.match(
    progressLine(report.results[1]!),
    /^FAIL auth {9}listClients: .*\n {7}- listClients answered 200, expected 401$/,
  );
  const text = renderHuman(report);
  t.match(text, 'Operations covered: 2 of 26 (not reached: signup)');
  t.match(text, 'Checks: 1 passed, 1 failed, 1 observations, 1 skipped, of 4');
  t.match(text, 'Verdict: the deployment does NOT honour the spec.');
  t.same(
    JSON.parse(renderJson(report)),
    { ...report, causes: [] },
    'JSON: the report, and its repeated causes (none here)',
  );
});

t.test('redaction: known secrets and token-like fields', async (t) => {
  const text = redact(
    'token abc123secret in "api_token":"zzz999" and Authorization: Bearer qwertyuiop12 and \\"password\\":\\"hunter22\\"',
    ['abc123secret'],
  );
  t.notMatch(text, /abc123secret|zzz999|qwertyuiop12|hunter22/);
  t.match(text, '[REDACTED]');
  t.equal(
    redact('short ab', ['ab']),
    'short ab',
    'secrets under 4 characters are not hunted (they would mask everything)',
  );
  const secret = 'p<a"ss&word';
  const deep = redactDeep(
    report.results.map((r) => ({ ...r, title: `${r.title} ${secret}` })),
    [secret],
  );
  const xml = renderJunit({ ...report, results: deep });
  t.notMatch(xml, /p&lt;a&quot;ss&amp;word/, 'a secret with XML characters is gone before escaping');
});

t.test('base URL: with or without /api/v1', async (t) => {
  for (const input of [
    'https://s.example.com',
    'https://s.example.com/',
    'https://s.example.com/api/v1',
    'https://s.example.com/api/v1/',
  ]) {
    t.same(
      normalizeBaseUrl(input),
      { baseUrl: 'https://s.example.com', apiBase: 'https://s.example.com/api/v1' },
      input,
    );
  }
  t.same(normalizeBaseUrl('http://h:8080/mcs/api/v1'), {
    baseUrl: 'http://h:8080/mcs',
    apiBase: 'http://h:8080/mcs/api/v1',
  });
  t.throws(() => normalizeBaseUrl('staging'), /must be a URL/);
});

t.test('envelope rules catch what disagrees', async (t) => {
  const good = {
    current_page: 2,
    data: [{ id: 3 }, { id: 4 }],
    first_page_url: 'u?page=1',
    from: 3,
    last_page: 2,
    last_page_url: 'u?page=2',
    links: [
      { url: 'u?page=1', label: 'Prev', active: false },
      { url: 'u?page=1', label: '1', active: false },
      { url: 'u?page=2', label: '2', active: true },
      { url: null, label: 'Next', active: false },
    ],
    next_page_url: null,
    path: 'u',
    per_page: 2,
    prev_page_url: 'u?page=1',
    to: 4,
    total: 4,
  };
  t.same(envelopeProblems(good, 2, 'listClients'), []);
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ total: 9 }, /last_page = ceil/],
    [{ from: 1 }, /from is the position/],
    [{ to: 9 }, /to is the position/],
    [{ next_page_url: 'u?page=3' }, /next_page_url is null only on the last page/],
    [{ prev_page_url: null }, /prev_page_url is null only on page 1/],
    [{ current_page: 1 }, /current_page is the page asked for/],
    [{ last_page_url: 'u?page=7' }, /last_page_url is the last page/],
  ];
  for (const [change, message] of cases) {
    const problems = envelopeProblems({ ...good, ...change } as never, 2, 'listClients');
    t.ok(
      problems.some((p) => message.test(p.message)),
      String(message),
    );
  }
});

t.test(
  'each fact once: the place, expected and got follow a message only when it does not say them, in every text reporter',
  async (t) => {
    // [name, the finding, whether the place, the expectation and what came are said after the message]
    const rows: Array<[string, Record<string, unknown>, { at: boolean; expected: boolean; got: boolean }]> = [
      [
        'the status mismatch says both',
        { message: 'signin answered 404, expected 2xx', expected: '2xx', actual: '404' },
        { at: false, expected: false, got: false },
      ],
      [
        'a violation says the type, not what came',
        { message: 'listClients 200 /data/0/id: must be integer', expected: 'type integer', actual: '"7"' },
        { at: false, expected: false, got: true },
      ],
      [
        'a message with only what came',
        { message: 'walking the pages gave 3 clients', expected: '4', actual: '3' },
        { at: false, expected: true, got: false },
      ],
      [
        'a number inside another word is not said',
        { message: 'page 12: current_page is wrong', expected: '1', actual: '2' },
        { at: false, expected: true, got: true },
      ],
      [
        // It read "... (at 20 places: /data/data/0/created_at, ...) at /data/data/0/created_at; expected pattern ^...$".
        'a folded schema finding names its place and pattern once',
        {
          message:
            'listClients 200 /data/data/*/created_at: must match pattern "^\\d{4}Z$" (at 20 places: /data/data/0/created_at, /data/data/1/created_at, and 18 more)',
          at: '/data/data/0/created_at',
          expected: 'pattern ^\\d{4}Z$',
          actual: '"2026Z"',
        },
        { at: false, expected: false, got: true },
      ],
      [
        'a place the message does not name',
        { message: 'page 2: next_page_url is null only on the last page', at: '/data/next_page_url', actual: 'null' },
        { at: true, expected: false, got: false },
      ],
      [
        'an assumed 403 says both',
        {
          message: 'updateClient answered 200, expected 403',
          expected: '403',
          actual: '200',
          assumption: '/x-subscription',
        },
        { at: false, expected: false, got: false },
      ],
    ];
    for (const [name, f, shown] of rows) {
      const finding = {
        severity: f.assumption ? 'observation' : 'error',
        ...f,
      } as RunReport['results'][0]['problems'][0];
      const one: RunReport = {
        ...report,
        results: [{ ...report.results[1]!, verdict: f.assumption ? 'observation' : 'fail', problems: [finding] }],
      };
      const texts = {
        human: progressLine(one.results[0]!),
        junit: renderJunit(one),
        html: renderHtml(one),
      };
      for (const [reporter, text] of Object.entries(texts)) {
        const html = reporter === 'html';
        // What follows the message in the text reporters: "MESSAGE at /place; expected A, got B".
        const after = html ? '' : (text.split(f.message as string).at(-1) ?? '');
        const says = (fact: 'at' | 'expected' | 'got') =>
          html
            ? text.includes(`<dt>${fact}</dt>`)
            : { at: /^ at \//, expected: /; expected /, got: /[;,] got / }[fact].test(after);
        for (const fact of ['at', 'expected', 'got'] as const)
          t.equal(says(fact), shown[fact], `${name}: ${reporter}: ${fact}`);
        // The message itself, once per finding (JUnit repeats it as the failure's attribute, by its format).
        const times = Math.max(
          text.split(finding.message).length - 1,
          text.split(finding.message.replace(/"/g, '&quot;')).length - 1,
        );
        t.ok(
          times >= 1 && times <= (reporter === 'junit' && !f.assumption ? 2 : 1),
          `${name}: ${reporter} says the message once`,
        );
      }
      if (f.assumption)
        t.match(texts.human, '[x-assumed: /x-subscription]', `${name}: the observation names its assumption`);
    }
  },
);

t.test('the ledger says a contradiction once too', async (t) => {
  // It read "signin answered 422, expected 401; expected 401, got 422".
  const contradictions = [
    { checkId: 'negative:signin', message: 'signin answered 422, expected 401', expected: '401', actual: '422' },
  ];
  t.equal(
    contradictionLine({ contradictions } as unknown as Parameters<typeof contradictionLine>[0]),
    'signin answered 422, expected 401',
  );
  const entry = {
    id: '/x-situations/wrong-credentials',
    status: 'contradicted',
    kind: 'situation',
    operations: ['signin'],
    reason: 'r',
    contradictions,
  };
  const page = renderHtml({
    ...report,
    ledger: { headline: 'h', confirmed: 0, contradicted: 1, notObserved: 0, entries: [entry] },
  } as unknown as RunReport);
  t.match(page, 'negative:signin: signin answered 422, expected 401<');
  t.notMatch(page, '; expected <code>401</code>');
});
