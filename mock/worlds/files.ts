// With --state-file, each named world keeps its changes in a state file of its
// own, beside the default world's: PATH.worlds/NAME.json and its log, in the
// same format (version 3) and with the same write-through (state/writer.ts).
// One file per world: a world's write appends to its own log and a world's
// compaction rewrites only its own base, whatever the number of worlds. The
// default world's file (PATH) is as before worlds, so older files still load.
// The lock on PATH covers the directory: no other mock writes it meanwhile.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { GeneratedWorld } from '../../fixtures/world.js';
import type { MockContext } from '../options.js';
import { loadState } from '../state/file.js';
import { logPathOf } from '../state/log.js';
import { StateWriter } from '../state/writer.js';
import { isWorldName } from './names.js';
import type { WorldPersistence } from './registry.js';

/** The directory of the named worlds' files, beside the state file. */
export const worldsDirOf = (statePath: string) => `${statePath}.worlds`;

/**
 * A world's file name. Names are case-sensitive and some file systems are not
 * (macOS, Windows), so an upper-case letter is written as `_` and the letter
 * in lower case: `_` is not in a name, so no two names share a file.
 */
export const worldFileName = (name: string) => `${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}.json`;

/** The world a file name holds, undefined for any other file. */
export function worldOfFile(file: string): string | undefined {
  if (!file.endsWith('.json')) return undefined;
  const name = file.slice(0, -5).replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  return isWorldName(name) && worldFileName(name) === file ? name : undefined;
}

export function worldFiles(ctx: MockContext, onError: (err: Error) => void): WorldPersistence {
  const dir = worldsDirOf(ctx.stateLock!.path);
  const pathOf = (name: string) => join(dir, worldFileName(name));
  return {
    load: (name: string, world: (seed: number, clients: number) => GeneratedWorld) =>
      loadState(pathOf(name), { spec: ctx.spec, limit: ctx.stateLimit, world }),
    async attach(world, loaded) {
      await mkdir(dir, { recursive: true });
      const writer = new StateWriter({
        path: pathOf(world.name),
        holder: world.holder,
        loaded,
        limit: ctx.stateLimit,
        onError,
      });
      await writer.start();
      world.writer = writer;
    },
    async detach(world) {
      const writer = world.writer;
      if (!writer) return;
      await writer.close();
      world.writer = undefined;
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
      await rm(logPathOf(pathOf(name)), { force: true });
    },
    async saved() {
      const files = await readdir(dir).catch(() => [] as string[]);
      return files.map(worldOfFile).filter((n): n is string => n !== undefined);
    },
  };
}
