// The largest world as users start it: `npm start -- --clients N` from the
// clone, the time from spawn to the first page, the first keyword search, then
// a walk of 100 pages and 100 keywords, and the resident memory of the whole
// process tree (npm, its shell, the mock) read from /proc.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { authHeaders, demoToken, freePort, ROOT } from './processes.js';

export interface TreeFigure {
  clients: number;
  firstPageMs: number;
  firstSearchMs: number;
  keywordP99: number;
  /** Each process of the tree: its command and resident MiB. */
  processes: Array<{ command: string; rssMiB: number }>;
  treeMiB: number;
}

/** The issue's targets: the tree under 350 MB after the walk, the first page within 3 s. */
export const TREE_TARGETS = { treeMiB: 350, firstPageMs: 3000 } as const;

interface Proc {
  pid: number;
  ppid: number;
  kb: number;
  command: string;
}

function procs(): Proc[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
        const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${d}/status`, 'utf8'))?.[1] ?? 0);
        // npm rewrites its title into one string: the first three words of either.
        const command = readFileSync(`/proc/${d}/cmdline`, 'utf8').split(/[\0 ]/).slice(0, 3).join(' ');
        return [{ pid: Number(d), ppid, kb, command }];
      } catch {
        return [];
      }
    });
}

/** A process and every descendant (Linux). */
export function processTree(pid: number): Proc[] {
  const all = procs();
  const out = all.filter((p) => p.pid === pid);
  for (let i = 0; i < out.length; i++) out.push(...all.filter((p) => p.ppid === out[i]!.pid));
  return out;
}

export async function tree(clients: number): Promise<TreeFigure> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const npm = spawn('npm', ['start', '--', '--port', String(port), '--no-rate-limit', '--clients', String(clients)], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => npm.once('exit', resolve));
  try {
    const deadline = Date.now() + 300_000;
    while (
      !(await fetch(`${url}/__mock/accounts`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || npm.exitCode !== null) throw new Error('npm start did not answer');
      await new Promise((r) => setTimeout(r, 50));
    }
    const token = await demoToken(url);
    const post = async (body: unknown) => {
      const t = performance.now();
      const r = await fetch(`${url}/api/v1/client/list`, {
        method: 'POST',
        headers: authHeaders(token),
        body: JSON.stringify(body),
      });
      await r.json();
      return performance.now() - t;
    };
    await post({ page: 1, limit: 20 });
    const firstPageMs = performance.now() - started;
    const firstSearchMs = await post({ page: 1, limit: 20, keyword: 'zz' });
    for (let i = 0; i < 100; i++) await post({ page: 1 + ((i * 7919) % 1000), limit: 10 + (i % 21) });
    const letters = 'abcdefghijklmnoprstuvwy';
    const keyword: number[] = [];
    for (let i = 0; i < 100; i++)
      keyword.push(
        await post({ page: 1, limit: 20, keyword: `${letters[i % 23]}${letters[Math.floor(i / 23) % 23]}` }),
      );
    keyword.sort((a, b) => a - b);
    const processes = processTree(npm.pid!).map((p) => ({ command: p.command, rssMiB: Math.round(p.kb / 1024) }));
    const treeMiB = processes.reduce((a, p) => a + p.rssMiB, 0);
    return { clients, firstPageMs, firstSearchMs, keywordP99: keyword[98]!, processes, treeMiB };
  } finally {
    // The whole group, as Ctrl-C in a terminal.
    process.kill(-npm.pid!, 'SIGINT');
    await exited;
  }
}

export function treeTable(f: TreeFigure): string {
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    '| Clients | First page s | First search ms | keyword p99 ms | Tree MiB after the walk | Processes (MiB) |',
    '|---|---|---|---|---|---|',
    `| ${f.clients.toLocaleString('en')} | ${(f.firstPageMs / 1000).toFixed(2)} | ${f.firstSearchMs.toFixed(1)} | ${f.keywordP99.toFixed(1)} | ${f.treeMiB} | ${f.processes.map((p) => `${p.command} ${p.rssMiB}`).join('; ')} |`,
    '',
    `Targets: tree < ${TREE_TARGETS.treeMiB} MiB (${verdict(f.treeMiB < TREE_TARGETS.treeMiB)}), first page < ${TREE_TARGETS.firstPageMs / 1000} s (${verdict(f.firstPageMs < TREE_TARGETS.firstPageMs)}).`,
  ].join('\n');
}
