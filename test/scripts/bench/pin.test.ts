// CPU placement of the throughput section.
import { spawn, spawnSync } from 'node:child_process';
import t from 'tap';
import { expandCpuList, onCpu, placeLoad } from '../../../scripts/bench/pin.js';

const cases: [string, number[]][] = [
  ['0,1', [0, 1]],
  ['0-3', [0, 1, 2, 3]],
  ['2-3,6', [2, 3, 6]],
  ['5', [5]],
  ['', []],
  ['0-x', []],
];
for (const [list, want] of cases) t.same(expandCpuList(list), want, `"${list}"`);

t.test('onCpu runs the command through taskset only when a CPU is given', async (t) => {
  t.same(onCpu(undefined, 'node', ['a.js']), ['node', ['a.js']]);
  t.same(onCpu(0, 'node', ['a.js']), ['taskset', ['-c', '0', 'node', 'a.js']]);
});

const affinity = (pid: number) => /list:\s*(\S+)/.exec(spawnSync('taskset', ['-cp', String(pid)], { encoding: 'utf8' }).stdout ?? '')?.[1];
// Two CPUs this process may run on: a container can allow fewer than os.cpus() lists.
const usable = process.platform === 'linux' && expandCpuList(affinity(process.pid) ?? '').length >= 2;

t.test('placeLoad moves a process to its second CPU, keeps the first for servers, and restores', { skip: !usable && 'needs taskset and two CPUs' }, async (t) => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  t.teardown(() => void child.kill());
  const before = affinity(child.pid!)!;
  const [first, second] = expandCpuList(before);
  const placement = placeLoad(child.pid);
  t.equal(placement.serverCpu, first);
  t.equal(affinity(child.pid!), String(second));
  t.match(placement.describe, `server under load on CPU ${first}, the load generator on CPU ${second}`);
  placement.restore();
  t.equal(affinity(child.pid!), before);
});

t.test('placeLoad pins nothing when taskset cannot read the process', { skip: !usable && 'needs taskset and two CPUs' }, async (t) => {
  const placement = placeLoad(2 ** 22 + 1);
  t.equal(placement.serverCpu, undefined);
  t.match(placement.describe, /^not pinned \(taskset: .+\)/);
  t.doesNotThrow(() => placement.restore());
});
