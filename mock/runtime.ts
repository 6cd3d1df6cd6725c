// What the mock hangs on Fastify: its context, its current store (the reset
// control swaps it) and the fault rules; and what a request carries.

import type { UserRecord } from '../fixtures/types.js';
import type { OperationEntry } from '../spec/load.js';
import type { operations } from '../spec/types.gen.js';
import type { FaultRules } from './controls/fault-rules.js';
import type { ErrorCatalogue } from './errors.js';
import type { Journal } from './journal/journal.js';
import type { MockContext } from './options.js';
import type { ResponseCache } from './pipeline/response-cache.js';
import type { Store } from './store/memory-store.js';

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

export type OperationId = keyof operations;
type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type RequestBody<K extends OperationId> = operations[K] extends { requestBody?: infer R }
  ? JsonOf<NonNullable<R>>
  : undefined;
export type SuccessBody<K extends OperationId> = operations[K]['responses'] extends { 200: infer R }
  ? JsonOf<R>
  : never;

export interface HandlerInput<K extends OperationId> {
  body: RequestBody<K>;
  params: Record<string, string>;
  /** Query parameters the spec documents, already validated (and numbers coerced). */
  query: Record<string, unknown>;
  /** The signed-in user; set on every protected operation. */
  user: UserRecord;
  token: string;
  platform: string;
  store: Store;
  /** `http://host:port/api/v1`, for the page URLs of lists. */
  baseUrl: string;
  /** The error catalogue: a handler fails by throwing one of its errors (`throw errors.CLIENT_NOT_FOUND()`). */
  errors: ErrorCatalogue;
}

export type Handler<K extends OperationId> = (input: HandlerInput<K>) => SuccessBody<K> | Promise<SuccessBody<K>>;
export type HandlerTable = { [K in OperationId]: Handler<K> };
