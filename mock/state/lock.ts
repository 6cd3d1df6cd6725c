// Before a mock uses a state file: its path is resolved (a symbolic link is
// followed, so the lock and every write sit on the file itself, and the link
// stays a link), the path must be writable (refused at start, not found out at
// the first change), no other live mock may hold it, and the temporary files
// a killed mock left beside it are removed.
//
// The lock file (`<resolved>.lock`) holds `<pid> <start> <nonce>` and is made
// atomically: written to a temporary file, then hard-linked into place, which
// fails if a lock is there; so a lock is never seen empty or half written. A
// holder is live if its pid runs and, where the process's start can be read
// (Linux), it is the same process; our own pid is live only if a mock of this
// very process holds the lock (else it is pid reuse: a previous run as pid 1).
// A stale lock is replaced by rename-over, under a short-lived second lock
// (`.takeover`) and only if it is still the stale one read: never unlink, then
// create, which let two mocks both win.
import { randomBytes } from 'node:crypto';
import { constants, readFileSync, unlinkSync } from 'node:fs';
import { access, link, readdir, readlink, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { readRegular } from './disk.js';
import { StateFileError } from './errors.js';

/** Lock files held by mocks of this process. */
const held = new Set<string>();
/** Lock-taking in this process runs one at a time: two of its mocks never race each other. */
let taking: Promise<unknown> = Promise.resolve();
/** An empty lock younger than this may be an older mock's, between making and writing it: waited for. */
const EMPTY_GRACE_MS = 1000;
const WRITABLE_HINT = 'Give a --state-file in a directory this user can write.';

/** Who a process is, beyond its pid: on Linux its start (clock ticks since boot) and the boot; elsewhere undefined. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 is the start time; counted after the command name, which may hold spaces and ')'.
    const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return ticks ? `linux:${boot}:${ticks}` : undefined;
  } catch {
    return undefined;
  }
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Holder {
  raw: string;
  pid: number;
  start: string | undefined;
  ageMs: number;
}

function live(h: Holder, lock: string): boolean {
  if (!Number.isSafeInteger(h.pid) || h.pid <= 0) return h.raw === '' && h.ageMs < EMPTY_GRACE_MS;
  if (h.pid === process.pid) return held.has(lock);
  if (!pidRuns(h.pid)) return false;
  const now = h.start?.startsWith('linux:') ? processStart(h.pid) : undefined;
  return now === undefined || now === h.start;
}

/** The lock's holder, or undefined if there is no lock (any more). Never blocks: a FIFO or a directory is refused. */
async function holderOf(path: string, lock: string): Promise<Holder | undefined> {
  let text: Buffer | undefined;
  try {
    text = await readRegular(lock, 4096, { follow: false, tooBig: () => new Error('too big for a lock') });
  } catch (err) {
    const why = err instanceof StateFileError ? err.detail : `cannot be read (${(err as Error).message})`;
    throw new StateFileError(path, `cannot be locked: its lock ${lock} ${why}`, 'Remove it if no mock is running.');
  }
  if (!text) return undefined;
  const raw = text.toString('utf8');
  const [pid, start] = raw.trim().split(/\s+/);
  const ageMs = Date.now() - ((await stat(lock).catch(() => undefined))?.mtimeMs ?? 0);
  return { raw, pid: /^\d+$/.test(pid ?? '') ? Number(pid) : Number.NaN, start, ageMs };
}

/** Puts tmp in place of a stale lock, if the lock is still that one; false if someone else got there first. */
async function takeOver(path: string, lock: string, stale: string, tmp: string): Promise<boolean> {
  const mutex = `${lock}.takeover`;
  try {
    await link(tmp, mutex);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another mock is taking over right now (it takes microseconds), or died doing it: clear a dead one's.
    const other = await holderOf(path, mutex);
    if (other && !live(other, mutex)) {
      const aside = `${mutex}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await rename(mutex, aside)
        .then(() => unlink(aside))
        .catch(() => undefined);
    }
    return false;
  }
  try {
    if ((await holderOf(path, lock))?.raw !== stale) return false;
    await rename(tmp, lock);
    return true;
  } finally {
    await unlink(mutex).catch(() => undefined);
  }
}

async function takeLock(path: string, lock: string, mine: string): Promise<void> {
  const tmp = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      // Written anew each time: a mock starting meanwhile clears *.tmp files beside the state file.
      await writeFile(tmp, mine);
      try {
        await link(tmp, lock);
        return;
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue;
        if (code !== 'EEXIST') throw new StateFileError(path, `cannot be locked (${(err as Error).message})`);
      }
      const holder = await holderOf(path, lock);
      if (!holder) continue;
      if (live(holder, lock)) {
        if (Number.isSafeInteger(holder.pid) && holder.pid > 0)
          throw new StateFileError(
            path,
            `is in use by another mock (pid ${holder.pid}; lock ${lock})`,
            'Stop that one, or give this one another --state-file.',
          );
      } else if (await takeOver(path, lock, holder.raw, tmp)) return;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 40));
    }
    throw new StateFileError(path, `cannot be locked (${lock} keeps changing)`);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/** The file a state path stands for: symbolic links followed, also to a file not made yet. */
export async function resolveStatePath(path: string): Promise<string> {
  let at = resolve(path);
  for (let hops = 0; hops < 40; hops++) {
    try {
      return await realpath(at);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ELOOP') break;
      // A file where a directory should be (`/etc/hostname/x.json`): said so, not "cannot be resolved".
      if (code === 'ENOTDIR')
        throw new StateFileError(path, `cannot be written: ${await missingDirectory(dirname(at))}`, WRITABLE_HINT);
      if (code !== 'ENOENT') throw new StateFileError(path, `cannot be resolved (${(err as Error).message})`);
    }
    const target = await readlink(at).catch(() => undefined);
    if (target === undefined) {
      const dir = await realpath(dirname(at)).catch(() => undefined);
      if (!dir)
        throw new StateFileError(path, `cannot be written: ${await missingDirectory(dirname(at))}`, WRITABLE_HINT);
      return join(dir, basename(at));
    }
    at = resolve(dirname(at), target);
  }
  throw new StateFileError(path, 'is a loop of symbolic links');
}

/** Why `dir` is not there: a file where a directory should be (`/etc/hostname/x.json`), or missing. */
async function missingDirectory(dir: string): Promise<string> {
  for (let at = dir; dirname(at) !== at; at = dirname(at)) {
    const info = await stat(at).catch(() => undefined);
    if (info && !info.isDirectory()) return `${at} is a file, not a directory`;
    if (info) break;
  }
  return `the directory ${dir} does not exist`;
}

async function checkWritable(path: string, file: string): Promise<void> {
  const dir = dirname(file);
  await access(dir, constants.W_OK).catch(() => {
    throw new StateFileError(path, `cannot be written: the directory ${dir} is not writable`, WRITABLE_HINT);
  });
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory()) throw new StateFileError(path, 'is a directory', WRITABLE_HINT);
  if (info)
    await access(file, constants.W_OK).catch(() => {
      throw new StateFileError(path, 'cannot be written (no write permission)', WRITABLE_HINT);
    });
}

async function removeLeftovers(file: string): Promise<string[]> {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  const names = (await readdir(dir).catch(() => [] as string[])).filter(
    (n) => n.startsWith(prefix) && n.endsWith('.tmp'),
  );
  for (const n of names) await unlink(join(dir, n)).catch(() => undefined);
  return names;
}

export interface StateLock {
  /** The state file itself: symbolic links resolved. Every read and write goes here. */
  path: string;
  /** Temporary files of earlier runs that were removed. */
  removed: string[];
  release(): void;
}

async function lockResolved(path: string): Promise<StateLock> {
  const file = await resolveStatePath(path);
  await checkWritable(path, file);
  const lock = `${file}.lock`;
  const mine = `${process.pid} ${processStart(process.pid) ?? '-'} ${randomBytes(8).toString('hex')}\n`;
  await takeLock(path, lock, mine);
  held.add(lock);
  const removed = await removeLeftovers(file);
  let holding = true;
  const release = () => {
    if (!holding) return;
    holding = false;
    held.delete(lock);
    process.off('exit', release);
    try {
      // Only our own: a lock another mock took over (judging us dead) is theirs.
      if (readFileSync(lock, 'utf8') === mine) unlinkSync(lock);
    } catch {
      /* already gone */
    }
  };
  process.on('exit', release);
  return { path: file, removed, release };
}

/** Resolves the path, checks it, takes the lock, cleans up; release() gives the lock back (also on process exit). */
export function lockStateFile(path: string): Promise<StateLock> {
  const result = taking.then(() => lockResolved(path));
  taking = result.catch(() => undefined);
  return result;
}
