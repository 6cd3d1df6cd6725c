// What changed in a store since its changes were last taken to disk, and how
// to undo it. The state file's log is written from here (a line the size of
// the change, not of the state), and a change the disk refused is undone from
// here, so that an answer never acknowledges what was not saved.
import type { MailMessage } from './session-records.js';

/** The store's persisted maps, by the name the log gives them. */
export const COLLECTIONS = [
  'companies',
  'users',
  'subscriptions',
  'clients',
  'measurements',
  'sessions',
  'resetTokens',
] as const;
export type Collection = (typeof COLLECTIONS)[number];
export type Key = number | string;

/** One change as the log writes it: a set ([collection, key, value]), a delete ([collection, key]) or a mail. */
export type Entry = [Collection, Key, unknown] | [Collection, Key] | ['outbox', null, MailMessage];

/** The changes taken in one go: what to write, and how to put the maps back as they were before them. */
export interface Batch {
  entries: Entry[];
  undo(): void;
}

interface Touched {
  map: Map<Key, unknown>;
  /** The value before the first change since the last take; absent keys marked so. */
  before: Map<Key, { had: boolean; value: unknown }>;
}

export class ChangeLog {
  private touched = new Map<Collection, Touched>();
  private mailed: Array<{ outbox: MailMessage[]; message: MailMessage }> = [];
  /** Told of every change; set while the store is kept in a state file, else changes are not remembered. */
  private listener: (() => void) | undefined;

  /** From now on remember changes (until the next take) and tell `listener` of each. */
  track(listener: () => void): void {
    this.listener = listener;
  }

  /** Forget changes again: the store is no longer the one kept on disk. */
  stop(): void {
    this.listener = undefined;
    this.touched.clear();
    this.mailed = [];
  }

  note(collection: Collection, map: Map<Key, unknown>, key: Key): void {
    if (!this.listener) return;
    let t = this.touched.get(collection);
    if (!t) {
      t = { map, before: new Map() };
      this.touched.set(collection, t);
    }
    if (!t.before.has(key)) t.before.set(key, { had: map.has(key), value: map.get(key) });
    this.listener();
  }

  mail(outbox: MailMessage[], message: MailMessage): void {
    if (!this.listener) return;
    this.mailed.push({ outbox, message });
    this.listener();
  }

  get pending(): boolean {
    return this.touched.size > 0 || this.mailed.length > 0;
  }

  /** The changes since the last take, as they stand now; undo() puts back what was there before them. */
  take(): Batch {
    const touched = this.touched;
    const mailed = this.mailed;
    this.touched = new Map();
    this.mailed = [];
    const entries: Entry[] = [];
    for (const [collection, { map, before }] of touched)
      for (const key of before.keys()) entries.push(map.has(key) ? [collection, key, map.get(key)] : [collection, key]);
    for (const { message } of mailed) entries.push(['outbox', null, message]);
    return { entries, undo: () => undo(touched, mailed) };
  }
}

// Straight to Map's own methods: an undo is not a change to remember.
function undo(touched: Map<Collection, Touched>, mailed: Array<{ outbox: MailMessage[]; message: MailMessage }>) {
  for (const { map, before } of touched.values())
    for (const [key, { had, value }] of before) {
      if (had) Map.prototype.set.call(map, key, value);
      else Map.prototype.delete.call(map, key);
    }
  for (const { outbox, message } of mailed.reverse()) {
    const i = outbox.lastIndexOf(message);
    if (i >= 0) outbox.splice(i, 1);
  }
}

/** A Map that tells its ChangeLog of every set and delete, whoever makes them. */
export class TrackedMap<K extends Key, V> extends Map<K, V> {
  constructor(
    private readonly log: ChangeLog,
    private readonly collection: Collection,
  ) {
    super();
  }

  override set(key: K, value: V): this {
    // Map's constructor calls set before `log` exists; nothing is passed to it, but be safe.
    this.log?.note(this.collection, this as Map<Key, unknown>, key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    if (this.has(key)) this.log.note(this.collection, this as Map<Key, unknown>, key);
    return super.delete(key);
  }

  override clear(): void {
    for (const key of this.keys()) this.log.note(this.collection, this as Map<Key, unknown>, key);
    super.clear();
  }
}
