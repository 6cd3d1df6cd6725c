// The contract CLI against each hostile deployment (hostile-servers.ts), as a
// child process with every reporter writing a file: its peak resident memory
// (VmHWM, from a preload as it exits, else polled), time, exit code, and
// whether the reports were written. The figures of `npm run bench -- --only
// hostile`; test/e2e/hostile-cli.test.ts holds them to PEAK_RSS_BOUND_MIB.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOSTILE_NAMES, type HostileName, startHostile } from './hostile-servers.js';
import { ROOT, TS } from './processes.js';

/** The promise: no run of the CLI, against any deployment, needs more resident memory than this. Its live heap
 *  stays under 50 MB; the rest is garbage of 8 MiB answers not yet collected, which grows with the requests a
 *  run makes (the probes of every x-assumed point added some 40: 224 to about 300 MiB against endless pages). */
export const PEAK_RSS_BOUND_MIB = 350;
/** The line peak-rss.mjs writes as the child exits. */
const PEAK_RSS_MARK = 'peak-rss-kib';

export interface HostileRun {
  server: HostileName;
  fuzz: number;
  peakRssMiB: number;
  seconds: number;
  exitCode: number | null;
  /** The JSON, JUnit and HTML reports were written, and the JSON one parses. */
  reportWritten: boolean;
}

export interface HostileOptions {
  servers?: HostileName[];
  /** --fuzz values to run each server with. */
  fuzz?: number[];
  /** The CLI's --deadline, in seconds. */
  deadline?: number;
  /** Called with each run as it ends. */
  onRun?: (run: HostileRun) => void;
  /** Run the compiled CLI (dist/cli/contracts.js, as the package runs it; `npm run build` first) instead of
   *  the sources through tsx (whose loader thread adds some 30 MiB). */
  compiled?: boolean;
}

/** Peak resident memory of a live process so far (Linux), in KiB; 0 when it cannot be read. */
async function peakKiB(pid: number | undefined): Promise<number> {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function written(dir: string): Promise<boolean> {
  try {
    JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    await Promise.all(['junit.xml', 'report.html'].map((f) => stat(join(dir, f))));
    return true;
  } catch {
    return false;
  }
}

/** One run of the CLI against one hostile server. */
export async function hostileRun(
  server: HostileName,
  fuzz: number,
  { deadline = 300, compiled = false }: Pick<HostileOptions, 'deadline' | 'compiled'> = {},
): Promise<HostileRun> {
  const hostile = await startHostile(server);
  const dir = await mkdtemp(join(tmpdir(), 'mcs-hostile-'));
  try {
    const preload = ['--import', `${ROOT}scripts/bench/peak-rss.mjs`];
    const argv = compiled
      ? [...preload, `${ROOT}dist/cli/contracts.js`]
      : [...TS, ...preload, `${ROOT}cli/contracts.ts`];
    argv.push('--base-url', hostile.url, '--deadline', String(deadline), '--fuzz', String(fuzz), '--seed', '1');
    for (const [reporter, file] of [
      ['json', 'report.json'],
      ['junit', 'junit.xml'],
      ['html', 'report.html'],
    ])
      argv.push('--reporter', reporter!, '--out', join(dir, file!));
    const started = performance.now();
    const child = spawn(process.execPath, argv, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, MCS_EMAIL: 'demo@example.com', MCS_PASSWORD: 'demo-password' },
    });
    let tail = '';
    child.stderr.on('data', (d: Buffer) => {
      tail = (tail + d.toString()).slice(-4096);
    });
    let polled = 0;
    const poll = setInterval(async () => {
      polled = Math.max(polled, await peakKiB(child.pid));
    }, 100);
    // Past the deadline and a minute more, the run is stopped: a hang is a result too (exit code null).
    const kill = setTimeout(() => child.kill('SIGKILL'), (deadline + 60) * 1000);
    const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    clearInterval(poll);
    clearTimeout(kill);
    const reported = Number(new RegExp(`${PEAK_RSS_MARK} (\\d+)`).exec(tail)?.[1] ?? 0);
    return {
      server,
      fuzz,
      peakRssMiB: Math.round(Math.max(reported, polled) / 1024),
      seconds: Math.round((performance.now() - started) / 100) / 10,
      exitCode,
      reportWritten: await written(dir),
    };
  } finally {
    await hostile.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The CLI against every hostile server, with and without --fuzz 4, one run at a time. */
export async function hostileCli(options: HostileOptions = {}): Promise<HostileRun[]> {
  const runs: HostileRun[] = [];
  for (const server of options.servers ?? HOSTILE_NAMES)
    for (const fuzz of options.fuzz ?? [0, 4]) {
      const run = await hostileRun(server, fuzz, options);
      options.onRun?.(run);
      runs.push(run);
    }
  return runs;
}

/** A run that ended with its verdict (exit 1: the servers are all in violation), under the bound, reports written. */
export const hostileRunHeld = (r: HostileRun): boolean =>
  r.exitCode === 1 && r.reportWritten && r.peakRssMiB > 0 && r.peakRssMiB < PEAK_RSS_BOUND_MIB;

/** The runs as a Markdown table. */
export function hostileCliTable(runs: HostileRun[]): string {
  const rows = runs.map(
    (r) =>
      `| ${r.server} | ${r.fuzz || '-'} | ${r.peakRssMiB} | ${r.seconds} | ${r.exitCode ?? 'killed'} | ${r.reportWritten ? 'yes' : 'NO'} |`,
  );
  return [
    `| Hostile server | --fuzz | Peak RSS (MiB; bound ${PEAK_RSS_BOUND_MIB}) | Seconds | Exit code | Reports written |`,
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
