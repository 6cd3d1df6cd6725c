// One world: everything a test can change, apart from every other world's.
// Its store (data, accounts, sessions, mail, plans), its fault rules, its
// answer cache and, with --state-file, its writer; the rate limit counts it
// apart by name (pipeline/rate-limit.ts) and the journal tags its exchanges.
import { emptyUsage, type UsageFile } from '../../spec/usage/format.js';
import { FaultRules } from '../controls/fault-rules.js';
import { type CachePool, ResponseCache } from '../pipeline/response-cache.js';
import type { StateWriter } from '../state/writer.js';
import type { Store } from '../store/store.js';
import { StoreHolder } from '../store/store-holder.js';

export interface WorldInfo {
  name: string;
  seed: number;
  clients: number;
  /** Changes made since it was made or reset (writes, sign-ins, mail...). */
  changes: number;
  /** Sessions and reset tokens that work now. */
  sessions: number;
  /** Fault rules live. */
  faults: number;
  /** When a request last named it (ISO). */
  lastUsed: string;
}

export class World {
  readonly holder: StoreHolder;
  readonly faults = new FaultRules();
  readonly cache: ResponseCache;
  /** Changes made since it was made, loaded or reset. */
  changes = 0;
  /** Date.now() when a request last named it (shown in the list). */
  lastUsed = Date.now();
  /** The registry's count of uses when it was last used: the lowest goes first (two uses in one millisecond still order). */
  recency = 0;
  /** Requests in it under way (named worlds only): it is not dropped meanwhile. */
  active = 0;
  /** With --state-file: writes its changes through to its file. */
  writer?: StateWriter;
  /** What apps did in it since it was made or reset (GET /__mock/usage). */
  usage: UsageFile = emptyUsage('mock');
  /** Told of the usage a reset ends, so that the all-worlds total keeps it (the registry sets it). */
  retire?: (usage: UsageFile) => void;

  constructor(
    readonly name: string,
    store: Store,
    /** The world as its seed makes it (reset). */
    private readonly fresh: () => Store,
    /** Named worlds share one pool of answers (one byte bound for all); the default world has its own cache. */
    pool?: CachePool,
  ) {
    this.holder = new StoreHolder(store);
    this.cache = new ResponseCache(pool ? { pool } : {});
    this.holder.onChange(() => {
      this.changes++;
      this.cache.changed();
    });
  }

  get store(): Store {
    return this.holder.current;
  }

  /** Its seed's world again, no faults. */
  reset(): void {
    this.holder.replace(this.fresh());
    this.faults.clear();
    this.changes = 0;
    this.retire?.(this.usage);
    this.usage = emptyUsage('mock');
  }

  /** Whether it may leave memory: no request under way, and (with a state file) every change on disk. */
  get droppable(): boolean {
    return this.active === 0 && (this.writer === undefined || this.writer.idle);
  }

  info(): WorldInfo {
    let sessions = 0;
    for (const _ of this.store.liveTokens()) sessions++;
    return {
      name: this.name,
      seed: this.store.seed,
      clients: this.store.size,
      changes: this.changes,
      sessions,
      faults: this.faults.list().length,
      lastUsed: new Date(this.lastUsed).toISOString(),
    };
  }
}
