// Start a child server for a test, wait until it answers, and always stop it.
import { spawn, type ChildProcess } from 'node:child_process';

export { freePort } from '../../scripts/bench/processes.js';

export interface Started {
  child: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startAndWait(
  command: string,
  args: string[],
  readyUrl: string,
  { timeoutMs = 30_000, env = {} as Record<string, string> } = {},
): Promise<Started> {
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
      return { child, output: () => out, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  await stop();
  throw new Error(`${command} did not answer at ${readyUrl} within ${timeoutMs} ms:\n${out}`);
}
