// The package as an app gets it, for the e2e tests that install it into a
// scratch project: `npm pack` of this checkout (its prepack builds dist/), and
// npm run as those tests run it (no audit, no fund notice, cache first).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/bench/processes.js';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export function npm(args: string[], cwd: string, timeout = 300_000): string {
  return execFileSync(NPM, [...args, '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
}

// The build empties dist/ before writing it: two test files packing at once (tap runs three) would pack
// each other's half-written dist/. One pack at a time per checkout; a lock whose process is gone is taken over.
const LOCK = `${ROOT}tmp/npm-pack.lock`;
const LOCK_WAIT_MS = 5 * 60 * 1000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function holder(): number | undefined {
  try {
    return Number(readFileSync(`${LOCK}/pid`, 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

const mtimeOf = (path: string) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
};

function withPackLock<T>(work: () => T): T {
  mkdirSync(`${ROOT}tmp`, { recursive: true });
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(`${LOCK}/pid`, String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holder();
      // No pid: its holder is between mkdir and write (a moment), or died there.
      const gone = pid === undefined ? Date.now() - mtimeOf(LOCK) > 10_000 : !alive(pid);
      if (gone) rmSync(LOCK, { recursive: true, force: true });
      else if (Date.now() > until) throw new Error(`${LOCK} held by process ${pid} for over ${LOCK_WAIT_MS} ms`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** `npm pack` of this checkout into `destination`: the tarball's path. */
export function packTarball(destination: string): string {
  const packed = withPackLock(() => npm(['pack', '--json', '--pack-destination', destination], ROOT));
  const [{ filename }] = JSON.parse(packed.slice(packed.indexOf('['))) as [{ filename: string }];
  return join(destination, filename);
}
