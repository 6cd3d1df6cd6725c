// Spec coverage: the property paths of the documented responses (allOf, oneOf,
// both error shapes), what an answer shows of them, the figures of a run
// against the mock and a server that leaves a property out, and --min-coverage.
import t, { type Test } from 'tap';
import { main } from '../../../cli/contracts.js';
import { Coverage, presentPaths, responseTree } from '../../../contracts/measures/coverage.js';
import { coverageLines } from '../../../contracts/reporters/measures.js';
import { runContracts } from '../../../contracts/runner.js';
import type { RunOptions, RunReport } from '../../../contracts/types.js';
import { injectFetch } from '../../../lib/inject-fetch.js';
import { buildMock } from '../../../mock/build.js';
import { createExchangeValidator } from '../../../spec/exchange.js';
import { alter, brokenServer } from '../../helpers/broken.js';
import { capture } from '../../helpers/cli-io.js';
import { spec } from '../../helpers/mock.js';
import { fieldAt } from '../../helpers/schema-walk.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const paths = async (operationId: string, status: string) =>
  responseTree((await spec()).byId.get(operationId)!.responses[status]!.schema).paths;

/** A run against the mock in this process (inject, no port). */
async function runInProcess(t: Test, run: Partial<RunOptions> = {}): Promise<RunReport> {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  t.teardown(() => mock.close());
  const options = { baseUrl: 'http://mock.test', credentials: demo, fetch: injectFetch(mock), ...run };
  return runContracts(options, await spec());
}

t.test('documented paths: nested records, arrays, allOf and oneOf, both error shapes', async (t) => {
  const list = await paths('listClients', '200');
  t.equal(list.length, 40);
  for (const p of ['message', 'data', 'data.data', 'data.data[].email', 'data.links[].active', 'data.total'])
    t.ok(list.includes(p), p);
  t.same(await paths('listClients', '401'), ['message', 'status'], 'UnauthenticatedError: an allOf, folded once');
  t.same(await paths('listClients', '422'), ['message', 'status', 'errors'], 'per-field errors: named keys only');
  t.same(await paths('listPlans', '401'), ['status', 'message'], 'a oneOf of the two error shapes');
  t.same(await paths('listCountries', '400'), ['status', 'message'], 'the {status: "error", message} shape');
  t.same(
    await paths('getRoomsByClientId', '200'),
    ['message', 'data', 'data[].id', 'data[].client_id', 'data[].admin_room_id', 'data[].name', 'data[].created_at'],
    'a oneOf of null and the envelope',
  );
  const s = await spec();
  let total = 0;
  for (const op of s.operations)
    for (const r of Object.values(op.responses))
      for (const p of responseTree(r.schema).paths) {
        total++;
        if (!fieldAt(r.schema!, p)) t.fail(`${op.operationId} ${r.status} ${p} is not a field of its schema`);
      }
  t.equal(total, 560, 'every path is a field of its schema (checked by the tests’ own schema walk)');
});

t.test('an answer shows the paths it holds, null values included; arrays stop once complete', async (t) => {
  const schema = (await spec()).byId.get('listClients')!.responses['200']!.schema;
  const example = (await spec()).byId.get('listClients')!.responses['200']!.examples[0];
  t.same(presentPaths(schema, example).sort(), [...(await paths('listClients', '200'))].sort(), 'the example: all');
  const partial = presentPaths(schema, {
    message: 'x',
    data: {
      data: [
        { id: 1, email: null },
        { id: 2, name: 'A' },
      ],
      total: 'not a number',
      links: [],
    },
  });
  t.same(
    partial.sort(),
    [
      'data',
      'data.data',
      'data.data[].email',
      'data.data[].id',
      'data.data[].name',
      'data.total',
      'data.links',
      'message',
    ].sort(),
  );
  t.same(presentPaths(schema, { message: 'x', unknown: { total: 1 } }), ['message'], 'undocumented keys count nothing');
});

t.test('Coverage: per status, fed through the validator it watches', async (t) => {
  const s = await spec();
  const coverage = new Coverage(s);
  const validator = coverage.watch(createExchangeValidator(s));
  const found = validator.validate({
    method: 'POST',
    path: '/api/v1/client/list',
    status: 401,
    headers: { 'content-type': 'application/json' },
    body: { message: 'Unauthenticated.', status: 401 },
  });
  t.same(found, [], 'validation is unchanged');
  validator.validate({ operationId: 'listClients', status: 418, body: { message: 'teapot' } });
  const [op] = coverage.report([s.byId.get('listClients')!]).byOperation;
  const by = Object.fromEntries(op!.statuses.map((x) => [x.status, x]));
  t.equal(by['401']!.seen, true);
  t.same(by['401']!.properties, { seen: ['message', 'status'], missing: [] });
  t.equal(by['200']!.seen, false);
  t.ok(by['200']!.properties.missing.includes('message'), "the 401's message is not the 200's");
  t.notOk('418' in by, 'an undocumented status is a finding, not coverage');
  t.equal(by['422']!.assumed, true, 'x-assumed responses are marked');
  t.equal(by['401']!.assumed, false);
  // 8 statuses; properties 40 + 2 (400) + 2 + 2 + 2 + 2 + 3 (422) + 2 (429) = 55: (1 + 2) / (8 + 55).
  const r = coverage.report([s.byId.get('listClients')!]);
  t.same(
    [r.statuses, r.properties],
    [
      { seen: 1, documented: 8 },
      { seen: 2, documented: 55 },
    ],
  );
  t.equal(r.percent, 4.7, '100 × 3 / 63 = 4.76, rounded down');
  t.same(r.operations, { answered: 1, total: 1 });
});

t.test('a read-only run against the mock: what it sees and what it cannot', async (t) => {
  const report = await runInProcess(t);
  const c = report.coverage!;
  t.equal(c.operations.total, 26);
  t.equal(c.operations.answered, 26, 'every operation answered some documented status');
  t.ok(c.percent > 40 && c.percent < 100, `${c.percent}%`);
  const op = (id: string) => c.byOperation.find((o) => o.operationId === id)!;
  const status = (id: string, s: string) => op(id).statuses.find((x) => x.status === s)!;
  t.ok(status('listClients', '200').seen);
  t.same(status('listClients', '200').properties.missing, [], 'the client pages show every documented field');
  t.ok(status('listClients', '401').seen, 'the auth checks saw the 401');
  t.notOk(status('signup', '200').seen, 'read-only: the sign-up is made to refuse');
  t.notOk(status('listClients', '429').seen, 'no throttling without --check-rate-limit');
  // The 413 is an x-assumed point: one probe sends one body over the limit to show it (contracts/checks/probes.ts).
  t.ok(status('listClients', '413').seen, 'the size probe sends a body over the limit');
  t.equal(report.results.filter((r) => r.group === 'run').length, 0, 'no --min-coverage: no check of the run');
});

t.test('--only: coverage is over the selected operations', async (t) => {
  const report = await runInProcess(t, { only: ['Clients'] });
  const ids = report.coverage!.byOperation.map((o) => o.operationId);
  t.ok(ids.includes('listClients') && !ids.includes('listCountries'), ids.join());
  t.equal(report.coverage!.operations.total, ids.length);
});

t.test('a server that never sends a documented property: coverage names it', async (t) => {
  const url = await brokenServer(
    t,
    alter(
      (p, s) => p === '/client/list' && s === 200,
      (r) => {
        for (const c of r.body.data.data) delete c.lead_source_email;
        return r;
      },
    ),
  );
  const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000 }, await spec());
  const list = report.coverage!.byOperation.find((o) => o.operationId === 'listClients')!;
  t.same(list.statuses.find((s) => s.status === '200')!.properties.missing, ['data.data[].lead_source_email']);
  t.ok(
    report.results.some((r) => r.problems.some((p) => /required property 'lead_source_email'/.test(p.message))),
    'and the validator reports it',
  );
  t.match(
    coverageLines(report.coverage).find((l) => l.startsWith('  listClients ')),
    /; absent from every answer: 200 data\.data\[\]\.lead_source_email$/,
    'the human summary names it',
  );
});

t.test('--min-coverage: a check of the run, failed below the minimum', async (t) => {
  const high = await runInProcess(t, { minCoverage: 99.5 });
  const failed = high.results.find((r) => r.id === 'run:coverage')!;
  t.equal(failed.group, 'run');
  t.equal(failed.verdict, 'fail');
  t.match(
    failed.problems[0]!.message,
    /^spec coverage \d+\.\d% \(statuses \d+ of \d+, properties \d+ of \d+\) is below --min-coverage 99\.5%$/,
  );
  t.equal(high.summary.checks.failed, 1, 'the one failure of the run');
  t.equal(high.coverage!.minimum, 99.5);
  const low = await runInProcess(t, { minCoverage: 10 });
  t.equal(low.results.find((r) => r.id === 'run:coverage')!.verdict, 'pass');
  t.equal(low.summary.checks.failed, 0);
  await t.rejects(runInProcess(t, { minCoverage: 101 }), {
    name: 'ContractOptionsError',
    message: 'minCoverage must be a percentage from 0 to 100, not 101',
  });
});

t.test('CLI: --min-coverage exits 1 below the minimum, 2 on a bad value; every reporter shows coverage', async (t) => {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const io = capture;
  const env = { MCS_EMAIL: demo.email, MCS_PASSWORD: demo.password };
  for (const bad of ['101', 'abc', '5%']) {
    const x = io();
    t.equal(await main(['--base-url', url, '--min-coverage', bad], env, x), 2, bad);
    t.same(x.err, [
      `contracts: --min-coverage takes a percentage from 0 to 100, not "${bad}" (--help shows the usage)`,
    ]);
  }
  const x = io();
  const args = ['--base-url', url, '--min-coverage', '99', '--reporter', 'human'];
  const outs = ['--reporter', 'json', '--out', 'r.json', '--reporter', 'junit', '--out', 'r.xml'];
  const code = await main([...args, ...outs, '--reporter', 'html', '--out', 'r.html'], env, x);
  t.equal(code, 1, 'below the minimum: a violation');
  const human = x.out.join('\n');
  t.match(human, /FAIL run {10}covers at least 99% of the spec \(--min-coverage\)/);
  t.match(
    human,
    /Spec coverage: \d+\.\d% \(statuses \d+ of \d+, response properties \d+ of \d+; operations answered 26 of 26\); --min-coverage 99%/,
  );
  t.match(human, /^ {2}signup +\d+\.\d% +statuses not seen: 200, 413\*, 415\*, 429/m);
  const json = JSON.parse(x.files.get('r.json')!) as RunReport;
  t.equal(json.coverage!.minimum, 99);
  t.equal(json.coverage!.byOperation.length, 26);
  const xml = x.files.get('r.xml')!;
  t.match(xml, `<property name="coverage.percent" value="${json.coverage!.percent}"/>`);
  t.match(xml, /<property name="coverage.signup.statuses.notSeen" value="200,413\*,415\*,429"\/>/);
  const html = x.files.get('r.html')!;
  t.match(html, '<h2>Spec coverage</h2>');
  t.match(html, /<tr data-op="signup"><th scope="row">signup<\/th><td class="num low">\d+\.\d%<\/td>/);
});
