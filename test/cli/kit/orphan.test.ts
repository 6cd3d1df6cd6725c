// A command under an npm script stops once orphaned (its parent, or its
// script shell's parent, adopted by another process); run directly it never
// does. test/e2e/npm-start.test.ts signals each process of `npm start`.
import { spawn } from 'node:child_process';
import t from 'tap';
import { isScriptShell, lineage, parentOf, startedByScript, watchLineage } from '../../../cli/kit/orphan.js';
import { freePort, ROOT, TS } from '../../../scripts/bench/processes.js';

t.test('watchLineage calls onGone once, at the first change from what it saw at the start', async (t) => {
  const cases: Array<[string, string[], number | undefined]> = [
    ['unchanged', ['10', '10', '10', '10'], undefined],
    ['the parent changed', ['10', '10', '1', '1'], 2],
    ['the shell’s parent changed', ['10<20', '10<20', '10<1', '10<1'], 2],
    ['changed at the first look', ['10', '7', '7'], 1],
  ];
  for (const [name, seen, at] of cases) {
    let tick = 0;
    let calledAt: number | undefined;
    let calls = 0;
    const stop = watchLineage(
      () => {
        calls++;
        // The look that saw the change (the first, at the start, is look 0).
        calledAt ??= tick - 1;
      },
      () => seen[Math.min(tick++, seen.length - 1)]!,
      5,
    );
    await new Promise((r) => setTimeout(r, 5 * (seen.length + 4)));
    stop();
    t.same({ calledAt, calls }, { calledAt: at, calls: at === undefined ? 0 : 1 }, name);
  }
});

t.test('started by a script: npm, pnpm and yarn set npm_lifecycle_event', async (t) => {
  t.ok(startedByScript({ npm_lifecycle_event: 'start' }));
  t.notOk(startedByScript({}), 'the bin run directly, under systemd, nohup or as PID 1');
  t.notOk(startedByScript({ npm_lifecycle_event: '' }));
});

t.test('a shell running -c is told from another process, and its parent read', async (t) => {
  if (process.platform !== 'linux') {
    t.pass('it reads /proc: Linux only');
    return;
  }
  const sh = spawn('sh', ['-c', 'sleep 5; :'], { stdio: 'ignore' });
  t.teardown(() => sh.kill('SIGKILL'));
  await new Promise((r) => setTimeout(r, 200));
  t.ok(isScriptShell(sh.pid!), 'sh -c');
  t.equal(parentOf(sh.pid!), process.pid, 'its parent: this process');
  t.notOk(isScriptShell(process.pid), 'node is no script shell');
  t.equal(parentOf(2 ** 22 + 1), undefined, 'no such process: undefined');
  t.equal(lineage(sh.pid!, true)(), `${process.ppid}<${process.pid}`, 'the parent and the shell’s parent');
  t.equal(lineage(process.ppid, false)(), String(process.ppid), 'the parent alone');
});

// The mock started by a shell that then ends (killed here once the mock serves), as under nohup once the
// terminal is gone, or a daemonising script.
const listening = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
for (const [name, script, stays] of [
  ['run directly, the mock serves on when its shell is gone', undefined, true],
  ['under an npm script, it stops once its shell is gone', 'start', false],
] as const) {
  t.test(name, async (t) => {
    if (process.platform !== 'linux') {
      t.pass('Linux only');
      return;
    }
    const port = await freePort();
    const env = { ...process.env };
    delete env.npm_lifecycle_event;
    if (script) env.npm_lifecycle_event = script;
    const args = [...TS, `${ROOT}cli/mock.ts`, '--port', String(port)].map((a) => `'${a}'`).join(' ');
    const sh = spawn('sh', ['-c', `'${process.execPath}' ${args} >/dev/null 2>&1 & echo $!; wait`], {
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const pid = await new Promise<number>((r) => sh.stdout.once('data', (d) => r(Number(String(d).trim()))));
    t.teardown(() => {
      sh.kill('SIGKILL');
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    });
    const url = `http://127.0.0.1:${port}/`;
    let up = false;
    for (let i = 0; i < 300 && !up; i++) {
      up = await listening(url);
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    t.ok(up, 'it serves');
    sh.kill('SIGKILL');
    if (stays) {
      // Six of the watch's 250 ms polls: one that wrongly stopped it would have by then.
      await new Promise((r) => setTimeout(r, 1_500));
      t.ok(await listening(url), 'and still serves, adopted by another process');
    } else {
      // Waited for, not slept on: the watch's poll and the stop take longer than a fixed 1.5 s on a loaded machine.
      const until = Date.now() + 30_000;
      while (Date.now() < until && (await listening(url))) await new Promise((r) => setTimeout(r, 100));
      t.notOk(await listening(url), 'and stopped, adopted by another process');
    }
  });
}
