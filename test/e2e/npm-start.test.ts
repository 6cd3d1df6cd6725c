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
