// CPU placement for the throughput section, through util-linux's taskset: the
// server under load gets one CPU and the load generator another, so that the
// two do not take turns on the same core and one measures the server, not the
// scheduler. Where taskset or a second CPU is missing, nothing is pinned.
import { spawnSync } from 'node:child_process';

/** CPUs of an affinity list as taskset prints it ("0,1", "0-3", "2-3,6"). */
export function expandCpuList(list: string): number[] {
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) return [];
    for (let c = Number(m[1]); c <= Number(m[2] ?? m[1]); c++) cpus.push(c);
  }
  return cpus;
}

/** A command line that runs on `cpu` (all CPUs when undefined). */
export const onCpu = (cpu: number | undefined, command: string, args: string[]): [string, string[]] =>
  cpu === undefined ? [command, args] : ['taskset', ['-c', String(cpu), command, ...args]];

const taskset = (args: string[]) => spawnSync('taskset', args, { encoding: 'utf8', timeout: 5_000 });

export interface Placement {
  /** The CPU for the servers, or undefined when nothing is pinned. */
  serverCpu: number | undefined;
  /** One line for the report. */
  describe: string;
  /** Gives this process back the CPUs it had. */
  restore: () => void;
}

export const unpinned = (why: string): Placement => ({
  serverCpu: undefined,
  describe: `not pinned (${why}): the load generator shares the CPUs with the server`,
  restore: () => {},
});

/** Moves this process (every thread) to its second CPU and keeps the first for the servers. */
export function placeLoad(pid = process.pid): Placement {
  const current = taskset(['-cp', String(pid)]);
  if (current.error) return unpinned('taskset not available');
  if (current.status !== 0) return unpinned(`taskset: ${current.stderr.trim()}`);
  const list = /list:\s*(\S+)/.exec(current.stdout)?.[1] ?? '';
  const [server, load] = expandCpuList(list);
  if (server === undefined || load === undefined) return unpinned(`only CPU ${list || '?'} available`);
  const moved = taskset(['-a', '-cp', String(load), String(pid)]);
  if (moved.status !== 0) return unpinned(`taskset failed: ${moved.stderr.trim()}`);
  return {
    serverCpu: server,
    describe: `pinned: the server under load on CPU ${server}, the load generator on CPU ${load}`,
    restore: () => void taskset(['-a', '-cp', list, String(pid)]),
  };
}
