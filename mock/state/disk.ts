// The state file's dealings with the disk, trusting nothing of it: a file is
// read only if it is a regular file and within a bound in bytes (a FIFO would
// block the start, /dev/zero would fill memory); the base is written whole to a
// temporary file, synced and renamed over, then the directory synced; a log
// line is appended and synced before the answer. Errors name the path.
import { constants, type Stats } from 'node:fs';
import { type FileHandle, open, rename, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StateFileError } from './errors.js';

// Not on every platform (Windows): then 0, and the check after opening still holds.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;
/** Bytes the base is written in at a time: its whole text is never one string (V8 caps strings at ~512 MiB). */
const CHUNK = 1 << 20;

/** Thrown when what would be written passes the state's bound in bytes. */
export class StateLimitError extends Error {
  constructor(limit: number) {
    super(
      `the state would pass its bound of ${limit} bytes (the changes, sessions and mail the mock keeps); POST /__mock/reset or a fresh --state-file starts again`,
    );
    this.name = 'StateLimitError';
  }
}

export function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  if (info.isSymbolicLink()) return 'a symbolic link';
  return 'not a file';
}

/** Opens path without blocking (a FIFO) and without following a final symlink unless `follow`; refuses all but a regular file. */
async function openRegular(path: string, flags: number, follow: boolean): Promise<FileHandle> {
  const handle = await open(path, flags | NONBLOCK | (follow ? 0 : NOFOLLOW)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ELOOP' && !follow)
      throw new StateFileError(path, 'is a symbolic link; the mock keeps it beside the state file, as a plain file');
    if (err.code === 'EISDIR') throw new StateFileError(path, 'is not a regular file (a directory)');
    throw err;
  });
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw new StateFileError(path, `is not a regular file (${kindOf(info)})`);
  }
  return handle;
}

/**
 * The whole of a regular file, or undefined if there is none. More than `limit`
 * bytes calls tooBig(size) for the error, before reading any of it.
 */
export async function readRegular(
  path: string,
  limit: number,
  { follow, tooBig }: { follow: boolean; tooBig: (size: number) => Error },
): Promise<Buffer | undefined> {
  let handle: FileHandle;
  try {
    handle = await openRegular(path, constants.O_RDONLY, follow);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (err instanceof StateFileError) throw err;
    throw new StateFileError(path, `cannot be read (${(err as Error).message})`);
  }
  try {
    const { size } = await handle.stat();
    if (size > limit) throw tooBig(size);
    // The file may grow while read: read to its end, never past the bound.
    const buffer = Buffer.alloc(Math.min(size, limit) + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > limit) throw tooBig(length);
      if (length === buffer.length) break;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  for (let at = 0; at < data.length; ) at += (await handle.write(data, at, data.length - at)).bytesWritten;
}

/** fsync of a directory, so a rename or a new file in it survives a crash (a no-op where the platform refuses it). */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, constants.O_RDONLY);
  try {
    await handle.sync().catch((err: NodeJS.ErrnoException) => {
      if (!['EINVAL', 'ENOTSUP', 'EISDIR', 'EPERM', 'EBADF'].includes(err.code ?? '')) throw err;
    });
  } finally {
    await handle.close();
  }
}

/**
 * Replaces path atomically with the text of `chunks`: a temporary file beside it
 * (made anew: never through a link left there), synced, renamed over, the
 * directory synced. More than `limit` bytes stops it, leaving path as it was.
 */
export async function writeAtomically(path: string, chunks: Iterable<string>, limit: number): Promise<Stats> {
  const tmp = `${path}.${process.pid}.tmp`;
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW;
  await unlink(tmp).catch(() => undefined);
  const handle = await open(tmp, flags);
  try {
    let bytes = 0;
    let pending = '';
    const flush = async () => {
      const data = Buffer.from(pending);
      pending = '';
      bytes += data.length;
      if (bytes > limit) throw new StateLimitError(limit);
      await writeAll(handle, data);
    };
    for (const chunk of chunks) {
      pending += chunk;
      if (pending.length >= CHUNK) await flush();
    }
    await flush();
    await handle.sync();
    await handle.close();
    await rename(tmp, path);
  } catch (err) {
    await handle.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await syncDir(dirname(path));
  return stat(path);
}

/** Appends text to an existing log and syncs it; a log that is gone is an error (its lines would be lost), never made anew. */
export async function appendSynced(path: string, text: string): Promise<void> {
  const handle = await openRegular(path, constants.O_WRONLY | constants.O_APPEND, false);
  try {
    await writeAll(handle, Buffer.from(text));
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** Cuts the log to `length` bytes (made, empty, if it is not there and `create`), synced with its directory. */
export async function truncateSynced(path: string, length: number, create: boolean): Promise<void> {
  const handle = await openRegular(path, constants.O_WRONLY | (create ? constants.O_CREAT : 0), false);
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDir(dirname(path));
}
