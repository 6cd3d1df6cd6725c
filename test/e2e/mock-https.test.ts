// npm start -- --https: the mock over TLS with a certificate made on first use
// in .mcs-mock/ (or --cert-dir), reused on later starts, its fingerprints
// printed and its keys 0600; --host 0.0.0.0 prints the machine's LAN addresses
// (docs/mobile.md).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import { chmodSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import t, { type Test } from 'tap';
import { lanAddresses } from '../../cli/network/addresses.js';
import { freePort, ROOT, TS } from '../../scripts/bench/processes.js';

const CLI = join(ROOT, 'cli/mock.ts');

/** Starts the mock in `cwd` and resolves once its banner is out (a plain fetch cannot poll an untrusted https). */
async function start(t: Test, cwd: string, args: string[]): Promise<{ child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, [...TS, CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = once(child, 'exit');
  t.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  const deadline = Date.now() + 120_000;
  while (!/Mock console: /.test(output)) {
    if (child.exitCode !== null) throw new Error(`the mock exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the mock did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // The lines printed after the banner are written with it, in one console.log.
  return { child, output };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** GET over TLS trusting only `ca`: the answer's status and the certificate the server presented. */
async function get(url: string, ca: string) {
  const req = request(url, { ca, headers: { platform: 'WEB' } });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  const peer = (res.socket as TLSSocket).getPeerCertificate();
  res.resume();
  return { status: res.statusCode, fingerprint: peer.fingerprint256 };
}

const printed = (output: string, label: string) => new RegExp(`${label} SHA-256 ([0-9A-F:]{95})`).exec(output)?.[1];

t.test('--https: made on first use in .mcs-mock, trusted through its authority, reused on restart', async (t) => {
  const cwd = t.testdir({});
  const dir = join(cwd, '.mcs-mock');
  const port = await freePort();
  const first = await start(t, cwd, ['--https', '--port', String(port)]);
  t.match(first.output, `https://127.0.0.1:${port}/api/v1`);
  t.match(first.output, `from the Android emulator: https://10.0.2.2:${port}/api/v1`);
  t.match(first.output, 'TLS: certificate authority .mcs-mock/ca.pem (made now: trust it on each device');

  const ca = readFileSync(join(dir, 'ca.pem'), 'utf8');
  const served = await get(`https://127.0.0.1:${port}/openapi.yaml`, ca);
  t.equal(served.status, 200, 'answered over TLS, the authority trusted and nothing else');
  const localhost = await get(`https://localhost:${port}/openapi.yaml`, ca);
  t.equal(localhost.status, 200, 'localhost (the iOS simulator) is covered too');
  t.equal(printed(first.output, 'authority'), new X509Certificate(ca).fingerprint256, 'the authority printed');
  t.equal(printed(first.output, 'server certificate'), served.fingerprint, 'the certificate served printed');
  t.match(first.output, 'for localhost, 127.0.0.1, ::1, 10.0.2.2');
  // Issue 41: plain http:// to the https port was an empty reply; it is told the URL to use.
  const plain = await fetch(`http://127.0.0.1:${port}/api/v1/client/list`, { signal: AbortSignal.timeout(10_000) });
  t.equal(plain.status, 400, 'plain http:// is answered');
  t.same(await plain.json(), {
    message: `This port serves HTTPS: use https://127.0.0.1:${port}/api/v1/client/list.`,
    status: 400,
  });
  t.equal(plain.headers.get('x-mock-error'), 'MCS_ERR_HTTPS_REQUIRED');
  for (const key of ['ca-key.pem', 'key.pem']) {
    t.equal(statSync(join(dir, key)).mode & 0o777, 0o600, `${key} is 0600`);
    const body = readFileSync(join(dir, key), 'utf8').split('\n')[1] ?? 'unreadable';
    t.notMatch(first.output, body, `${key} is never printed`);
  }
  t.notMatch(first.output, /PRIVATE KEY/);
  await stop(first.child);

  const again = await start(t, cwd, ['--https', '--port', String(port)]);
  t.notMatch(again.output, /made now/, 'nothing made on a restart');
  t.equal(printed(again.output, 'server certificate'), served.fingerprint, 'the same certificate');
  t.equal((await get(`https://127.0.0.1:${port}/openapi.yaml`, ca)).fingerprint, served.fingerprint);
  await stop(again.child);
  t.equal(readFileSync(join(dir, '.gitignore'), 'utf8').split('\n').at(-2), '*', 'the directory ignores itself in git');

  // Loosened between starts (an unpacked archive, a shared folder): tightened and said, one line each.
  chmodSync(dir, 0o777);
  chmodSync(join(dir, 'ca-key.pem'), 0o644);
  const loose = await start(t, cwd, ['--https', '--port', String(port)]);
  t.match(loose.output, 'mock: .mcs-mock was writable by others (0777): now 0700');
  t.match(loose.output, `mock: ${join('.mcs-mock', 'ca-key.pem')} was readable by others (0644): now 0600`);
  t.equal(statSync(dir).mode & 0o777, 0o700);
  t.notMatch(loose.output, /made now/, 'the files kept');
  await stop(loose.child);
});

t.test('--host 0.0.0.0 prints the LAN addresses, and --https covers them from the same authority', async (t) => {
  const cwd = t.testdir({});
  const port = await freePort();
  // Addresses present before and after both starts: another test's veth pair (test/e2e/lan-peer.test.ts, run
  // alongside) comes and goes meanwhile, and the mock prints only what the machine has when it starts.
  const before = lanAddresses('0.0.0.0');
  const plain = await start(t, cwd, ['--host', '0.0.0.0', '--port', String(port)]);
  t.match(plain.output, `from the Android emulator: http://10.0.2.2:${port}/api/v1`);
  await stop(plain.child);

  const dir = join(cwd, 'certs');
  const loopback = await start(t, cwd, ['--https', '--cert-dir', dir, '--port', String(port)]);
  await stop(loopback.child);
  const wide = await start(t, cwd, ['--https', '--cert-dir', dir, '--host', '0.0.0.0', '--port', String(port)]);
  t.match(wide.output, /\(trusted once per device/, 'the same authority: no new trust asked');
  t.match(wide.output, /server certificate SHA-256 [0-9A-F:]+ \(made now\)/, 'a certificate for the new names');
  const cert = new X509Certificate(readFileSync(join(dir, 'cert.pem')));
  const after = new Set(lanAddresses('0.0.0.0'));
  const lan = before.filter((address) => after.has(address));
  for (const address of lan)
    t.match(plain.output, `from other devices on the network: http://${address}:${port}/api/v1`);
  for (const address of lan) {
    t.equal(cert.checkIP(address), address, `the certificate covers ${address}`);
    t.match(wide.output, `https://${address.includes(':') ? `[${address}]` : address}:${port}/api/v1`);
  }
  if (lan.length === 0) t.comment('this machine has no LAN address: the addresses were not checked');
  const ca = readFileSync(join(dir, 'ca.pem'), 'utf8');
  t.equal((await get(`https://127.0.0.1:${port}/openapi.yaml`, ca)).status, 200);
  await stop(wide.child);
});

/** Runs the mock to its exit (a refused start): its exit code and all it printed. */
async function refusedStart(cwd: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [...TS, CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const timer = setTimeout(() => child.kill('SIGTERM'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

t.test('regression: --https refuses an authority committed to the repository, and says what to do', async (t) => {
  const cwd = t.testdir({});
  const port = await freePort();
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd, stdio: 'pipe' });
  git('init', '-q');
  const made = await start(t, cwd, ['--https', '--port', String(port)]);
  await stop(made.child);
  // The issue's case: the directory committed whole (its .gitignore overridden), the key 0644.
  chmodSync(join(cwd, '.mcs-mock', 'ca-key.pem'), 0o644);
  git('add', '-f', '.mcs-mock');
  git('commit', '-q', '-m', 'certs');
  const key = readFileSync(join(cwd, '.mcs-mock', 'ca-key.pem'), 'utf8');
  const refused = await refusedStart(cwd, ['--https', '--port', String(port)]);
  t.equal(refused.code, 1, 'the mock does not start');
  t.notMatch(refused.output, /Mock console|TLS: certificate authority/, 'nothing served, no authority offered');
  t.match(refused.output, 'cannot start the mock: the certificate authority in .mcs-mock is not used: git tracks');
  t.match(refused.output, 'rm -f .mcs-mock/ca.pem .mcs-mock/ca-key.pem .mcs-mock/ca-origin.json');
  t.match(refused.output, 'git rm --cached -- .mcs-mock/ca-key.pem');
  t.match(refused.output, '`npm start -- --https` to make a new one');
  t.notMatch(refused.output, /PRIVATE KEY/);
  t.notMatch(refused.output, key.split('\n')[1]!, 'no line of the key');
  t.equal(readFileSync(join(cwd, '.mcs-mock', 'ca-key.pem'), 'utf8'), key, 'the key left as it was');

  // Done as told: out of git, deleted, made anew.
  git('rm', '-q', '--cached', '-r', '--', '.mcs-mock');
  for (const f of ['ca.pem', 'ca-key.pem', 'ca-origin.json']) rmSync(join(cwd, '.mcs-mock', f));
  const fresh = await start(t, cwd, ['--https', '--port', String(port)]);
  t.match(fresh.output, 'TLS: certificate authority .mcs-mock/ca.pem (made now: trust it on each device');
  await stop(fresh.child);
});
