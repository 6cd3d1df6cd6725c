// What a handler is: the operation ids of the spec, the body each one takes
// and answers with (from the generated types), and the input every handler
// gets. The table of handlers (index.ts) must hold one for every operation.
import type { UserRecord } from '../../fixtures/types.js';
import type { operations } from '../../spec/types.gen.js';
import type { ErrorCatalogue } from '../errors.js';
import type { MockLists } from '../lists.js';
import type { Store } from '../store/store.js';

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
  /** The spec's list choices (x-list, x-no-rooms), read once at start-up. */
  lists: MockLists;
}

export type Handler<K extends OperationId> = (input: HandlerInput<K>) => SuccessBody<K> | Promise<SuccessBody<K>>;
export type HandlerTable = { [K in OperationId]: Handler<K> };
