// Bench helpers: a process's figures from /proc, and how the mock under test is started.
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

t.test('mockArgs: the mock under test, as npm start runs it', async (t) => {
  t.same(mockArgs(), [...TS, `${ROOT}cli/mock.ts`]);
});
