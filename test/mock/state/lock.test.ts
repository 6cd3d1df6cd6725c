// State that was lost without a word (issue 19): a path that could not be
// written was found only at the first change, two mocks raced on one file, a
// killed mock's *.tmp files stayed, and kill -9 lost 2 to 18 acknowledged updates.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { readState, StateFileError } from '../../../mock/state/file.js';
import { lockStateFile, processStart } from '../../../mock/state/lock.js';
import { apiPost, apiSignin } from '../../helpers/api.js';
import { spec } from '../../helpers/mock.js';
import { freePort, startAndWait, TS } from '../../helpers/processes.js';

const cli = new URL('../../../cli/mock.ts', import.meta.url).pathname;

t.test('regression: start-up refuses a path it cannot write', async (t) => {
  const dir = t.testdir({ sub: {} });
  await t.rejects(
    buildMock({ spec: await spec(), stateFile: join(dir, 'missing', 'state.json') }),
    /the directory .*missing does not exist/,
  );
  await t.rejects(buildMock({ spec: await spec(), stateFile: join(dir, 'sub') }), /is a directory/);
  writeFileSync(join(dir, 'file'), '');
  await t.rejects(
    buildMock({ spec: await spec(), stateFile: join(dir, 'file', 'state.json') }),
    { message: new RegExp(`cannot be written: ${join(dir, 'file')} is a file, not a directory\\.`) },
    'its parent is a file, said so (not "does not exist")',
  );
});

t.test("regression: a second mock on the same state file is refused; a dead holder's lock is taken over", async (t) => {
  const dir = t.testdir();
  const file = join(dir, 'state.json');
  const first = await buildMock({ spec: await spec(), stateFile: file });
  await t.rejects(buildMock({ spec: await spec(), stateFile: file }), StateFileError);
  await t.rejects(
    lockStateFile(file),
    {
      message: `state file ${file}: is in use by another mock (pid ${process.pid}; lock ${file}.lock). Stop that one, or give this one another --state-file.`,
    },
    'named with the holder',
  );
  await first.close();
  t.notOk(existsSync(`${file}.lock`), 'close gives the lock back');
  writeFileSync(`${file}.lock`, '999999999'); // a pid no process has
  const second = await buildMock({ spec: await spec(), stateFile: file });
  t.match(readFileSync(`${file}.lock`, 'utf8'), new RegExp(`^${process.pid} `), 'the stale lock was taken over');
  await second.close();
});

t.test('regression: temporary files a killed mock left are removed', async (t) => {
  const dir = t.testdir({ 'state.json.4242.tmp': '{"half', 'other.tmp': 'not ours' });
  const lock = await lockStateFile(join(dir, 'state.json'));
  t.same(lock.removed, ['state.json.4242.tmp']);
  t.notOk(existsSync(join(dir, 'state.json.4242.tmp')));
  t.ok(existsSync(join(dir, 'other.tmp')), 'files of other names are left alone');
  lock.release();
});

t.test('regression: a write that fails later is told at once, not logged to a silent logger', async (t) => {
  const dir = t.testdir({ data: {} });
  const file = join(dir, 'data', 'state.json');
  const failures: Error[] = [];
  const app = await buildMock({ spec: await spec(), stateFile: file, onStateError: (e) => failures.push(e) });
  t.teardown(() => app.close());
  await app.inject({
    method: 'POST',
    url: '/__mock/subscription',
    payload: { email: 'nosub@example.com', plan_id: 2 },
  });
  t.same(failures, [], 'a good write');
  rmSync(join(dir, 'data'), { recursive: true });
  await app.inject({
    method: 'POST',
    url: '/__mock/subscription',
    payload: { email: 'nosub@example.com', plan_id: null },
  });
  t.equal(failures.length, 1, 'the failed write was reported before the answer');
  mkdirSync(join(dir, 'data'));
});

t.test(
  'regression: kill -9 right after acknowledged writes loses none of them; a failed write makes the CLI exit 1',
  async (t) => {
    const dir = t.testdir({ data: {} });
    const file = join(dir, 'data', 'state.json');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const mock = await startAndWait(
      process.execPath,
      [...TS, cli, '--port', String(port), '--state-file', file, '--no-rate-limit'],
      `${base}/__mock/accounts`,
    );
    t.teardown(mock.stop);
    const post = (path: string, body: unknown, token?: string) => apiPost(base, path, body, token);
    const token = await apiSignin(base);
    const list = (await post('/client/list', { limit: 20 }, token)).body.data.data as Array<{
      id: number;
      surname: string;
      email: string;
    }>;
    const renamed = list.slice(0, 20);
    await Promise.all(
      renamed.map((c, i) =>
        post('/client/update', { client_id: c.id, name: `Acked ${i}`, surname: c.surname, email: c.email }, token).then(
          (r) => t.equal(r.status, 200),
        ),
      ),
    );
    mock.child.kill('SIGKILL');
    await new Promise((r) => mock.child.once('exit', r));
    // The base and its log, as the next start reads them.
    const saved = (await readState(file, await spec()))!;
    const names = new Map(saved.overlay.clients.map((c) => [c.id, c.record?.name]));
    t.same(
      renamed.map((c, i) => names.get(c.id) === `Acked ${i}`).filter((x) => !x),
      [],
      'every acknowledged update is on disk',
    );
    rmSync(`${file}.lock`, { force: true });

    const port2 = await freePort();
    const second = await startAndWait(
      process.execPath,
      [...TS, cli, '--port', String(port2), '--state-file', file, '--no-rate-limit'],
      `http://127.0.0.1:${port2}/__mock/accounts`,
    );
    t.teardown(second.stop);
    let stderr = '';
    second.child.stderr?.on('data', (d) => (stderr += d));
    rmSync(join(dir, 'data'), { recursive: true });
    await fetch(`http://127.0.0.1:${port2}/__mock/subscription`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":"nosub@example.com","plan_id":2}',
      signal: AbortSignal.timeout(10_000),
    });
    const exited = new Promise<number | null>((r) => (second.child as ChildProcess).once('exit', (code) => r(code)));
    second.child.kill('SIGTERM');
    t.equal(await exited, 1, 'the exit code says a write failed');
    t.match(stderr, /the state file .* could not be written/);
  },
);

/** Settles within ms, or rejects: a lock read that blocks (a FIFO) must fail the test, not hang it. */
const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms).unref()),
  ]);

t.test('regression: the lock judges its holder right, table-driven', async (t) => {
  const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
  t.teardown(() => sleeper.kill());
  const liveOther = sleeper.pid!;
  const rows: Array<{ what: string; lock: string | (() => string); taken: boolean; message?: RegExp }> = [
    { what: 'an empty lock file (a crash before its holder wrote it)', lock: '', taken: true },
    { what: 'a lock that is not a pid', lock: 'garbage\n', taken: true },
    { what: 'a dead pid', lock: '999999999', taken: true },
    {
      what: 'our own pid, held by no mock of this process (pid reuse: a previous run as pid 1)',
      lock: () => `${process.pid} ${processStart(process.pid) ?? ''}`,
      taken: true,
    },
    { what: 'our own pid, old format (pid only)', lock: String(process.pid), taken: true },
    {
      what: 'a live other pid',
      lock: () => `${liveOther} ${processStart(liveOther) ?? ''}`,
      taken: false,
      message: new RegExp(`is in use by another mock \\(pid ${liveOther};`),
    },
    { what: 'a live other pid, old format (pid only)', lock: String(liveOther), taken: false, message: /is in use/ },
    ...(processStart(liveOther)
      ? [
          {
            what: 'a live pid that another process had when it wrote the lock',
            lock: `${liveOther} linux:x:1`,
            taken: true,
          },
        ]
      : []),
  ];
  for (const row of rows) {
    const file = join(t.testdir(), 'state.json');
    const lockFile = `${file}.lock`;
    writeFileSync(lockFile, typeof row.lock === 'string' ? row.lock : row.lock());
    if (row.taken) {
      const lock = await lockStateFile(file);
      t.match(readFileSync(lockFile, 'utf8'), new RegExp(`^${process.pid} `), `${row.what}: taken over`);
      lock.release();
      t.notOk(existsSync(lockFile), `${row.what}: and given back`);
    } else {
      await t.rejects(lockStateFile(file), { message: row.message! }, `${row.what}: refused`);
      t.ok(existsSync(lockFile), `${row.what}: the holder's lock is left alone`);
    }
  }
});

t.test('regression: a lock held by another mock of this very process is in use', async (t) => {
  const file = join(t.testdir(), 'state.json');
  const first = await lockStateFile(file);
  await t.rejects(lockStateFile(file), /is in use by another mock/);
  first.release();
  (await lockStateFile(file)).release();
});

t.test('regression: the lock and the writes sit on the resolved path, so a symlink stays a symlink', async (t) => {
  const dir = t.testdir({ real: {}, links: {} });
  const real = join(dir, 'real', 'state.json');
  const link = join(dir, 'links', 'state.json');
  const dangling = join(dir, 'links', 'dangling.json');
  symlinkSync(real, link);
  symlinkSync(join(dir, 'real', 'later.json'), dangling);
  const byReal = await buildMock({ spec: await spec(), stateFile: real });
  await t.rejects(buildMock({ spec: await spec(), stateFile: link }), /is in use by another mock/, 'link vs real');
  await byReal.close();
  const byLink = await buildMock({ spec: await spec(), stateFile: link });
  await t.rejects(buildMock({ spec: await spec(), stateFile: real }), /is in use by another mock/, 'real vs link');
  const r = await byLink.inject({
    method: 'POST',
    url: '/__mock/subscription',
    payload: { email: 'nosub@example.com', plan_id: 2 },
  });
  t.equal(r.statusCode, 200);
  await byLink.close();
  t.ok(lstatSync(link).isSymbolicLink(), 'the link is still a link');
  t.ok(lstatSync(real).isFile(), 'and the state is in the file it points to');
  const ahead = await buildMock({ spec: await spec(), stateFile: dangling });
  await ahead.close();
  t.ok(lstatSync(dangling).isSymbolicLink(), 'a dangling link stays a link');
  t.ok(lstatSync(join(dir, 'real', 'later.json')).isFile(), 'and the file is made where it points');
});

t.test('regression: a lock path that is not a file is refused at once, never read', async (t) => {
  const dir = t.testdir({ 'dir.json.lock': {} });
  const fifo = join(dir, 'fifo.json.lock');
  spawnSync('mkfifo', [fifo]);
  // Whatever happens, nothing stays blocked on the FIFO.
  t.teardown(() => spawnSync('sh', ['-c', `exec 3>"${fifo}"`], { timeout: 2000 }));
  await t.rejects(within(5000, lockStateFile(join(dir, 'dir.json'))), /lock .* is not a regular file/, 'a directory');
  await t.rejects(within(5000, lockStateFile(join(dir, 'fifo.json'))), /lock .* is not a regular file/, 'a FIFO');
});
