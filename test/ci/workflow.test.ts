// The ready CI workflow holds every gate of the API, and .ci/run runs the
// offline ones the same way.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parse } from 'yaml';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const wf = parse(readFileSync(root('.github/workflows/api-gate.yml'), 'utf8'));
const steps: Array<{ name?: string; run?: string; uses?: string; if?: string; with?: Record<string, unknown> }> =
  wf.jobs.gate.steps;
const runs = steps.map((s) => s.run ?? '').join('\n');

t.test('runs on every pull request, on Node 22 and 24, with a time limit', async (t) => {
  t.ok('pull_request' in wf.on);
  t.same(wf.jobs.gate.strategy.matrix.node, [22, 24]);
  t.equal(wf.jobs.gate.strategy['fail-fast'], false, 'one line failing still shows the other');
  t.match(
    steps.find((s) => s.uses?.startsWith('actions/setup-node'))?.with?.['node-version'],
    /^\$\{\{ matrix\.node \}\}$/,
  );
  t.ok(wf.jobs.gate['timeout-minutes'] <= 30);
  t.equal(
    steps.find((s) => s.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth'],
    0,
    'full history for the base branch',
  );
});

t.test('every gate is a step', async (t) => {
  for (const [what, pattern] of [
    ['install from the lock file', /npm ci/],
    ['spec lint', /npm run lint:spec/],
    ['breaking-change diff against the base branch', /npm run spec:diff -- "origin\/\$\{\{ github\.base_ref \}\}"/],
    ['diff as Markdown for the pull request', /--format markdown --out reports\/spec-diff\.md/],
    ['stale types', /npm run types:check/],
    ['the mock started', /npm start -- --port 4010/],
    [
      'the contract suite against it, JUnit out',
      /npm run contracts -- --base-url http:\/\/127\.0\.0\.1:4010[\s\S]*--reporter junit --out reports\/contracts\.xml/,
    ],
    ['the tests, drift gates included', /npm test/],
    [
      'the diff marked by recorded usage, failing as the repository says',
      /--usage %s[\s\S]*--fail-on "\$\{\{ vars\.API_GATE_FAIL_ON \|\| 'breaking' \}\}"/,
    ],
    ['breaking changes annotated on their lines', /--format github/],
    ['contract failures annotated on their operations', /--reporter github --reporter/],
    ['the HTML report kept', /--reporter html --out reports\/contracts\.html/],
    [
      'a job summary: the contract verdict and the diff',
      /--reporter summary --out reports\/contracts-summary\.md[\s\S]*cat "\$f" >> "\$GITHUB_STEP_SUMMARY"/,
    ],
  ] as const)
    t.match(runs, pattern, what);
  const upload = steps.find((s) => s.uses?.startsWith('actions/upload-artifact'));
  t.equal(upload?.if, 'always()', 'reports kept even when a gate fails');
  t.match(String(upload?.with?.path), /reports\//);
  t.match(upload?.with?.name, /^api-gate-reports-node\$\{\{ matrix\.node \}\}$/, 'one artifact a Node line');
  const later = steps.slice(steps.findIndex((s) => /spec:diff/.test(s.run ?? '')));
  t.ok(
    later.every((s) => /!cancelled\(\)|always\(\)/.test(String(s.if))),
    'every gate after the diff runs even when one failed',
  );
  const comment = wf.jobs.comment;
  t.same(comment.permissions, { 'pull-requests': 'write' }, 'only the comment job may write');
  t.equal(wf.permissions.contents, 'read');
  t.notOk('pull-requests' in (wf.permissions ?? {}), 'the gate itself cannot write');
  t.equal(comment['continue-on-error'], true, 'a failed comment never fails the gate');
  t.match(comment.if, /head\.repo\.full_name == github\.repository/, 'skipped for forks');
  t.ok(
    comment.steps.some(
      (s: { uses?: string; with?: { script?: string } }) =>
        s.uses?.startsWith('actions/github-script') && /spec-diff\.md/.test(String(s.with?.script)),
    ),
    'the diff is commented on the pull request',
  );
});

t.test('every action is pinned to a commit, its release named beside it', async (t) => {
  const text = readFileSync(root('.github/workflows/api-gate.yml'), 'utf8');
  const uses = [...text.matchAll(/^\s*(?:-\s+)?uses:\s*(.*)$/gm)].map((m) => m[1]!.trim());
  t.ok(uses.length >= 5, 'the actions are found');
  for (const u of uses) t.match(u, /^[\w.-]+\/[\w.-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, u);
});

/** Whether an engines range of `>=`/`<` comparators (joined by `||`) admits a version. */
function admits(range: string, version: string): boolean {
  const num = (v: string) => v.split('.').map(Number).concat(0, 0).slice(0, 3);
  const cmp = (a: string, b: string) => {
    const [x, y] = [num(a), num(b)];
    return x.map((n, i) => n - y[i]!).find((d) => d !== 0) ?? 0;
  };
  return range.split('||').some((alt) =>
    alt
      .trim()
      .split(/\s+/)
      .every((c) => (c.startsWith('>=') ? cmp(version, c.slice(2)) >= 0 : cmp(version, c.slice(1)) < 0)),
  );
}

t.test('the Node lines of package.json engines: 22 and 24 in the gate, 20 in the runtime-leaning tests', async (t) => {
  const engines: string = JSON.parse(readFileSync(root('package.json'), 'utf8')).engines.node;
  const lines = wf.jobs['node-lines'];
  t.same(lines.strategy.matrix.node, [20]);
  t.equal(lines.strategy['fail-fast'], false, 'one line failing still shows the other');
  const setup = lines.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/setup-node'));
  t.match(setup?.with?.['node-version'], /^\$\{\{ matrix\.node \}\}$/);
  t.match(lines.steps.map((s: { run?: string }) => s.run ?? '').join('\n'), /\.ci\/node-lines-tests/);
  for (const v of ['20.19.0', '22.12.0', '24.0.0']) t.ok(admits(engines, v), `engines (${engines}) admits Node ${v}`);
  t.match(readFileSync(root('.ci/run'), 'utf8'), /\.ci\/node-lines-tests/, '.ci/run runs the same list');
});

t.test('no secret in the workflow but the documented demo accounts', async (t) => {
  const text = readFileSync(root('.github/workflows/api-gate.yml'), 'utf8');
  t.notMatch(text, /password(?!:)\s*[:=]\s*(?!demo-password)\S/i);
});

t.test('.ci/run runs the offline gates: the README test command, spec:diff, the contract suite', async (t) => {
  const ci = readFileSync(root('.ci/run'), 'utf8');
  t.match(ci, /npm ci/);
  t.match(ci, /npm test/);
  t.match(ci, /spec:diff -- HEAD~1 HEAD/);
  t.match(
    ci,
    /cli\/contracts\.ts --base-url "http:\/\/127\.0\.0\.1:\$port"[\s\S]*--reporter junit --out reports\/contracts\.xml/,
  );
  t.match(ci, /echo "\$pass passed, \$fail failed"/);
});

t.test('the README quick start says npm test needs Chromium, and how .ci/run installs it', async (t) => {
  const readme = readFileSync(root('README.md'), 'utf8');
  const quickStart = readme.slice(
    readme.indexOf('## Quick start'),
    readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
  );
  t.match(quickStart, /npm ci && npm test/);
  t.match(quickStart, /browser tests need Chromium: `apt-get install -y chromium`/);
  t.match(quickStart, /MCS_SKIP_BROWSER=1/);
  t.match(
    readFileSync(root('.ci/run'), 'utf8'),
    /apt-get install -y -qq chromium/,
    'the same package .ci/run installs',
  );
  t.match(
    readFileSync(root('test/helpers/browser.ts'), 'utf8'),
    /MCS_SKIP_BROWSER/,
    'the switch the browser helper reads',
  );
});
