// The package as an app gets it, for the e2e tests that install it into a
// scratch project: `npm pack` of this checkout (its prepack builds dist/), and
// npm run as those tests run it (no audit, no fund notice, cache first).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
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

/** The packed tarball of the checkout's present state, kept for the next test file that packs: a pack builds the
 *  whole package with tsc (some 20 s of CPU), and CI packs the same checkout in four test files (the tarball on
 *  Node 20, 22 and 24, and the Vite app). One entry: a new state's tarball replaces the last. */
const PACKED = `${ROOT}tmp/packed/`;

/** The state the tarball is built from: every file git tracks or would track (all but the ignored), outside
 *  test/ (never packed), by content, so that an edit since the last pack packs again. */
export function packedStateKey(root = ROOT): string {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  const hash = createHash('sha256');
  for (const path of [...new Set(listed.split('\0'))].filter(Boolean).sort()) {
    const file = join(root, path);
    if (path.startsWith('test/') || !existsSync(file) || !statSync(file).isFile()) continue;
    hash.update(`${path}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** `npm pack` of this checkout into `destination` (or its tarball packed earlier of the same state): the
 *  tarball's path. */
export function packTarball(destination: string): string {
  const dir = `${PACKED}${packedStateKey()}/`;
  // Copied under the lock: a pack of another state removes the kept one.
  return withPackLock(() => {
    let kept = existsSync(dir) ? readdirSync(dir).find((f) => f.endsWith('.tgz')) : undefined;
    if (!kept) {
      rmSync(PACKED, { recursive: true, force: true });
      // Packed beside and renamed: a pack cut short leaves no tarball to be taken for whole.
      const partial = `${PACKED}partial-${process.pid}/`;
      mkdirSync(partial, { recursive: true });
      const packed = npm(['pack', '--json', '--pack-destination', partial], ROOT);
      kept = (JSON.parse(packed.slice(packed.indexOf('['))) as [{ filename: string }])[0].filename;
      renameSync(partial, dir);
    }
    const copy = join(destination, basename(kept));
    copyFileSync(join(dir, kept), copy);
    return copy;
  });
}
