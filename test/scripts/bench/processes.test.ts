// Bench helpers: a process's figures from /proc, and how the mock under test is started.
import { spawnSync } from 'node:child_process';
import t from 'tap';
import { cpuMs, mockArgs, ROOT, rssMiB, TS } from '../../../scripts/bench/processes.js';

const linux = process.platform === 'linux';

t.test('cpuMs counts this process burning CPU', { skip: !linux && 'needs /proc' }, async (t) => {
  const before = cpuMs(process.pid);
  t.ok(Number.isFinite(before) && before >= 0, `a figure: ${before}`);
  // Burn until the counter (10 ms ticks) has moved, bounded at 5 s of wall time.
  const end = Date.now() + 5000;
  let after = before;
  while (after < before + 30 && Date.now() < end) after = cpuMs(process.pid);
  t.ok(after >= before + 30, `moved from ${before} to ${after} ms`);
});

t.test('an unknown process gives NaN, not a throw', async (t) => {
  t.ok(Number.isNaN(cpuMs(2 ** 30)));
  t.ok(Number.isNaN(rssMiB(2 ** 30)));
  t.ok(Number.isNaN(cpuMs(undefined)));
});

t.test('mockArgs: the mock under test, with the tick-shape workaround only when asked', async (t) => {
  t.same(mockArgs(), [...TS, `${ROOT}cli/mock.ts`]);
  const kept = mockArgs(true);
  t.same(kept.slice(-3), ['--import', `${ROOT}scripts/bench/keep-tick-shape.ts`, `${ROOT}cli/mock.ts`]);
  // Preloaded, the tick object is kept before the program runs: keeping it again makes no tick object.
  const script = `
    const { keepTickShape } = await import(${JSON.stringify(`${ROOT}scripts/bench/tick-shape.ts`)});
    const { createHook } = await import('node:async_hooks');
    let made = 0;
    const hook = createHook({ init(_id, type) { if (type === 'TickObject') made++; } }).enable();
    keepTickShape();
    hook.disable();
    console.log(made);
  `;
  const run = (args: string[]) =>
    spawnSync(process.execPath, [...args.slice(0, -1), '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    }).stdout.trim();
  t.equal(run(kept), '0', 'preloaded with --keep-tick-shape');
  t.equal(run(mockArgs()), '1', 'not preloaded without it');
});
