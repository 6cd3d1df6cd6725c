// Before a mock uses a state file: the path must be writable (refused at start,
// not discovered at the first change), no other live mock may hold it (a lock
// file with the holder's pid; a dead holder's lock is taken over), and the
// temporary files that a killed mock left beside it are removed.
import { constants, unlinkSync } from 'node:fs';
import { access, open, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { StateFileError } from './state-file.js';

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function checkWritable(path: string): Promise<void> {
  const dir = dirname(path);
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory())
    throw new StateFileError(
      path,
      `cannot be written: the directory ${dir} does not exist`,
      'Give a --state-file in a directory this user can write.',
    );
  await access(dir, constants.W_OK).catch(() => {
    throw new StateFileError(
      path,
      `cannot be written: the directory ${dir} is not writable`,
      'Give a --state-file in a directory this user can write.',
    );
  });
  const file = await stat(path).catch(() => undefined);
  if (file?.isDirectory())
    throw new StateFileError(path, 'is a directory', 'Give a --state-file in a directory this user can write.');
  if (file) {
    await access(path, constants.W_OK).catch(() => {
      throw new StateFileError(
        path,
        'cannot be written (no write permission)',
        'Give a --state-file in a directory this user can write.',
      );
    });
  }
}

async function takeLock(path: string, lock: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new StateFileError(path, `cannot be locked (${(err as Error).message})`);
      const holder = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
      if (alive(holder)) {
        throw new StateFileError(
          path,
          `is in use by another mock (pid ${holder}; lock ${lock})`,
          'Stop that one, or give this one another --state-file.',
        );
      }
      await unlink(lock).catch(() => undefined); // a dead holder's lock: take it over
    }
  }
  throw new StateFileError(path, `cannot be locked (${lock} keeps coming back)`);
}

async function removeLeftovers(path: string): Promise<string[]> {
  const dir = dirname(path);
  const prefix = `${basename(path)}.`;
  const names = (await readdir(dir).catch(() => [] as string[])).filter(
    (n) => n.startsWith(prefix) && n.endsWith('.tmp'),
  );
  for (const n of names) await unlink(join(dir, n)).catch(() => undefined);
  return names;
}

export interface StateLock {
  /** Temporary files of earlier runs that were removed. */
  removed: string[];
  release(): void;
}

/** Checks the path, takes the lock, cleans up; release() gives the lock back (also on process exit). */
export async function lockStateFile(path: string): Promise<StateLock> {
  await checkWritable(path);
  const lock = `${path}.lock`;
  await takeLock(path, lock);
  const removed = await removeLeftovers(path);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      unlinkSync(lock);
    } catch {
      /* already gone */
    }
  };
  process.on('exit', release);
  return { removed, release };
}
