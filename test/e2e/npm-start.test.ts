// npm start runs the mock in one Node process (tsx as an --import, not a
// wrapper process), and Ctrl-C (SIGINT to the terminal's process group) still
// stops it with the state file flushed and its lock released.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { freePort } from '../../scripts/bench/processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The descendants of a process, from /proc: pid and command line. */
function descendants(pid: number): Array<{ pid: number; cmd: string }> {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
        const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').join(' ').trim();
        return [{ pid: Number(d), ppid, cmd }];
      } catch {
        return [];
      }
    });
  const out: Array<{ pid: number; cmd: string }> = [];
  const walk = (p: number) => {
    for (const c of all.filter((x) => x.ppid === p)) {
      out.push({ pid: c.pid, cmd: c.cmd });
      walk(c.pid);
    }
  };
  walk(pid);
  return out;
}

t.test('npm start: one Node process under npm; Ctrl-C flushes the state file and releases its lock', async (t) => {
  if (process.platform !== 'linux') {
    t.pass('it reads /proc: Linux only');
    return;
  }
  const file = join(mkdtempSync(join(tmpdir(), 'mcs-npm-start-')), 'state.json');
  const port = await freePort();
  // Its own process group, as a terminal runs it: Ctrl-C signals the whole group.
  const npm = spawn('npm', ['start', '--', '--port', String(port), '--state-file', file], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  npm.stdout?.on('data', (d) => (out += d));
  npm.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (npm.exitCode === null && npm.signalCode === null) process.kill(-npm.pid!, 'SIGKILL');
  });
  const url = `http://127.0.0.1:${port}`;
  for (
    let i = 0;
    i < 600 &&
    !(await fetch(`${url}/__mock/accounts`).then(
      (r) => r.ok,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 200));
  const tree = descendants(npm.pid!);
  const nodes = tree.filter((p) => /(^|\/)node(\s|$)/.test(p.cmd.split(' ')[0]!));
  t.equal(nodes.length, 1, `one Node process under npm: ${JSON.stringify(tree)}`);
  t.match(nodes[0]?.cmd, /--import tsx cli\/mock\.ts/, 'tsx as an --import');

  const change = await fetch(`${url}/__mock/subscription`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nosub@example.com', plan_id: 3 }),
  });
  t.equal(change.status, 200, 'a change to flush');
  process.kill(-npm.pid!, 'SIGINT');
  await exited;
  t.notOk(existsSync(`${file}.lock`), `the lock is released (${out.slice(-300)})`);
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { overlay: { subscriptions: unknown[] } };
  t.ok(saved.overlay.subscriptions.length > 0, 'the change is on disk');
  t.equal(
    descendants(npm.pid!).length +
      (await fetch(url).then(
        () => 1,
        () => 0,
      )),
    0,
    'nothing left running or listening',
  );
});

/** The processes of a process group, from /proc: what is left of a tree once its head is gone. */
function group(pgid: number): Array<{ pid: number; cmd: string }> {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
        // A zombie has exited already; its parent has not reaped it yet.
        if (fields[0] === 'Z' || Number(fields[2]) !== pgid) return [];
        return [{ pid: Number(d), cmd: readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0').join(' ').trim() }];
      } catch {
        return [];
      }
    });
}

const listening = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );

// Scripts and IDEs stop `npm start` by its process id, not its group: npm
// forwards SIGINT and SIGTERM to its `sh -c` only, which a SIGTERM ends
// without passing it on, and SIGHUP (or SIGKILL) ends npm itself. The command
// notices it was orphaned (cli/kit/orphan.ts) and stops as on SIGTERM. Each
// row signals one process of the tree and expects nothing of it left running
// or listening. A SIGINT is the exception where /bin/sh is dash (Debian,
// Ubuntu): `sh -c` catches it and waits for its command, which never sees it;
// nothing is orphaned, npm, the shell and the mock run on, and the SIGTERM
// after it stops all three.
interface Stop {
  script: 'start' | 'proxy';
  target: 'npm' | 'sh';
  signal: NodeJS.Signals;
  stateFile?: true;
}
const STOPS: Stop[] = [
  { script: 'start', target: 'npm', signal: 'SIGTERM' },
  { script: 'start', target: 'npm', signal: 'SIGTERM', stateFile: true },
  { script: 'start', target: 'npm', signal: 'SIGHUP', stateFile: true },
  { script: 'start', target: 'npm', signal: 'SIGHUP' },
  { script: 'start', target: 'npm', signal: 'SIGKILL' },
  { script: 'start', target: 'npm', signal: 'SIGINT', stateFile: true },
  { script: 'start', target: 'sh', signal: 'SIGTERM', stateFile: true },
  { script: 'start', target: 'sh', signal: 'SIGHUP' },
  { script: 'proxy', target: 'npm', signal: 'SIGTERM' },
  { script: 'proxy', target: 'npm', signal: 'SIGHUP' },
];

/** True when a shell catches SIGINT (its SigCgt mask): dash under -c does, to wait for its command. */
function catchesInterrupt(pid: number): boolean {
  const mask = /SigCgt:\s*([0-9a-f]+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return mask !== undefined && (BigInt(`0x${mask}`) & 2n) !== 0n;
}

for (const { script, target, signal, stateFile } of STOPS) {
  const name = `npm ${script === 'start' ? 'start' : 'run proxy'}${stateFile ? ' --state-file' : ''}: ${signal} to ${target}`;
  t.test(`${name} leaves nothing running or listening`, async (t) => {
    if (process.platform !== 'linux') {
      t.pass('it reads /proc: Linux only');
      return;
    }
    const port = await freePort();
    const file = join(mkdtempSync(join(tmpdir(), 'mcs-npm-stop-')), 'state.json');
    const args =
      script === 'start'
        ? ['start', '--', '--port', String(port), ...(stateFile ? ['--state-file', file] : [])]
        : ['run', 'proxy', '--', '--port', String(port), '--upstream', 'http://127.0.0.1:9'];
    // Its own process group: what is left of the tree is found by it, and only this test's processes are in it.
    const npm = spawn('npm', args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    npm.stdout?.on('data', (d) => (out += d));
    npm.stderr?.on('data', (d) => (out += d));
    t.teardown(() => {
      if (group(npm.pid!).length > 0) process.kill(-npm.pid!, 'SIGKILL');
    });
    const url = `http://127.0.0.1:${port}/`;
    for (let i = 0; i < 300 && !(await listening(url)); i++) await new Promise((r) => setTimeout(r, 200));
    t.ok(await listening(url), `listening (${out.slice(-300)})`);
    const tree = descendants(npm.pid!);
    const sh = tree.find((p) => /^(\/bin\/)?sh -c /.test(p.cmd));
    t.ok(sh, `npm runs the script in sh -c: ${JSON.stringify(tree)}`);
    const victim = target === 'npm' ? npm.pid! : sh!.pid;
    const held = signal === 'SIGINT' && catchesInterrupt(sh!.pid);
    process.kill(victim, signal);
    if (held) {
      await new Promise((r) => setTimeout(r, 2_000));
      t.same(
        descendants(npm.pid!).map((p) => p.pid),
        tree.map((p) => p.pid),
        'sh -c holds the SIGINT: the tree runs on whole, nothing orphaned',
      );
      t.ok(await listening(url), 'and serving');
      process.kill(victim, 'SIGTERM');
    }
    let left = group(npm.pid!);
    // Up to 30 s for the tree to go: the orphan watch polls every 250 ms, and a loaded machine stretches the stop.
    const until = Date.now() + 30_000;
    while (Date.now() < until && (left.length > 0 || (await listening(url)))) {
      await new Promise((r) => setTimeout(r, 100));
      left = group(npm.pid!);
    }
    t.same(left, [], 'no process of the tree left');
    t.notOk(await listening(url), 'the port is free');
    if (stateFile) t.notOk(existsSync(`${file}.lock`), 'the state file’s lock is released: a clean stop');
  });
}
