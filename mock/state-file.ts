// Optional persistence: the store's snapshot as JSON, written atomically
// (temporary file, then rename) so a crash never leaves half a file.
import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { createAjv } from '../spec/ajv.js';
import type { LoadedSpec } from '../spec/load.js';
import { stateSchema } from './state-schema.js';
import type { StateSnapshot } from './store.js';

export class StateFileError extends Error {
  constructor(
    readonly path: string,
    detail: string,
    hint = 'Fix or remove it; the mock will not overwrite it.',
  ) {
    super(`state file ${path}: ${detail}.${hint ? ` ${hint}` : ''}`);
    this.name = 'StateFileError';
  }
}

/** The saved state, or undefined when there is no file yet (a fresh seed). With the spec, every record is checked. */
export async function readState(path: string, spec?: LoadedSpec): Promise<StateSnapshot | undefined> {
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
  const s = data as (Omit<Partial<StateSnapshot>, 'version'> & { version?: unknown; world?: unknown }) | null;
  if (s && typeof s === 'object' && s.version === 1 && s.world)
    throw new StateFileError(
      path,
      'was written by an older mock (version 1, which kept the whole world); this mock keeps the seed, the size and the changes only (version 2)',
      'Remove it to start afresh from --seed and --clients; the older file is left as it is.',
    );
  if (!s || typeof s !== 'object' || s.version !== 2 || !s.overlay)
    throw new StateFileError(path, 'is not a mock state file (version 2)');
  if (spec) {
    const validate = createAjv({ allErrors: false }).compile(stateSchema(spec));
    if (!validate(s)) {
      const e = validate.errors?.[0];
      throw new StateFileError(
        path,
        `does not hold a usable world: ${e?.instancePath || '(top)'} ${e?.message ?? 'is invalid'}`,
      );
    }
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

/** Coalesces bursts of changes into one write, and never runs two writes at once.
 *  `settled()` resolves once every change made so far is on disk (or its write failed). */
export function stateWriter(path: string, snapshot: () => StateSnapshot, onError: (e: Error) => void) {
  let pending = false;
  let running: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    running = running.then(async () => {
      if (!pending) return;
      pending = false;
      try {
        // Stringifying a huge world can throw (V8's string limit): a failure like any other.
        await writeState(path, snapshot());
      } catch (err) {
        onError(err as Error);
      }
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
    /** Whether a change is waiting for its write. */
    get dirty() {
      return pending;
    },
  };
}
