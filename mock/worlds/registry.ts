// The live worlds: the default one, always there, and the named ones, each made
// on first use from the seeded world (one GeneratedWorld shared, a store of its
// own over it) or by POST /__mock/worlds with a seed and size of its own.
// Bounded: at most `max` live at once; past it the least recently used one
// that can go is dropped (any, without a state file; with one, those whose
// changes are all on disk: they come back from it on next use), else a new
// world is refused (503). Generated worlds of other seeds and sizes are shared
// by the worlds using them, at most MAX_GENERATED at once.

import { GeneratedWorld } from '../../fixtures/world.js';
import { emptyUsage, mergeUsage, type UsageFile } from '../../spec/usage/format.js';
import { type ErrorCatalogue, MockError } from '../errors.js';
import { CachePool } from '../pipeline/response-cache.js';
import { StateFileError } from '../state/errors.js';
import type { LoadedState } from '../state/file.js';
import type { StateSnapshot, Store } from '../store/store.js';
import { DEFAULT_WORLD, shownName } from './names.js';
import { World, type WorldInfo } from './world.js';

/** Live worlds at once unless `maxWorlds` says otherwise. */
export const DEFAULT_MAX_WORLDS = 1000;
/** Generated worlds of seeds and sizes other than the mock's own, live at once. */
export const MAX_GENERATED = 16;
/** A world made with its own size takes at most this many clients, or the mock's own --clients when larger. */
export const WORLD_CLIENTS_CAP = 10_000;
/** A named world's answer cache (the default world's is the full 32 MiB): a page of clients is ~11 KB. */
/** What every named world's kept answers come to together (one pool, least recently read first out). */
export const WORLDS_CACHE_BYTES = 32 * 1024 * 1024;

/** Where the worlds' changes are kept (--state-file): mock/worlds/files.ts. */
export interface WorldPersistence {
  /** What the world's file holds, undefined when it has none. */
  load(name: string, world: (seed: number, clients: number) => GeneratedWorld): Promise<LoadedState | undefined>;
  /** Starts writing the world's changes through to its file. */
  attach(world: World, loaded: LoadedState | undefined): Promise<void>;
  /** Writes what is left and stops (the world leaves memory; its file stays). */
  detach(world: World): Promise<void>;
  /** Removes the world's file. */
  remove(name: string): Promise<void>;
  /** The worlds with a file. */
  saved(): Promise<string[]>;
}

export interface WorldsOptions {
  max: number;
  /** The mock's own generated world (--seed, --clients), shared by every world made from it. */
  generated: GeneratedWorld;
  /** The default world's first store. */
  store: Store;
  /** A store over a generated world, with the spec's examples seeded; or over what a file saved. */
  storeOf: (world: GeneratedWorld, saved?: StateSnapshot) => Store;
  errors: ErrorCatalogue;
  persistence?: WorldPersistence;
}

export interface WorldSize {
  seed?: number;
  clients?: number;
}

export class Worlds {
  readonly default: World;
  readonly max: number;
  readonly maxClients: number;
  readonly #live = new Map<string, World>();
  /** Worlds on their way in (loaded from their file, or their file started): one load per name. */
  readonly #coming = new Map<string, Promise<World>>();
  readonly #generated = new Map<string, GeneratedWorld>();
  #uses = 0;

  readonly #pool = new CachePool(WORLDS_CACHE_BYTES);
  /** The usage of worlds reset or gone since start (or the last clearUsage): the all-worlds total keeps it. */
  #retired = emptyUsage('mock');

  constructor(private readonly o: WorldsOptions) {
    this.max = o.max;
    this.maxClients = Math.max(o.generated.size, WORLD_CLIENTS_CAP);
    this.default = this.#adopt(new World(DEFAULT_WORLD, o.store, () => o.storeOf(o.generated)));
  }

  /** What apps did in one live world since its reset, or in all worlds since start (or clearUsage). */
  usage(name?: string): UsageFile {
    const now = new Date().toISOString();
    if (name !== undefined) {
      const world = this.get(name);
      return { ...(world?.usage ?? emptyUsage('mock')), until: now };
    }
    return { ...mergeUsage([this.#retired, ...this.all().map((w) => w.usage)]), until: now };
  }

  /** Forgets the usage of one live world, or of every world. */
  clearUsage(name?: string): void {
    if (name === undefined) this.#retired = emptyUsage('mock');
    for (const w of name === undefined ? this.all() : [this.get(name)]) if (w) w.usage = emptyUsage('mock');
  }

  #adopt(world: World): World {
    world.retire = (usage) => {
      this.#retired = mergeUsage([this.#retired, usage]);
    };
    return world;
  }

  get persistent(): boolean {
    return this.o.persistence !== undefined;
  }

  /** A live world, or undefined. */
  get(name: string): World | undefined {
    return name === DEFAULT_WORLD ? this.default : this.#live.get(name);
  }

  /** The named world, made on first use (from its file, with --state-file); a promise only when it must wait. */
  use(name: string): World | Promise<World> {
    const live = this.get(name);
    if (live) {
      this.#touch(live);
      return live;
    }
    return this.#coming.get(name) ?? this.#make(name, {}, true);
  }

  /** A new world with its own seed and size; refused when one of that name is live. */
  async create(name: string, size: WorldSize): Promise<World> {
    if (this.get(name) || this.#coming.has(name)) throw this.o.errors.MOCK_WORLD_EXISTS(name);
    return this.#make(name, size, false);
  }

  /** Drops a named world (and its file): false when there is none of that name, live or saved. */
  async drop(name: string): Promise<boolean> {
    await this.#coming.get(name)?.catch(() => undefined);
    const p = this.o.persistence;
    const world = this.#live.get(name);
    // A request under way would write the world back (its file, its tokens) after it is gone: wait for it.
    if (world && world.active > 0) throw this.o.errors.MOCK_WORLD_BUSY(name, world.active);
    const saved = !world && p ? (await p.saved()).includes(name) : false;
    if (!world && !saved) return false;
    if (world) {
      this.#live.delete(name);
      this.#release(world);
      await p?.detach(world);
    }
    await p?.remove(name);
    return true;
  }

  /** The named worlds with a file but out of memory (with --state-file): they come back on next use. */
  async resting(): Promise<string[]> {
    const saved = (await this.o.persistence?.saved()) ?? [];
    return saved.filter((n) => !this.#live.has(n)).sort();
  }

  /** The live worlds, the default one first, then by name. */
  list(): WorldInfo[] {
    const named = [...this.#live.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
    return [this.default, ...named].map((w) => w.info());
  }

  /** Every live world, the default one first. */
  all(): World[] {
    return [this.default, ...this.#live.values()];
  }

  get size(): number {
    return 1 + this.#live.size;
  }

  /** Drops every named world from memory (MSW's reset); their files, with --state-file, stay. */
  async clear(): Promise<void> {
    const named = [...this.#live.values()];
    this.#live.clear();
    for (const w of named) {
      this.#release(w);
      await this.o.persistence?.detach(w);
    }
  }

  /** Bytes every live world's writes hold (the store budget's all-worlds bound); a resting world's are on disk, not here. */
  storeBytes(): number {
    let bytes = 0;
    for (const w of this.all()) bytes += w.store.bytes;
    return bytes;
  }

  /** Tokens that work now in any world: the journal masks them wherever they show. */
  *liveTokens(): Iterable<string> {
    for (const w of this.all()) yield* w.store.liveTokens();
  }

  #make(name: string, size: WorldSize, fromFile: boolean): World | Promise<World> {
    // fromFile: a request naming it (a saved world comes back); else POST /__mock/worlds (a saved one exists).
    const { persistence } = this.o;
    if (!persistence) {
      this.#makeRoom(name);
      return this.#add(new World(name, ...this.#stores(size), this.#pool));
    }
    const coming = this.#makeSaved(name, size, fromFile, persistence).finally(() => this.#coming.delete(name));
    this.#coming.set(name, coming);
    return coming;
  }

  async #makeSaved(name: string, size: WorldSize, fromFile: boolean, p: WorldPersistence): Promise<World> {
    await this.#makeRoomSaved(name);
    try {
      return await this.#fromFile(name, size, fromFile, p);
    } catch (err) {
      if (err instanceof MockError) throw err;
      // A file the mock cannot read or write is a refusal with its reason, never a 500; the file is left as it is.
      const why = err instanceof StateFileError ? err.detail : `could not be used (${(err as Error).message})`;
      throw this.o.errors.MOCK_WORLD_FILE(name, why);
    }
  }

  async #fromFile(name: string, size: WorldSize, fromFile: boolean, p: WorldPersistence): Promise<World> {
    const loaded = await p.load(name, (seed, clients) => this.#generatedOf(seed, clients));
    // Saved and out of memory is live all the same: POST does not make it anew.
    if (!fromFile && loaded) throw this.o.errors.MOCK_WORLD_EXISTS(name);
    const [store, fresh] = loaded
      ? this.#storesOf(loaded.snapshot.seed, loaded.snapshot.clients, loaded.snapshot)
      : this.#stores(size);
    const world = new World(name, store, fresh, this.#pool);
    await p.attach(world, loaded);
    return this.#add(world);
  }

  #add(world: World): World {
    this.#adopt(world);
    this.#live.set(world.name, world);
    this.#touch(world);
    return world;
  }

  #touch(world: World): void {
    world.lastUsed = Date.now();
    world.recency = ++this.#uses;
  }

  #stores({ seed, clients }: WorldSize): [Store, () => Store] {
    return this.#storesOf(seed ?? this.o.generated.seed, clients ?? this.o.generated.size);
  }

  #storesOf(seed: number, clients: number, saved?: StateSnapshot): [Store, () => Store] {
    const gen = this.#generatedOf(seed, clients);
    return [this.o.storeOf(gen, saved), () => this.o.storeOf(gen)];
  }

  /** The generated world of a seed and size: the mock's own, or one shared by the worlds using it (bounded). */
  #generatedOf(seed: number, clients: number): GeneratedWorld {
    const own = this.o.generated;
    if (seed === own.seed && clients === own.size) return own;
    const key = `${seed}:${clients}`;
    let gen = this.#generated.get(key);
    if (gen) return gen;
    if (this.#generated.size >= MAX_GENERATED)
      throw this.o.errors.MOCK_WORLDS_FULL(
        `at most ${MAX_GENERATED} seeds and sizes other than the mock's own are live at once; drop the worlds made with others first (DELETE /__mock/worlds/NAME)`,
      );
    gen = new GeneratedWorld({ seed, clients });
    this.#generated.set(key, gen);
    return gen;
  }

  /** A dropped world's generated world goes when no live world uses it any more. */
  #release(world: World): void {
    world.retire?.(world.usage);
    const { seed, size } = world.store;
    const key = `${seed}:${size}`;
    if (!this.#generated.has(key)) return;
    for (const w of this.#live.values()) if (w.store.seed === seed && w.store.size === size) return;
    this.#generated.delete(key);
  }

  /** Without a state file: past the max, the least recently used named world goes (its changes with it). */
  #makeRoom(name: string): void {
    if (this.size < this.max) return;
    const victim = this.#leastRecent((w) => w.active === 0);
    if (!victim) throw this.#full(name);
    this.#live.delete(victim.name);
    this.#release(victim);
  }

  /** With a state file: past the max, the least recently used world whose changes are all on disk leaves memory. */
  async #makeRoomSaved(name: string): Promise<void> {
    if (this.size + this.#coming.size < this.max) return;
    const victim = this.#leastRecent((w) => w.droppable);
    if (!victim) throw this.#full(name);
    this.#live.delete(victim.name);
    this.#release(victim);
    await this.o.persistence!.detach(victim);
  }

  #leastRecent(can: (w: World) => boolean): World | undefined {
    let victim: World | undefined;
    for (const w of this.#live.values()) if (can(w) && (!victim || w.recency < victim.recency)) victim = w;
    return victim;
  }

  #full(name: string) {
    return this.o.errors.MOCK_WORLDS_FULL(
      this.max === 1
        ? `--max-worlds is 1, so only the default world is live, not ${shownName(name)}`
        : `${this.max} worlds are live (--max-worlds) and none can be dropped: every one has a request under way${this.persistent ? ' or changes not yet on disk' : ''}; try again in a moment, or DELETE /__mock/worlds/NAME those no longer needed`,
    );
  }
}
