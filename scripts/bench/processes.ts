// Bench helpers (tests use them too): free ports, child processes that are always stopped, RSS and CPU time.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { onCpu } from './pin.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Runs a TypeScript file in this very process (tsx's CLI would add a wrapper process, and RSS would measure it). */
export const TS = ['--import', `${ROOT}node_modules/tsx/dist/esm/index.mjs`];
export const PRISM = `${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`;

/** Node's arguments for the mock under test, as `npm start` runs it. */
export function mockArgs(): string[] {
  return [...TS, `${ROOT}cli/mock.ts`];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Started {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /** Milliseconds from spawning to the first answer at the ready URL. */
  startMs: number;
  stop: () => Promise<void>;
}

/** Starts a process, waits (bounded) until `readyUrl` answers, and stops it on failure. Tests use it too. The
 *  bound is generous: the mock starts in about 1 s alone, 5.6 s beside three busy CPUs and two other starts. */
export async function startAndWait(
  command: string,
  args: string[],
  readyUrl: string,
  {
    timeoutMs = 120_000,
    env = {},
    pollMs = 200,
  }: { timeoutMs?: number; env?: Record<string, string>; pollMs?: number } = {},
): Promise<Started> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let out = '';
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited early (${child.exitCode}):\n${out}`);
    try {
      await fetch(readyUrl, { signal: AbortSignal.timeout(1_000) });
      return { child, output: () => out, startMs: performance.now() - started, stop };
    } catch {
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }
  await stop();
  throw new Error(`${command} did not answer at ${readyUrl} within ${timeoutMs} ms:\n${out}`);
}

export interface Server extends Started {
  url: string;
}

/** A Node server of the bench on 127.0.0.1:`port`, ready when `readyPath` answers; on `cpu` alone when given. */
export async function startServer(
  args: string[],
  port: number,
  readyPath: string,
  { timeoutMs = 120_000, cpu }: { timeoutMs?: number; cpu?: number } = {},
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const [command, argv] = onCpu(cpu, process.execPath, args);
  // Polled often: the scale section reports start-up time.
  return { ...(await startAndWait(command, argv, `${url}${readyPath}`, { timeoutMs, pollMs: 50 })), url };
}

/** Resident memory of a process, in MiB (Linux). */
export function rssMiB(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time a process has used so far (user + system), in ms (Linux; NaN
 * elsewhere). /proc counts in USER_HZ, which is 100 on every Linux ABI.
 */
export function cpuMs(pid: number | undefined): number {
  try {
    // Fields after the command name, which may itself hold spaces: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The headers of an authenticated JSON request from the web platform. */
export const authHeaders = (token: string) => ({
  platform: 'WEB',
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
});

/** Signs the demo user in on a started mock and returns the token. */
export async function demoToken(url: string): Promise<string> {
  const r = await fetch(`${url}/api/v1/user/signin`, {
    method: 'POST',
    headers: { platform: 'WEB', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
    signal: AbortSignal.timeout(10_000),
  });
  return ((await r.json()) as { data: { api_token: string } }).data.api_token;
}
