// CPU placement for the throughput section, through util-linux's taskset: the
// server under load gets one CPU and the load generator another, so that the
// two do not take turns on the same CPU and one measures the server, not the
// scheduler. Where taskset or a second CPU is missing, nothing is pinned.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPUs of an affinity list as Linux prints it ("0,1", "0-3", "2-3,6"). */
export function expandCpuList(list: string): number[] {
  const cpus: number[] = [];
  for (const part of list.split(',')) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!m) return [];
    for (let c = Number(m[1]); c <= Number(m[2] ?? m[1]); c++) cpus.push(c);
  }
  return cpus;
}

/**
 * The CPUs a process (or one of its threads, `/proc/<pid>/task/<tid>`) may run
 * on, from /proc rather than taskset's output, whose wording is translated.
 */
export function allowedCpus(procDir: string): string | undefined {
  try {
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(readFileSync(`${procDir}/status`, 'utf8'))?.[1];
  } catch {
    return undefined;
  }
}

/** A command line that runs on `cpu` (all CPUs when undefined). */
export const onCpu = (cpu: number | undefined, command: string, args: string[]): [string, string[]] =>
  cpu === undefined ? [command, args] : ['taskset', ['-c', String(cpu), command, ...args]];

/** Sets the CPUs of every thread of `pid`; the reason when it could not. */
function setCpus(pid: number, list: string): string | undefined {
  const r = spawnSync('taskset', ['-a', '-cp', list, String(pid)], { encoding: 'utf8', timeout: 5_000 });
  if (r.error)
    return (r.error as NodeJS.ErrnoException).code === 'ENOENT'
      ? 'taskset not available'
      : `taskset: ${r.error.message}`;
  return r.status === 0 ? undefined : `taskset: ${r.stderr.trim()}`;
}

export interface Placement {
  /** The CPU for the servers, or undefined when nothing is pinned. */
  serverCpu: number | undefined;
  /** One line for the report. */
  description: string;
  /** Gives the process back the CPUs it had; says so on stderr if it cannot. */
  restore: () => void;
}

export const unpinned = (why: string): Placement => ({
  serverCpu: undefined,
  description: `not pinned (${why}): the load generator shares the CPUs with the server`,
  restore: () => {},
});

/** Moves a process (every thread) to its second CPU and keeps the first for the servers. */
export function placeLoad(pid = process.pid): Placement {
  const list = allowedCpus(`/proc/${pid}`);
  if (list === undefined) return unpinned(`no /proc/${pid}/status to read`);
  const [server, load] = expandCpuList(list);
  if (server === undefined || load === undefined) return unpinned(`only CPU ${list} available`);
  const restore = () => {
    const failed = setCpus(pid, list);
    if (failed) console.error(`could not give the bench its CPUs (${list}) back: ${failed}`);
  };
  const failed = setCpus(pid, String(load));
  if (failed) {
    setCpus(pid, list); // taskset -a moves one thread at a time: some may have moved
    return unpinned(failed);
  }
  return {
    serverCpu: server,
    description: `pinned: the server under load on CPU ${server}, the load generator on CPU ${load}`,
    restore,
  };
}
