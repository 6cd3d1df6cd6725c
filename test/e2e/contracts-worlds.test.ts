// Issue 30: two contract runs with writes, in parallel, against ONE mock (the
// CLI as QA runs it, each a child process): each works in a fresh world of its
// own (contracts/world.ts), both pass, and the default world is left as it was.
// A run with --world NAME works in that world; --world default in the default one.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { freePort, startAndWait, TS } from '../helpers/processes.js';

const MOCK = fileURLToPath(new URL('../../cli/mock.ts', import.meta.url));
const CONTRACTS = fileURLToPath(new URL('../../cli/contracts.ts', import.meta.url));
const FRESH = /^contracts-\d{8}T\d{6}Z-[0-9a-f]{6}$/;
const ENV = {
  MCS_EMAIL: 'demo@example.com',
  MCS_PASSWORD: 'demo-password',
  MCS_NOSUB_EMAIL: 'nosub@example.com',
  MCS_NOSUB_PASSWORD: 'demo-password',
};

t.setTimeout(5 * 60 * 1000);

interface WorldInfo {
  name: string;
  changes: number;
  sessions: number;
}

/** One CLI run to its end: its exit code, standard error and JSON report. */
function contracts(base: string, out: string, extra: string[] = []) {
  return new Promise<{ code: number | null; err: string; report: any }>((resolve) => {
    const child = spawn(
      process.execPath,
      [...TS, CONTRACTS, '--base-url', base, '--allow-writes', '--reporter', 'json', '--out', out, ...extra],
      { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...ENV } },
    );
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => {
      let report: any;
      try {
        report = JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        report = undefined;
      }
      resolve({ code, err, report });
    });
  });
}

t.test('two runs with writes in parallel against one mock: two fresh worlds, the default untouched', async (t) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const mock = await startAndWait(
    process.execPath,
    [...TS, MOCK, '--port', String(port), '--no-rate-limit'],
    `${base}/__mock/worlds`,
  );
  t.teardown(mock.stop);
  const worlds = async (): Promise<WorldInfo[]> =>
    ((await (await fetch(`${base}/__mock/worlds`)).json()) as { worlds: WorldInfo[] }).worlds;
  const before = (await worlds()).find((w) => w.name === 'default')!;
  const dir = mkdtempSync(join(tmpdir(), 'mcs-worlds-'));
  const [a, b] = await Promise.all([contracts(base, join(dir, 'a.json')), contracts(base, join(dir, 'b.json'))]);
  for (const [name, run] of [
    ['a', a],
    ['b', b],
  ] as const) {
    t.equal(run.code, 0, `${name}: exit 0\n${run.err}`);
    t.equal(run.report?.summary.checks.failed, 0, `${name}: no failure`);
    t.match(run.report?.world, { name: FRESH, fresh: true }, `${name}: a fresh world`);
    t.match(run.err, /the target is the mock .*fresh world/, `${name}: said`);
  }
  t.not(a.report.world.name, b.report.world.name, 'each its own');
  const after = await worlds();
  for (const run of [a, b]) {
    const w = after.find((x) => x.name === run.report.world.name);
    t.ok(w && w.changes > 0, `${run.report.world.name} kept, with the run's writes (${w?.changes} changes)`);
  }
  t.equal(after.find((w) => w.name === 'default')!.changes, before.changes, 'the default world is as it was');

  const named = await contracts(base, join(dir, 'n.json'), ['--world', 'qa-named']);
  t.equal(named.code, 0, named.err);
  t.same(named.report.world, { name: 'qa-named', fresh: false });
  t.ok(
    (await worlds()).some((w) => w.name === 'qa-named' && w.changes > 0),
    '--world NAME: that world',
  );
  t.notMatch(named.err, /__mock\/worlds/, '--world NAME: no probe');

  const shared = await contracts(base, join(dir, 'd.json'), ['--world', 'default']);
  t.equal(shared.code, 0, shared.err);
  t.equal(shared.report.world, undefined);
  t.ok(
    (await worlds()).find((w) => w.name === 'default')!.changes > before.changes,
    '--world default: the writes went to the default world',
  );
});
