// Mock Service Worker handlers for the browser (Storybook, a Vite dev server,
// Playwright component tests): the mock's core is a Fastify app and cannot run
// in a page, so these forward the app's calls to a RUNNING mock (`npm start`)
// and hand its answer back, each page or story in a world of its own.
// This module must stay browser-safe: it imports msw and the two pure lib
// modules below, nothing of Node or Fastify (test/e2e/browser/msw-browser.test.ts
// bundles it for the browser, and test/e2e/tarball.test.ts walks its imports).
import { bypass, type HttpHandler, HttpResponse, http } from 'msw';
import { DEFAULT_BASE_URL } from '../lib/base-url.js';
import { freshWorldName, isWorldName, WORLD_HEADER, WORLD_NAME_RULE } from '../lib/world-name.js';

export interface BrowserMockOptions {
  /** The address the app calls, e.g. `https://api.example.test`: every call under it is answered by the mock. */
  baseUrl: string;
  /** The running mock (default `http://127.0.0.1:4010`, as `npm start` serves it). */
  mockUrl?: string;
  /** The world the calls start in (default: a fresh name, `page-...`, so two pages never share one). */
  world?: string;
  /** How long one call to the mock may take before the app sees a network error (default 30,000 ms). */
  timeoutMs?: number;
}

export interface BrowserMock {
  /** One handler for every path under baseUrl, for `setupWorker(...handlers)` or msw-storybook-addon. */
  handlers: HttpHandler[];
  /** The world the handlers' calls are in now. */
  readonly world: string;
  /**
   * Moves the handlers to a world (a fresh name when none is given) and, unless
   * `{ reset: false }`, puts it back as the seed makes it: call it before each
   * story or test. Resolves to the world's name.
   */
  useWorld(name?: string, options?: { reset?: boolean }): Promise<string>;
  /** The current world as the seed makes it (POST /__mock/reset in that world): no changes, faults or tokens. */
  reset(): Promise<void>;
  /** A control of the mock in the current world, e.g. `control('POST', '/__mock/faults', {...})`; the parsed JSON answer. */
  control(method: string, path: string, body?: unknown): Promise<unknown>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** What fetch has already undone (a compressed body is decoded) or the browser sets itself. */
const DROPPED_ANSWER_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding'];

/**
 * Handlers answering from the mock at `mockUrl`: method, path, query, headers
 * and body go there with `X-Mock-World`, and the mock's status, headers and
 * body come back. The page's origin must be one the mock allows: this
 * machine's (localhost, 127.0.0.1) always, any other with `--cors-origin`.
 * The app reads the headers a cross-origin answer exposes (`content-type`,
 * `retry-after`, the rate limit's, `allow`, `x-mock-error`).
 */
export function createBrowserMock(options: BrowserMockOptions): BrowserMock {
  const base = trimmed(options.baseUrl, 'baseUrl');
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  const mockUrl = trimmed(options.mockUrl ?? DEFAULT_BASE_URL, 'mockUrl');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let world = checkedWorld(options.world ?? freshWorldName('page'));
  let warned = false;

  /** A call to the mock that may not hang: the app's own abort and our timeout both end it. */
  const callMock = (url: string, init: RequestInit, signal?: AbortSignal) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const both = signal && typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : timeout;
    // bypass(): the worker sends it to the network, never back to these handlers. No cookies: the API's
    // credentials are headers (Authorization), and a credentialed call would need the mock's cookies.
    return fetch(bypass(url, { ...init, credentials: 'omit', signal: both }));
  };

  const forward = async (request: Request): Promise<Response> => {
    const asked = new URL(request.url);
    const url = mockUrl + asked.pathname.slice(basePath.length) + asked.search;
    const headers = new Headers(request.headers);
    headers.set(WORLD_HEADER, world);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    try {
      const answer = await callMock(
        url,
        {
          method: request.method,
          headers,
          body: hasBody ? await request.arrayBuffer() : undefined,
          redirect: request.redirect,
        },
        request.signal,
      );
      const body = await answer.arrayBuffer();
      const kept = new Headers(answer.headers);
      for (const name of DROPPED_ANSWER_HEADERS) kept.delete(name);
      const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
      // A plain Response: msw's HttpResponse, given these headers under msw/node, came out with none of them.
      return new Response(empty ? null : body, {
        status: answer.status,
        statusText: answer.statusText,
        headers: kept,
      });
    } catch (err) {
      // No answer (the mock is down, the origin is refused by CORS, a dropped connection, the timeout): to the app a
      // network error, as from a real server, said once on the console with what to check.
      if (!warned) {
        warned = true;
        // biome-ignore lint/suspicious/noConsole: in a page the console is the only place a developer looks, and the app sees a bare "Failed to fetch".
        console.error(
          `mcs-contract-toolkit/msw/browser: no answer from the mock at ${mockUrl} for ${request.method} ${url} (${String(err)}). Is it running (npm start)? A page origin other than localhost or 127.0.0.1 needs --cors-origin ${pageOrigin()}.`,
        );
      }
      return HttpResponse.error();
    }
  };

  const control = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const headers: Record<string, string> = { [WORLD_HEADER]: world };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await callMock(`${mockUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    const parsed = text ? (JSON.parse(text) as unknown) : undefined;
    if (!answer.ok) {
      const message = (parsed as { message?: unknown } | undefined)?.message;
      throw new Error(`${method} ${path} in world ${world}: ${answer.status} ${String(message ?? text)}`);
    }
    return parsed;
  };

  const reset = async () => {
    await control('POST', '/__mock/reset', {});
  };

  return {
    handlers: [http.all(`${base}/*`, ({ request }) => forward(request))],
    get world() {
      return world;
    },
    async useWorld(name, { reset: fresh = true } = {}) {
      world = checkedWorld(name ?? freshWorldName('page'));
      if (fresh) await reset();
      return world;
    },
    reset,
    control,
  };
}

/** The page's origin, for the hint (none when the handlers run in Node, e.g. Playwright's component-test router). */
function pageOrigin(): string {
  return (globalThis as { location?: { origin?: string } }).location?.origin ?? "the page's origin";
}

function trimmed(url: string, what: string): string {
  if (!URL.canParse(url)) throw new TypeError(`createBrowserMock: ${what} must be a URL, not ${JSON.stringify(url)}`);
  return url.replace(/\/+$/, '');
}

function checkedWorld(name: string): string {
  if (!isWorldName(name))
    throw new TypeError(`createBrowserMock: ${JSON.stringify(name)} is no world's name (${WORLD_NAME_RULE})`);
  return name;
}
