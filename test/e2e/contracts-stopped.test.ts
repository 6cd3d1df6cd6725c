// A contract run that does not go to its end still leaves its reports, as a
// user runs the CLI: a run that cannot go on exits 2 and writes every report
// asked for, marked aborted with the reason and the results so far; Ctrl-C
// (SIGINT) in a paced run stops it, says so in one line, writes the reports
// marked interrupted and exits 130; a second Ctrl-C quits at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import { buildMock } from '../../mock/build.js';
import { ROOT, TS } from '../../scripts/bench/processes.js';
import { FILE_REPORTERS } from '../helpers/cli-io.js';
import { spec } from '../helpers/mock.js';

t.setTimeout(120_000);

interface Child {
  child: ChildProcess;
  out: () => string;
  err: () => string;
  exited: Promise<number | null>;
}

async function mockUrl(t: Test): Promise<string> {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  return url;
}

async function contracts(t: Test, args: string[], password: string): Promise<Child & { dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'mcs-stopped-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const child = spawn(
    process.execPath,
    [...TS, `${ROOT}cli/contracts.ts`, ...args, ...FILE_REPORTERS, '--reporter', 'human'],
    {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, MCS_PASSWORD: password, MCS_TOKEN: '' },
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => void (child.exitCode === null && child.kill('SIGKILL')));
  return { child, out: () => out, err: () => err, exited, dir };
}

/** Resolves when `seen()` holds, or fails after `ms`. */
async function until(seen: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!seen()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function reports(dir: string) {
  return {
    json: JSON.parse(await readFile(join(dir, 'r.json'), 'utf8')),
    xml: await readFile(join(dir, 'r.xml'), 'utf8'),
    html: await readFile(join(dir, 'r.html'), 'utf8'),
  };
}

t.test(
  'exit 2 with --out: every report is written, marked aborted, with the reason and the results so far',
  async (t) => {
    const url = await mockUrl(t);
    // A wrong password: the sign-in is refused, and the run cannot go on.
    const run = await contracts(
      t,
      ['--base-url', url, '--world', 'default', '--email', 'demo@example.com'],
      'wrong-password',
    );
    const code = await run.exited;
    t.equal(code, 2, run.err());
    t.match(
      run.err().trim().split('\n').at(-1),
      /^contracts: the run could not happen: /,
      'the reason is the last line',
    );
    for (const f of ['r.json', 'r.xml', 'r.html']) t.ok(existsSync(join(run.dir, f)), `${f} written`);
    const { json, xml, html } = await reports(run.dir);
    t.equal(json.stopped.kind, 'aborted');
    t.match(json.stopped.reason, /^sign-in refused: 401/);
    t.ok(
      json.results.some((r: { id: string }) => r.id === 'conformance:signin'),
      'the results so far: the sign-in',
    );
    t.match(xml, /errors="1"/);
    t.match(xml, /<error message="the run was aborted: sign-in refused: 401[^"]*" type="aborted"\/>/);
    t.match(html, /<p class="verdict bad" id="stopped">The run was aborted: sign-in refused: 401/);
    t.notMatch(html, /honours the spec/, 'no verdict on the deployment');
    t.match(run.out(), /The run was ABORTED: sign-in refused: 401/);
    t.match(run.out(), /Verdict: none: the run was aborted/);
  },
);

t.test('Ctrl-C in a paced run: one line, the reports marked interrupted, exit 130', async (t) => {
  const url = await mockUrl(t);
  const run = await contracts(
    t,
    ['--base-url', url, '--world', 'default', '--pace', '120', '--email', 'demo@example.com'],
    'demo-password',
  );
  // The first checks' lines (one request each half second): the run is under way.
  await until(() => (run.out().match(/^(ok {2}|FAIL|obs |skip) /gm) ?? []).length >= 3, 60_000, 'three checks');
  const before = Date.now();
  run.child.kill('SIGINT');
  const code = await run.exited;
  t.equal(code, 130, run.err());
  t.ok(Date.now() - before < 15_000, `stopped in ${Date.now() - before} ms, not at the pace's end`);
  const said = run
    .err()
    .split('\n')
    .filter((l) => /interrupted/.test(l));
  t.same(said, ['contracts: interrupted: stopping the run and writing the report so far (Ctrl-C again quits at once)']);
  const { json, xml, html } = await reports(run.dir);
  t.same(json.stopped, { kind: 'interrupted', reason: 'the run was interrupted (Ctrl-C)' });
  const ran = json.results.filter((r: { verdict: string }) => r.verdict !== 'skip');
  t.ok(ran.length >= 3, `the results so far (${ran.length} checks run)`);
  t.equal(json.summary.checks.failed, 0, 'a check cut short is no failure of the deployment');
  const notRun = json.results.filter((r: { notes: string[] }) =>
    r.notes.includes('not run: the run was interrupted (Ctrl-C)'),
  );
  t.ok(notRun.length > 0, `the checks left are skipped as not run (${notRun.length})`);
  t.notOk(
    json.results.some((r: { id: string }) => r.id === 'run:deadline'),
    'no deadline overrun is made up',
  );
  t.match(xml, /<error message="the run was interrupted: Ctrl-C" type="interrupted"\/>/);
  t.match(html, /The run was interrupted: Ctrl-C\. No verdict/);
  t.match(run.out(), /Verdict: none: the run was interrupted \(Ctrl-C\); the results above are those so far/);
});

t.test('a second Ctrl-C quits at once, with 130', async (t) => {
  const url = await mockUrl(t);
  const run = await contracts(
    t,
    ['--base-url', url, '--world', 'default', '--pace', '120', '--email', 'demo@example.com'],
    'demo-password',
  );
  await until(() => /^(ok {2}|FAIL|obs |skip) /m.test(run.out()), 60_000, 'a check');
  run.child.kill('SIGINT');
  run.child.kill('SIGINT');
  t.equal(await run.exited, 130);
});
