// CPU placement of the throughput section.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import { allowedCpus, expandCpuList, onCpu, placeLoad } from '../../../scripts/bench/pin.js';

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

// Read here with its own parsing, so a fault in allowedCpus cannot hide one in placeLoad.
const threadCpus = (pid: number) =>
  readdirSync(`/proc/${pid}/task`).map(
    (tid) => /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8'))![1],
  );
const linux = process.platform === 'linux';
const hasTaskset = linux && !spawnSync('taskset', ['-V']).error;
// The CPUs this process may use: a container can allow fewer than os.cpus() lists.
const ownCpus = linux ? expandCpuList(allowedCpus('/proc/self') ?? '') : [];
const twoCpus = hasTaskset && ownCpus.length >= 2;

/** A Node child with its worker threads (V8's GC and compiler), started on `cpu` when given. */
async function child(t: Test, cpu?: number): Promise<number> {
  const c = spawn(...onCpu(cpu, process.execPath, ['-e', 'setTimeout(() => {}, 30000)']), { stdio: 'ignore' });
  t.teardown(() => void c.kill());
  // Until node has replaced taskset and started its threads (up to 10 s: a loaded machine starts node slowly).
  for (
    let i = 0;
    i < 500 && (threadCpus(c.pid!).length < 2 || /taskset/.test(readFileSync(`/proc/${c.pid}/comm`, 'utf8')));
    i++
  )
    await new Promise((r) => setTimeout(r, 20));
  return c.pid!;
}

t.test(
  'allowedCpus reads this process, and nothing for one that does not exist',
  { skip: !linux && 'needs /proc' },
  async (t) => {
    t.ok(ownCpus.length >= 1, `${allowedCpus('/proc/self')}`);
    t.equal(allowedCpus(`/proc/${2 ** 22 + 1}`), undefined);
  },
);

t.test(
  'placeLoad moves every thread to the second CPU, keeps the first for servers, and restores',
  { skip: !twoCpus && 'needs taskset and two CPUs' },
  async (t) => {
    const pid = await child(t);
    const before = threadCpus(pid);
    const [first, second] = expandCpuList(before[0]!);
    const placement = placeLoad(pid);
    t.equal(placement.serverCpu, first);
    t.same(new Set(threadCpus(pid)), new Set([String(second)]), 'every thread, not only the main one');
    t.match(placement.description, `server under load on CPU ${first}, the load generator on CPU ${second}`);
    placement.restore();
    t.same(new Set(threadCpus(pid)), new Set(before), 'every thread back where it was');
  },
);

t.test(
  'placeLoad pins nothing for a process allowed one CPU',
  { skip: !twoCpus && 'needs taskset and two CPUs' },
  async (t) => {
    const pid = await child(t, ownCpus[0]);
    const placement = placeLoad(pid);
    t.equal(placement.serverCpu, undefined);
    t.match(placement.description, `not pinned (only CPU ${ownCpus[0]} available)`);
    t.same(new Set(threadCpus(pid)), new Set([String(ownCpus[0])]), 'left where it was');
  },
);

t.test('placeLoad pins nothing for a process it cannot read', { skip: !linux && 'needs /proc' }, async (t) => {
  const placement = placeLoad(2 ** 22 + 1);
  t.equal(placement.serverCpu, undefined);
  t.match(placement.description, /^not pinned \(no \/proc\/\d+\/status to read\)/);
  t.doesNotThrow(() => placement.restore());
});
