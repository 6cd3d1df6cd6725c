// The contract suite meets a certificate Node does not trust, as a developer
// meets the mock's --https (issue 41): the run's message names the TLS failure,
// its cause and NODE_EXTRA_CA_CERTS with the mock's CA file, and the world probe
// does not call it "no connection"; with the variable set as said, the run goes.
// Also a server with a plain self-signed certificate (selfsigned), in-process,
// for the suite and for the validating proxy in front of it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import t, { type Test } from 'tap';
import { runContracts } from '../../contracts/runner.js';
import { freePort, ROOT, TS } from '../../scripts/bench/processes.js';
import { spec } from '../helpers/mock.js';
import { json, proxy } from '../helpers/proxy.js';

const demo = ['--email', 'demo@example.com', '--password', 'demo-password'];

/** The mock with --https in `cwd` (its authority made in cwd/.mcs-mock), once its banner is out. */
async function httpsMock(cwd: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...TS, join(ROOT, 'cli/mock.ts'), '--https', '--port', String(port)], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  while (!/Mock console: /.test(output)) {
    if (child.exitCode !== null) throw new Error(`the mock exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the mock did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

t.test(
  'against the mock’s --https: the TLS failure named with NODE_EXTRA_CA_CERTS, then the run with it',
  async (t) => {
    const cwd = mkdtempSync(join(tmpdir(), 'mcs-contracts-tls-'));
    const port = await freePort();
    const mock = await httpsMock(cwd, port);
    t.teardown(async () => {
      const exited = once(mock, 'exit');
      mock.kill('SIGTERM');
      await exited;
      rmSync(cwd, { recursive: true, force: true });
    });
    const contracts = (env: NodeJS.ProcessEnv, extra: string[] = []) =>
      spawnSync(
        process.execPath,
        [...TS, join(ROOT, 'cli/contracts.ts'), '--base-url', `https://127.0.0.1:${port}`, ...demo, ...extra],
        { cwd, encoding: 'utf8', timeout: 120_000, env },
      );
    const { NODE_EXTRA_CA_CERTS: _, ...without } = process.env;
    const refused = contracts(without);
    const said = refused.stdout + refused.stderr;
    t.equal(refused.status, 2, 'the run could not happen');
    t.match(said, /cannot reach https:\/\/127\.0\.0\.1:\d+\/api\/v1: TLS: .*UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
    t.match(said, 'NODE_EXTRA_CA_CERTS=.mcs-mock/ca.pem', 'the variable and the mock’s CA file');
    t.match(said, /__mock\/worlds failed: TLS: /, 'the probe names it');
    t.notMatch(said, /no connection/, 'never "no connection"');

    const trusted = contracts({ ...without, NODE_EXTRA_CA_CERTS: join(cwd, '.mcs-mock/ca.pem') }, [
      '--only',
      'listCountries',
    ]);
    t.notMatch(trusted.stdout + trusted.stderr, /TLS: /, 'with the variable as said, no TLS failure');
    t.equal(trusted.status, 0, (trusted.stdout + trusted.stderr).slice(-2000));
  },
);

async function selfSigned(t: Test): Promise<string> {
  const made = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
  const server = createServer({ key: made.private, cert: made.cert }, (_req, res) => res.end('{}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => server.close());
  return `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

t.test('against a self-signed certificate: runContracts aborts naming it', async (t) => {
  const notices: string[] = [];
  const err = await runContracts(
    {
      baseUrl: await selfSigned(t),
      credentials: { email: 'demo@example.com', password: 'demo-password' },
      timeoutMs: 5000,
      onNotice: (l) => notices.push(l),
    },
    await spec(),
  ).catch((e: unknown) => e as Error);
  t.match(err, { name: 'RunAborted', message: /TLS: .*DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate/ });
  t.match((err as Error).message, 'NODE_EXTRA_CA_CERTS=.mcs-mock/ca.pem');
  t.notMatch(notices.join('\n'), /no connection/);
});

t.test('the proxy before a self-signed upstream: a 502 naming the code, its log what to do', async (t) => {
  const { app, lines } = await proxy(t, await selfSigned(t));
  const r = await app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: json, payload: '{}' });
  t.equal(r.statusCode, 502);
  t.match(r.json(), { message: /The upstream could not be reached \(DEPTH_ZERO_SELF_SIGNED_CERT\)/ });
  const logged = lines.join('\n');
  t.match(logged, /the upstream could not be reached: TLS: .*DEPTH_ZERO_SELF_SIGNED_CERT/);
  t.match(logged, 'NODE_EXTRA_CA_CERTS=.mcs-mock/ca.pem');
});
