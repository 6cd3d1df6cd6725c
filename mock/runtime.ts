// What the mock hangs on Fastify: its context, its worlds (each with its store,
// which the reset control swaps, its fault rules and answer cache), the
// default world's through the old names; and what a request carries.

import type { UserRecord } from '../fixtures/types.js';
import type { OperationEntry } from '../spec/load.js';
import type { FaultRules } from './controls/fault-rules.js';
import type { Journal } from './journal/journal.js';
import type { MockContext } from './options.js';
import type { ResponseCache } from './pipeline/response-cache.js';
import type { Store } from './store/store.js';
import type { Worlds } from './worlds/registry.js';

export interface MockRuntime {
  ctx: MockContext;
  /** Every live world (X-Mock-World); a request's is request.world. */
  worlds: Worlds;
  /** The default world's current store, read on each use: reset replaces it (StoreHolder holds it). */
  readonly store: Store;
  /** The default world's fault rules. */
  readonly faults: FaultRules;
  /** The default world's serialized answers, cleared on every change of its store. */
  readonly cache: ResponseCache;
  /** The last exchanges with the API (GET /__mock/requests). */
  journal: Journal;
  /** Every route registered on the app, as `METHOD url` (HEAD and OPTIONS left out). */
  routes: string[];
  /** The default world as the seed makes it, no faults (the MSW handlers' reset also drops the other worlds and empties the journal). */
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
