// Write-through: an answer is sent once every change made before it is on
// disk, so a kill -9 never loses an acknowledged write. A write appends its
// change to the log (synced); the base is rewritten (compacted) only when the
// log passes the base's size, when the store was swapped (reset), after a
// failure, and at a clean stop. A write the disk refuses is undone in memory
// (the world as before it, and every change made while it ran) and the
// answers that would have acknowledged it are 503 instead (settle()). Writes
// run one at a time; changes made meanwhile share the next one.
import { stat } from 'node:fs/promises';
import type { Batch } from '../store/changes.js';
import type { Store } from '../store/store.js';
import type { StoreHolder } from '../store/store-holder.js';
import { appendSynced, truncateSynced, writeAtomically } from './disk.js';
import { type LoadedState, stateText } from './file.js';
import { encodeLine, logPathOf } from './log.js';

/** The log is folded into the base once it is bigger than the base, and than this. */
const LOG_MIN = 1024 * 1024;
/** Spans of undone changes remembered for answers still on their way (each two numbers). */
const LOST_KEPT = 64;

export interface StateWriterOptions {
  /** The state file's resolved path (its log sits beside it). */
  path: string;
  holder: StoreHolder;
  /** What was read at start; undefined for a fresh seed. */
  loaded: LoadedState | undefined;
  /** Bytes the base and its log may hold together. */
  limit: number;
  onError: (err: Error) => void;
}

export class StateWriter {
  /** Changes noted so far: a request takes the count at its start and settles up to the count at its answer. */
  seq = 0;
  /** Every change up to this count is on disk or undone. */
  private saved = 0;
  /** Spans (after, upTo] of changes undone. */
  private readonly lost: Array<[number, number]> = [];
  /** The store the files hold; another one is current after a reset, until it is written. */
  private durable: Store;
  private attached: Store;
  /** The last log line written (or held by the base). */
  private n: number;
  private baseBytes = 0;
  private baseIno = -1;
  private logBytes: number;
  /** The log ends in a torn line: cut back to logBytes before appending. */
  private torn: boolean;
  /** The next write rewrites the base (a fresh or version 2 file, no log, a failed write). */
  private mustCompact: boolean;
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private scheduled = false;
  private readonly log: string;

  constructor(private readonly o: StateWriterOptions) {
    this.log = logPathOf(o.path);
    this.durable = this.attached = o.holder.current;
    this.track(this.attached);
    this.n = o.loaded?.n ?? 0;
    this.logBytes = o.loaded?.logBytes ?? 0;
    this.torn = o.loaded?.torn ?? false;
    this.mustCompact = !o.loaded || o.loaded.version === 2 || o.loaded.logBytes === undefined;
    o.holder.onChange(() => this.changed());
  }

  /** Makes the files ready for appends (errors here refuse the start). */
  async start(): Promise<void> {
    if (this.mustCompact) {
      this.durable.changes.take();
      await this.compact(this.durable);
      this.saved = this.seq;
      return;
    }
    const info = await stat(this.o.path);
    [this.baseIno, this.baseBytes] = [info.ino, info.size];
    if (this.torn) await this.cut();
  }

  /** Resolves once every change so far is on disk or undone: false when one made since `from` was undone. */
  settle(from: number): boolean | Promise<boolean> {
    const until = this.seq;
    const kept = () => !this.lost.some(([after, upTo]) => upTo > from && after < until);
    if (this.saved >= until) return kept();
    return this.waitFor(until).then(kept);
  }

  /** Every change so far is on disk (or undone), and no write is waiting: the world may leave memory. */
  get idle(): boolean {
    return this.saved >= this.seq && !this.scheduled && !this.queued && !this.o.holder.current.changes.pending;
  }

  /** The last changes written, and the log folded into the base (so a clean stop leaves one file to read). */
  async close(): Promise<void> {
    await this.flush();
    if (this.logBytes > 0 || this.torn || this.mustCompact) await this.flush(true);
  }

  private async waitFor(until: number): Promise<void> {
    while (this.saved < until) await this.flush();
  }

  private track(store: Store): void {
    store.changes.track(() => {
      this.seq++;
      this.schedule();
    });
  }

  /** The holder's news: a change, or a swap (reset), which changes everything. */
  private changed(): void {
    const current = this.o.holder.current;
    if (current === this.attached) {
      this.schedule();
      return;
    }
    // A store swapped out before it was ever written is dropped; the durable one stays tracked until its successor is written.
    if (this.attached !== this.durable) this.attached.changes.stop();
    this.attached = current;
    this.track(current);
    this.seq++;
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Runs one write after those queued (callers arriving before it starts share it); `compact` rewrites the base. */
  flush(compact = false): Promise<void> {
    if (compact) {
      this.chain = this.chain.then(() => this.step(true).catch((err: Error) => this.broken(err)));
      return this.chain;
    }
    if (!this.queued) {
      this.queued = this.chain.then(() => {
        this.queued = undefined;
        return this.step(false).catch((err: Error) => this.broken(err));
      });
      this.chain = this.queued;
    }
    return this.queued;
  }

  /** A write that failed past its own undo (a bug): nothing since the last good write is vouched for, so none of it is acknowledged, and no answer waits forever. */
  private broken(err: Error): void {
    this.lost.push([this.saved, this.seq]);
    if (this.lost.length > LOST_KEPT) this.lost.shift();
    this.saved = this.seq;
    this.o.onError(err);
  }

  /** One write: nothing if nothing changed (a failed write is tried again with the next change, never in a loop). */
  private async step(compact: boolean): Promise<void> {
    const store = this.o.holder.current;
    const reset = store !== this.durable;
    const batches: Batch[] = [];
    if (!reset && !compact && !store.changes.pending) {
      this.saved = this.seq;
      return;
    }
    try {
      if (!reset && !compact && !this.mustCompact) {
        const upTo = this.seq;
        const batch = store.changes.take();
        batches.push(batch);
        if (await this.append(encodeLine(this.n + 1, batch.entries))) {
          this.saved = upTo;
          return;
        }
      }
      // A rewrite holds every change so far, those made while the append was tried included.
      batches.push(store.changes.take());
      const upTo = this.seq;
      await this.compact(store);
      this.saved = upTo;
      if (reset) this.durable.changes.stop();
      this.durable = store;
    } catch (err) {
      this.undo(store, reset, batches, err as Error);
    }
  }

  /** Appends a line; false when the base must be rewritten instead (the log too big, or a file gone or replaced). */
  private async append(line: string): Promise<boolean> {
    const bytes = Buffer.byteLength(line);
    if (this.logBytes + bytes > Math.max(LOG_MIN, this.baseBytes)) return false;
    if (this.baseBytes + this.logBytes + bytes > this.o.limit) return false;
    const base = await stat(this.o.path).catch(() => undefined);
    if (base?.ino !== this.baseIno || base.size !== this.baseBytes) return false;
    if (this.torn) await this.cut();
    try {
      await appendSynced(this.log, line);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      // Part of the line may be there: cut it off, so the next line does not follow a torn one.
      this.torn = true;
      await this.cut().catch(() => undefined);
      throw err;
    }
    this.logBytes += bytes;
    this.n++;
    return true;
  }

  private async cut(): Promise<void> {
    await truncateSynced(this.log, this.logBytes, false);
    this.torn = false;
  }

  /** Rewrites the base from the store (atomically), then empties the log. */
  private async compact(store: Store): Promise<void> {
    const snapshot = store.snapshot();
    // The outbox is the store's own list, which grows: write it as it is now.
    const info = await writeAtomically(
      this.o.path,
      stateText({ ...snapshot, outbox: [...snapshot.outbox] }, this.n),
      this.o.limit,
    );
    [this.baseIno, this.baseBytes] = [info.ino, info.size];
    this.mustCompact = false;
    try {
      // Lines up to n are in the base now; if this fails they stay, and are skipped on load as stale.
      await truncateSynced(this.log, 0, true);
      this.logBytes = 0;
      this.torn = false;
    } catch {
      this.mustCompact = true;
    }
  }

  /** The write failed: every change not on disk is undone, and the store rebuilt from what is left. */
  private undo(store: Store, reset: boolean, batches: Batch[], err: Error): void {
    let back: Store;
    if (reset) {
      // The new world was never written: back to the one on disk, without its unwritten changes.
      this.durable.changes.take().undo();
      back = this.durable.restored();
    } else {
      store.changes.take().undo();
      for (const b of batches.reverse()) b.undo();
      back = store.restored();
    }
    // The files still hold the state before the failed write (the base is replaced atomically, a torn line is cut): the next write appends again.
    store.changes.stop();
    this.durable.changes.stop();
    this.durable = this.attached = back;
    this.track(back);
    this.o.holder.replace(back);
    this.lost.push([this.saved, this.seq]);
    if (this.lost.length > LOST_KEPT) this.lost.shift();
    this.saved = this.seq;
    this.o.onError(err);
  }
}
