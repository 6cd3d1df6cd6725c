// Optional persistence: the store's snapshot as JSON, written atomically
// (temporary file, then rename) so a crash never leaves half a file.
import { readFile, rename, writeFile, unlink } from 'node:fs/promises';
import type { StateSnapshot } from './store.js';

export class StateFileError extends Error {
  constructor(readonly path: string, detail: string) {
    super(`state file ${path}: ${detail}. Fix or remove it; the mock will not overwrite it.`);
    this.name = 'StateFileError';
  }
}

/** The saved state, or undefined when there is no file yet (a fresh seed). */
export async function readState(path: string): Promise<StateSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(path, `cannot be read (${(err as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new StateFileError(path, `is not valid JSON (${(err as Error).message})`);
  }
  const s = data as Partial<StateSnapshot> | null;
  const world = s?.world;
  if (!s || s.version !== 1 || !world || !Array.isArray(s.sessions) || !Array.isArray(s.resetTokens) || !Array.isArray(s.outbox)) {
    throw new StateFileError(path, 'is not a mock state file (version 1)');
  }
  for (const key of ['companies', 'users', 'subscriptions', 'clients', 'rooms', 'measurements', 'countries', 'plans'] as const) {
    if (!Array.isArray(world[key])) throw new StateFileError(path, `has no world.${key} list`);
  }
  return s as StateSnapshot;
}

export async function writeState(path: string, snapshot: StateSnapshot): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, JSON.stringify(snapshot));
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

/** Coalesces bursts of changes into one write, and never runs two writes at once. */
export function stateWriter(path: string, snapshot: () => StateSnapshot, onError: (e: Error) => void) {
  let pending = false;
  let running: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    running = running.then(async () => {
      if (!pending) return;
      pending = false;
      await writeState(path, snapshot()).catch(onError);
    });
    return running;
  };
  return {
    schedule() {
      if (pending) return;
      pending = true;
      setImmediate(flush);
    },
    flush,
  };
}
