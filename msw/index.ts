// Mock Service Worker handlers backed by the mock itself (buildMock and
// inject(), no port): an app's fetch calls in a Node test runner (Vitest, Jest,
// node:test) reach the same stateful mock as `npm start` serves.
import type { FastifyInstance } from 'fastify';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { DEFAULT_BASE_URL } from '../lib/base-url.js';
import { injectFetch } from '../lib/inject-fetch.js';
import { buildMock } from '../mock/build.js';
import type { MockOptions } from '../mock/options.js';
import { handleOf, type MswFaults, type MswJournal, type MswWorlds } from './handle.js';

// The types the handle shows, so that an app can name them.
export type { FaultBody } from '../mock/controls/fault-checks.js';
export type { FaultKind, FaultRule } from '../mock/controls/fault-rules.js';
export type { JournalEntry, JournalFilter, StatusFilter } from '../mock/journal/journal.js';
export type { WorldSize } from '../mock/worlds/registry.js';
export type { WorldInfo } from '../mock/worlds/world.js';
export { MockControlError, type MswFault, type MswFaults, type MswJournal, type MswWorlds } from './handle.js';

export interface MswMockOptions extends MockOptions {
  /** The address the app under test calls (default `http://127.0.0.1:4010`, the mock's own). */
  baseUrl?: string;
}

export interface MswMock {
  /** One handler for every path under baseUrl: the API and the /__mock controls. */
  handlers: HttpHandler[];
  /** The world as the seed makes it, no faults, an empty journal, no tokens, no other worlds: call it before each test. */
  reset(): Promise<void>;
  /** What the app sent and was answered (GET /__mock/requests). */
  journal: MswJournal;
  /** Faults for the app's error screens (POST /__mock/faults). */
  faults: MswFaults;
  /** The live worlds (/__mock/worlds). */
  worlds: MswWorlds;
  /**
   * The Fastify app behind the handlers, for what the handle does not cover (`app.inject()`). Its `mock`
   * decoration is typed by a Fastify type augmentation that this package's declarations do not load into
   * an app's program: in an app's TypeScript, `app.mock` is TS2339.
   */
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * Handlers for `setupServer(...handlers)` from `msw/node`. The rate limit is
 * off unless `rateLimit` is given: a test suite signs in far more often than
 * 60 times a minute from one address.
 */
export async function createMswMock(options: MswMockOptions = {}): Promise<MswMock> {
  const base = new URL(options.baseUrl ?? DEFAULT_BASE_URL);
  const app = await buildMock({ rateLimit: false, ...options, host: base.hostname });
  const prefix = base.href.replace(/\/+$/, '');
  const answer = injectFetch(app);
  // A connection the mock ends without an answer is a network error to the app (fetch rejects), as it is
  // against a real server, not an exception in a handler (which MSW answers with its own 500).
  const handler = http.all(`${prefix}/*`, ({ request }) =>
    answer(request).catch((err: unknown) => {
      if (err instanceof TypeError) return HttpResponse.error();
      throw err;
    }),
  );
  return {
    handlers: [handler],
    app,
    ...handleOf(app, base.host),
    async reset() {
      app.mock.reset();
      await app.mock.worlds.clear();
      app.mock.journal.clear();
    },
    close: () => app.close(),
  };
}
