// State that was lost without a word (issue 19): a path that could not be
// written was found only at the first change, two mocks raced on one file, a
// killed mock's *.tmp files stayed, and kill -9 lost 2 to 18 acknowledged updates.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { buildMock } from '../../mock/build.js';
import { readState, StateFileError } from '../../mock/state-file.js';
import { lockStateFile } from '../../mock/state-lock.js';
import { spec } from '../helpers/mock.js';
import { freePort, startAndWait, TS } from '../helpers/processes.js';

const cli = new URL('../../mock/cli.ts', import.meta.url).pathname;

t.test('regression: start-up refuses a path it cannot write', async (t) => {
  const dir = t.testdir({ sub: {} });
  await t.rejects(
    buildMock({ spec: await spec(), stateFile: join(dir, 'missing', 'state.json') }),
    /the directory .*missing does not exist/,
  );
  await t.rejects(buildMock({ spec: await spec(), stateFile: join(dir, 'sub') }), /is a directory/);
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
  t.equal(readFileSync(`${file}.lock`, 'utf8'), String(process.pid), 'the stale lock was taken over');
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
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          platform: 'WEB',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    const token = (
      (await (
        await post('/api/v1/user/signin', { email: 'demo@example.com', password: 'demo-password' })
      ).json()) as any
    ).data.api_token;
    const list = ((await (await post('/api/v1/client/list', { limit: 20 }, token)).json()) as any).data.data as Array<{
      id: number;
      surname: string;
      email: string;
    }>;
    const renamed = list.slice(0, 20);
    await Promise.all(
      renamed.map((c, i) =>
        post(
          '/api/v1/client/update',
          { client_id: c.id, name: `Acked ${i}`, surname: c.surname, email: c.email },
          token,
        ).then((r) => t.equal(r.status, 200)),
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
