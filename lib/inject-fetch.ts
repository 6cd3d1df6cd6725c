// A fetch answered by the mock in this process (inject(), no port): for the
// Mock Service Worker handlers, and for any client that takes a fetch.
import { clearImmediate, setImmediate } from 'node:timers';
import type { FastifyInstance } from 'fastify';

/** Bodies that a status forbids (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 204, 205, 304]);

export type MockFetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Fastify's inject() (light-my-request) finishes every answer with the global
 * setImmediate, which Jest's jsdom environment removes from the test's globals
 * (a browser has none), so under it every call failed. Node's own is put back
 * where it is missing; where it is there (Node, Vitest's environments) nothing changes.
 */
export function keepNodeImmediate(scope: typeof globalThis = globalThis): void {
  if (typeof scope.setImmediate !== 'function') Object.assign(scope, { setImmediate, clearImmediate });
}

export function injectFetch(app: FastifyInstance): MockFetch {
  keepNodeImmediate();
  return async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    // A connection the mock ends without an answer (a `drop` or `no-answer` fault) fails as fetch fails:
    // a TypeError, its cause the reason.
    const answer = await app
      .inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...Object.fromEntries(request.headers.entries()), host: url.host },
        ...(payload?.length ? { payload } : {}),
      })
      .catch((err: unknown) => {
        throw new TypeError('fetch failed', { cause: err });
      });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      for (const v of [value].flat()) if (v !== undefined) headers.append(name, String(v));
    const body = NULL_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload);
    return new Response(body, { status: answer.statusCode, headers });
  };
}
