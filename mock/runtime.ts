// What the mock hangs on Fastify: its context, its current store (the reset
// control swaps it) and the fault rules; and what a request carries.

import type { UserRecord } from '../fixtures/types.js';
import type { OperationEntry } from '../spec/load.js';
import type { FaultRules } from './controls/fault-rules.js';
import type { Journal } from './journal/journal.js';
import type { MockContext } from './options.js';
import type { ResponseCache } from './pipeline/response-cache.js';
import type { Store } from './store/store.js';

export interface MockRuntime {
  ctx: MockContext;
  /** The current store, read on each use: reset replaces it (StoreHolder holds it). */
  readonly store: Store;
  faults: FaultRules;
  /** Serialized answers of read operations, cleared on every change of the store. */
  cache: ResponseCache;
  /** The last exchanges with the API (GET /__mock/requests). */
  journal: Journal;
  /** Every route registered on the app, as `METHOD url` (HEAD and OPTIONS left out). */
  routes: string[];
  /** The seed's world again and no faults (the reset control; the MSW handlers' reset also empties the journal). */
  reset(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mock: MockRuntime;
  }
  interface FastifyRequest {
    user?: UserRecord;
    token?: string;
    /** The operation this request's route serves: stamped by its first hook, before any check can refuse it. */
    operation?: OperationEntry;
    /** The JSON body as it arrived, set by the JSON parser: the response cache keys reads on it. */
    bodyText?: string;
  }
  interface FastifyContextConfig {
    /** Set on every route that serves an operation of the spec. */
    operation?: OperationEntry;
  }
}
