// The assumption ledger in every reporter: there (headline, contradiction,
// patch, counts), escaped at the output whatever a deployment's answer or the
// spec's reason holds, and redacted with the rest of the report: a token in an
// answer never shows in the ledger, in any encoding.
import { XMLValidator } from 'fast-xml-parser';
import t from 'tap';
import { buildLedger } from '../../../contracts/measures/ledger.js';
import type { CoverageReport } from '../../../contracts/measures/types.js';
import { renderHtml, renderHuman, renderJson, renderJunit } from '../../../contracts/reporters/index.js';
import type { Finding, RunReport } from '../../../contracts/types.js';
import { encodings, redactDeep } from '../../../lib/redact.js';
import { ATTACKS, NOT_XML_CHAR, TERMINAL_UNSAFE } from '../../helpers/hostile-text.js';
import { spec } from '../../helpers/loaded-spec.js';
import { runReport } from '../../helpers/run-report.js';

const SIGNIN_401 = '/paths/~1user~1signin/post/responses/401';

const coverage: CoverageReport = {
  percent: 50,
  statuses: { seen: 1, documented: 2 },
  properties: { seen: 0, documented: 0 },
  operations: { answered: 1, total: 1 },
  byOperation: [
    {
      operationId: 'signin',
      percent: 50,
      statuses: [{ status: '200', seen: true, assumed: false, properties: { seen: [], missing: [] } }],
    },
  ],
};

/** A run whose sign-in answered 403 where the spec assumes 401, the answer holding `text`. */
function report(text: string, raw = spec.raw): RunReport {
  const finding: Finding = {
    message: `signin answered 403, which the spec does not document ${text}`,
    operationId: 'signin',
    status: 403,
    keyword: 'status',
    expected: '200, 401',
    actual: '403',
    severity: 'observation',
    assumption: SIGNIN_401,
    reproduce: {
      request: { method: 'POST', url: 'https://h/api/v1/user/signin', headers: {}, body: '{}' },
      response: { status: 403, contentType: 'application/json', body: JSON.stringify({ message: text }) },
      curl: 'curl -sS -X POST https://h/api/v1/user/signin',
    },
  };
  const results = [
    {
      id: 'conformance:signin',
      group: 'conformance' as const,
      operationId: 'signin',
      title: 'signs in',
      verdict: 'observation' as const,
      problems: [finding],
      notes: [],
      ms: 1,
    },
  ];
  return runReport(results, { coverage, ledger: buildLedger(raw, results, coverage) });
}

t.test('the ledger is in every reporter: headline, the contradiction with its patch, the counts', async (t) => {
  const r = report('Account locked');
  const headline = r.ledger!.headline;
  t.match(headline, /^the mock agrees with this deployment on \d+ of \d+ assumptions observed/);
  const json = JSON.parse(renderJson(r));
  t.same(json.ledger, r.ledger, 'JSON: the whole ledger');
  t.equal(json.ledger.entries[0].id, SIGNIN_401);
  t.equal(json.ledger.entries[0].patch[0].op, 'add');

  const human = renderHuman(r);
  t.match(human, `Assumptions: ${headline}`);
  t.match(human, `contradicted ${SIGNIN_401} (signin)`);
  t.match(human, /- op: add\n\s+path: \/paths\/~1user~1signin\/post\/responses\/403/, 'human: the patch as YAML');
  t.match(human, /confirmed \d+, contradicted 1, not observed \d+/);

  const html = renderHtml(r);
  t.match(html, '<h2>Assumptions</h2>');
  t.match(html, `data-assumption="${SIGNIN_401}"`);
  t.match(html, /<pre class="patch">- op: add/);

  const junit = renderJunit(r);
  t.equal(XMLValidator.validate(junit), true);
  t.match(junit, `<property name="ledger.headline" value="${headline}"/>`);
  t.match(junit, `<property name="ledger.contradicted" value="1"/>`);
  t.match(
    junit,
    new RegExp(`<property name="ledger\\.contradicted\\.${SIGNIN_401.replaceAll('/', '\\/')}" value="[^"]*patch: `),
  );
});

t.test('a hostile answer or x-assumed-reason is escaped in the ledger of every reporter', async (t) => {
  for (const [name, payload] of [...ATTACKS, ['markup', '</pre><x a="1">&amp;'] as [string, string]]) {
    const raw = structuredClone(spec.raw);
    raw.paths['/user/signin'].post.responses['401']['x-assumed-reason'] = `reason ${payload}`;
    const r = report(payload, raw);
    t.match(r.ledger!.entries[0]!.reason, 'reason', `${name}: the reason reached the ledger`);
    for (const [where, text] of [
      ['human', renderHuman(r)],
      ['HTML', renderHtml(r)],
    ] as const)
      t.notMatch(text, TERMINAL_UNSAFE, `${name}: no raw control character in the ${where} report`);
    const human = renderHuman(r).split('\n');
    t.notOk(
      human.some((l) => /^ok {3}conformance {2}forged/.test(l)),
      `${name}: no line forged in the human report`,
    );
    t.notMatch(renderHtml(r), /<x a=/, `${name}: no markup in the HTML report`);
    const junit = renderJunit(r);
    t.notMatch(junit, NOT_XML_CHAR, `${name}: JUnit holds XML characters only`);
    t.equal(XMLValidator.validate(junit), true, `${name}: JUnit is well-formed`);
  }
});

t.test('a token in an answer never shows in the ledger, in any encoding', async (t) => {
  const token = '41|q7cJtVvX0pR2/mN8sLkDfGhZyWbUe';
  // JSON-escaped in the answer as a backend writes it: the patch's example is the parsed answer, so it holds
  // the token as it is.
  const escaped = token.replace('|', '\\u007c').replace('/', '\\/');
  const r = report(`token ${token} b64 ${Buffer.from(token).toString('base64')}`);
  r.results[0]!.problems[0]!.reproduce!.response!.body = `{"message":"${escaped}"}`;
  const built = { ...r, ledger: buildLedger(spec.raw, r.results, coverage) };
  const example = built.ledger.entries[0]?.patch?.[0]?.value as {
    content: { 'application/json': { example: unknown } };
  };
  t.same(
    example.content['application/json'].example,
    { message: token },
    'unredacted, the patch would carry the token',
  );
  // The runner redacts the whole report, ledger included, before it leaves the run.
  const out = redactDeep(built, [token]);
  const forms = [...encodings(token), Buffer.from(token).toString('base64'), escaped];
  for (const [where, text] of [
    ['JSON', renderJson(out)],
    ['human', renderHuman(out)],
    ['HTML', renderHtml(out)],
    ['JUnit', renderJunit(out)],
  ] as const)
    for (const form of forms) t.notOk(text.includes(form), `${where}: no ${form === token ? 'raw' : 'encoded'} token`);
});
