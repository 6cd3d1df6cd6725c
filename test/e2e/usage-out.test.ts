// --usage-out of npm start and npm run proxy: the usage is on disk when the
// process stops (SIGTERM, as scripts and IDEs stop it), a whole usage file
// spec:diff reads; a path that cannot be written is refused before start.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { readUsageFile } from '../../spec/usage/read.js';
import { freePort, startAndWait, TS } from '../helpers/processes.js';
import { json, upstreamMock } from '../helpers/proxy.js';

const mockCli = fileURLToPath(new URL('../../cli/mock.ts', import.meta.url));
const proxyCli = fileURLToPath(new URL('../../cli/proxy.ts', import.meta.url));

const signin = (base: string) =>
  fetch(`${base}/api/v1/user/signin`, {
    method: 'POST',
    headers: { ...json, platform: 'IOS' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
    signal: AbortSignal.timeout(10_000),
  });

t.test('npm start -- --usage-out: written at exit, all worlds', async (t) => {
  const dir = t.testdir();
  const out = join(dir, 'usage', 'mock.json');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const mock = await startAndWait(
    process.execPath,
    [...TS, mockCli, '--port', String(port), '--usage-out', out],
    `${base}/__mock/accounts`,
  );
  t.teardown(mock.stop);
  t.match(mock.output(), /Usage: written to .*mock\.json every 10 s and at exit/);
  t.equal((await signin(base)).status, 200);
  await mock.stop();
  t.equal(mock.child.exitCode, 0, mock.output());
  const usage = readUsageFile(out);
  t.equal(usage.source, 'mock');
  t.same(usage.operations.signin?.platforms, { IOS: 1 });
  t.notMatch(readFileSync(out, 'utf8'), /demo-password|demo@example/);
});

t.test('npm run proxy -- --usage-out: the relayed traffic, written at exit', async (t) => {
  const dir = t.testdir();
  const out = join(dir, 'proxy.json');
  const upstream = await upstreamMock(t);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const proxy = await startAndWait(
    process.execPath,
    [...TS, proxyCli, '--upstream', upstream, '--port', String(port), '--usage-out', out],
    `${base}/__proxy/summary`,
  );
  t.teardown(proxy.stop);
  t.equal((await signin(base)).status, 200);
  await proxy.stop();
  const usage = readUsageFile(out);
  t.equal(usage.source, 'proxy');
  t.equal(usage.operations.signin?.calls, 1);
});

t.test('an --usage-out that cannot be written is refused before start, exit 2', async (t) => {
  const dir = t.testdir();
  const file = join(dir, 'a-file');
  writeFileSync(file, '');
  for (const cli of [mockCli, proxyCli]) {
    const args = cli === proxyCli ? ['--upstream', 'http://127.0.0.1:1'] : [];
    const r = spawnSync(process.execPath, [...TS, cli, ...args, '--usage-out', join(file, 'x.json')], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    t.equal(r.status, 2, r.stderr);
    t.match(r.stderr, /--usage-out .*a-file is a file, not a directory/);
  }
});
