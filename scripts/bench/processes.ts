// Bench helpers: free ports, child servers that are always stopped, RSS.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Runs a TypeScript file in this very process (tsx's CLI would add a wrapper process, and RSS would measure it). */
export const TS = ['--import', `${ROOT}node_modules/tsx/dist/esm/index.mjs`];
export const PRISM = `${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface Server {
  child: ChildProcess;
  url: string;
  startMs: number;
  stop(): Promise<void>;
}

/** Starts a server process and waits (bounded) until `readyPath` answers. */
export async function startServer(args: string[], port: number, readyPath: string, timeoutMs = 120_000): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d) => (err += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const t = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(t);
  };
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${err.slice(0, 500)}`);
    try {
      await fetch(`${url}${readyPath}`, { signal: AbortSignal.timeout(1000) });
      return { child, url, startMs: performance.now() - started, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await stop();
  throw new Error(`no answer at ${url}${readyPath} within ${timeoutMs} ms`);
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
