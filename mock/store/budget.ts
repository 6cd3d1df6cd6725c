// The bytes the API's writes may hold in memory: a world's, and all worlds'
// together (issue 38: without --state-file nothing bounded them, and each world
// has a rate budget of its own, so one token filled the heap in five minutes).
// Measured where every write lands, the overlay's maps (overlay.ts): whatever
// operation adds or grows a record, now or later, counts, with no list of
// operations to keep. Sessions, reset tokens and mail have bounds of their own
// (sessions.ts) and are not counted here.
import { type ChangeLog, type Collection, TrackedMap } from './changes.js';

/** Bytes a world's writes may hold, and all live worlds' together. */
export interface StoreBounds {
  world: number;
  worlds: number;
}

export type Bound = keyof StoreBounds;

/** A map entry, its key and the record's object beyond its text: a rough constant, so that empty records count too. */
const ENTRY_BYTES = 64;

/**
 * What a record costs the heap: its JSON's characters at two bytes each (V8
 * keeps a string with any character past Latin-1 at two bytes a character,
 * the widest it gets) and its entry. A 65,535-character note counts 128 KiB.
 */
export function weightOf(value: unknown): number {
  if (value === undefined) return 0;
  try {
    return 2 * (JSON.stringify(value)?.length ?? 0) + ENTRY_BYTES;
  } catch {
    // Only a custom handler stores what JSON cannot hold (the API's bodies are JSON): the state file refuses it
    // later (503, undone); weighing is no place to fail a request.
    return ENTRY_BYTES;
  }
}

export class StoreBudget {
  /** Bytes of every live world's writes: the registry answers it (mock/worlds/registry.ts); until then none. */
  total: () => number = () => 0;

  constructor(
    readonly bounds: Readonly<StoreBounds>,
    /** The refusal, in the API's shape (MCS_ERR_STORE_FULL), naming the bound passed and its size. */
    private readonly refusal: (bound: Bound, bytes: number) => Error,
  ) {}

  /** Throws the refusal when `growth` more bytes would take the world (holding `used`) or all worlds past their bound. */
  admit(used: number, growth: number): void {
    if (used + growth > this.bounds.world) throw this.refusal('world', this.bounds.world);
    if (this.total() + growth > this.bounds.worlds) throw this.refusal('worlds', this.bounds.worlds);
  }
}

/** One store's count of bytes, and the budget it is held to (none while it is made and seeded). */
export class Meter {
  bytes = 0;
  budget: StoreBudget | undefined;
  /** A growth was admitted in this synchronous run: the rest of the same store call is too. */
  private admitted = false;

  /**
   * Counts a change of `delta` bytes, refusing growth past a bound before it is
   * made. The first growth of a synchronous run decides for the whole run, so a
   * store call that writes two records (sign-up: a company and its user) is
   * refused before its first or made whole, never half; a world may thus pass
   * its bound by what one call writes (one record, at most the body limit).
   */
  grow(delta: number): void {
    if (delta > 0 && this.budget && !this.admitted) {
      this.budget.admit(this.bytes, delta);
      this.admitted = true;
      queueMicrotask(() => {
        this.admitted = false;
      });
    }
    this.bytes += delta;
  }
}

/** A tracked map (changes.ts) that counts its records' bytes on its meter, and refuses growth past the budget. */
export class MeteredMap<K extends number, V> extends TrackedMap<K, V> {
  constructor(
    log: ChangeLog,
    collection: Collection,
    private readonly meter: Meter,
  ) {
    super(log, collection);
  }

  override set(key: K, value: V): this {
    // Before the set: a refused write leaves the map, and the change log, as they were.
    this.meter?.grow(weightOf(value) - weightOf(this.get(key)));
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    if (this.has(key)) this.meter.grow(-weightOf(this.get(key)));
    return super.delete(key);
  }

  override clear(): void {
    for (const value of this.values()) this.meter.grow(-weightOf(value));
    super.clear();
  }
}
