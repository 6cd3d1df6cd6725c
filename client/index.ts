// A typed client of the Measurement Capture Service for apps, on openapi-fetch
// and the generated types. It sets the `platform` header and the credential on
// every call (the spec rightly makes `platform` required on each operation, so
// a bare openapi-fetch client makes every call pass it), and follows paging.
// It follows no redirect (a 307 would replay the sign-in body, password
// included, and the api-key to wherever the server points) and sends its
// credentials to its base URL's origin only.
// Browser-safe: it imports nothing of Node.
import createFetchClient, { type ClientOptions, type Client as FetchClient } from 'openapi-fetch';
import type { components, paths } from '../spec/types.gen.js';
import type { UsageSink } from '../spec/usage/format.js';
import type { ExactPost, ExactRequest, OpenEmptyBody } from './exact.js';
import { recordUsage } from './usage.js';

export { type ApiErrorBody, isApiError, isStatusError } from './errors.js';
export type { Exact, NotAField } from './exact.js';

type Schemas = components['schemas'];
type ListClientsHeaders = NonNullable<paths['/client/list']['post']['parameters']['header']>;

/** The values of the `platform` header, as the spec's Platform enum lists them. */
export type Platform = Schemas['Platform'];

// Header names, checked against the generated types: a spec that renames them fails to compile here.
const PLATFORM_HEADER = 'platform' satisfies keyof ListClientsHeaders;
const API_KEY_HEADER = 'api-key' satisfies keyof ListClientsHeaders;
/** Headers that carry a credential: sent to the base URL's origin only. */
const CREDENTIAL_HEADERS = ['authorization', 'x-api-token', API_KEY_HEADER, 'cookie'];
/** The statuses fetch would follow. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Pages `pages()` walks at most, unless `maxPages` says otherwise. */
export const DEFAULT_MAX_PAGES = 1000;

/** `{message, status}`: the error body of most operations (401, 403, 404, 422, 429...). */
export type ApiError = Schemas['ApiError'];
/** `{status: "error", message}`: the error body of the awning, country and plan operations. */
export type StatusError = Schemas['StatusError'];
/** 422 with per-field messages, as a Laravel backend sends them. */
export type ValidationError = Schemas['ValidationError'];
export type UnauthenticatedError = Schemas['UnauthenticatedError'];
export type SubscriptionRequiredError = Schemas['SubscriptionRequiredError'];
export type TooManyRequestsError = Schemas['TooManyRequestsError'];
/** Any error body the spec documents. */
export type DocumentedError = ApiError | StatusError;
export type Client = Schemas['Client'];
export type ClientPage = Schemas['ClientPage'];

export interface McsClientOptions {
  /** The service's address, with or without the `/api/v1` base path (e.g. `http://127.0.0.1:4010`). */
  baseUrl: string;
  platform: Platform;
  /** The api_token of sign-in; a function is asked on every call (after a sign-in or sign-out). */
  token?: string | (() => string | undefined);
  /** The static `api-key` header, where the deployment wants one. */
  apiKey?: string;
  /** The fetch to use (tests, proxies); the global one by default. */
  fetch?: ClientOptions['fetch'];
  /** Pages `pages()` walks at most before it throws McsPagingError (default DEFAULT_MAX_PAGES, 1000). */
  maxPages?: number;
  /**
   * Records what the app does with the API: each call, the fields it sends and the fields of the answers its
   * code reads (`createUsageRecorder()` of `mcs-contract-toolkit/usage`; spec:diff --usage reads what it saves).
   */
  usage?: UsageSink;
}

/** Headers the client sends itself, so no call has to pass them. */
type Defaulted = typeof PLATFORM_HEADER | typeof API_KEY_HEADER;
type Relax<Op> = OpenEmptyBody<
  Op extends { parameters: infer P }
    ? Omit<Op, 'parameters'> & {
        parameters: Omit<P, 'header'> & {
          header?: P extends { header?: infer H } ? (H extends object ? Omit<H, Defaulted> & Partial<H> : H) : never;
        };
      }
    : Op
>;
/** The spec's paths as the client takes them: `platform` and `api-key` optional on every call. */
export type ClientPaths = { [Path in keyof paths]: { [M in keyof paths[Path]]: Relax<paths[Path][M]> } };

/** Operations whose answer is a page of clients, and whose body takes `page`. */
type PagedPath = '/client/list' | '/client/user_client';
type PagedBody<P extends PagedPath> = NonNullable<paths[P]['post']['requestBody']>['content']['application/json'];

export interface McsClient extends Omit<FetchClient<ClientPaths>, 'POST' | 'request'> {
  /** openapi-fetch's POST, but a key the operation's body does not name, at any depth, is a type error. */
  POST: ExactPost<ClientPaths>;
  /** openapi-fetch's request(method, url, init), with bodies as exact as POST's. */
  request: ExactRequest<ClientPaths>;
  /**
   * Every page of a paged list, from `body.page` (default 1) to the last, one
   * answer at a time. It ends at `last_page`, at an empty page or a null
   * `next_page_url` (never followed: pages are asked of the base URL by
   * number); it throws McsPagingError when `current_page` does not advance or
   * after `maxPages` pages.
   */
  pages<P extends PagedPath>(
    path: P,
    body: PagedBody<P>,
    options?: { maxPages?: number },
  ): AsyncGenerator<ClientPage, void, undefined>;
}

export function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`;
}

/** A typed client: `platform` and the token go with every call, to the base URL's origin only. */
export function createClient(options: McsClientOptions): McsClient {
  const baseUrl = apiBase(options.baseUrl);
  const origin = new URL(baseUrl).origin;
  const client = createFetchClient<ClientPaths>({
    baseUrl,
    headers: {
      // A Laravel backend answers its errors (422, 401) as JSON only to a request that asks
      // for JSON (expectsJson); to any other it answers a redirect, which this client refuses.
      accept: 'application/json',
      [PLATFORM_HEADER]: options.platform,
      ...(options.apiKey ? { [API_KEY_HEADER]: options.apiKey } : {}),
    },
    // The answer of a redirect is handed back, not followed (a browser gives an opaque one).
    redirect: 'manual',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      // A call may name another baseUrl, or set redirect itself: neither takes the credentials along.
      const own = new URL(request.url).origin === origin;
      const sent = request.redirect === 'manual' ? request : new Request(request, { redirect: 'manual' });
      if (!own) for (const name of CREDENTIAL_HEADERS) sent.headers.delete(name);
      const token = typeof options.token === 'function' ? options.token() : options.token;
      if (own && token && !sent.headers.has('authorization')) sent.headers.set('authorization', `Bearer ${token}`);
      return sent;
    },
    async onResponse({ request, response }) {
      if (response.type !== 'opaqueredirect' && !REDIRECTS.has(response.status)) return undefined;
      await response.body?.cancel();
      const location = response.headers.get('location');
      throw new McsRedirectError(response.status, location === null ? null : new URL(location, request.url).href);
    },
  });
  if (options.usage) recordUsage(client, options.usage, { [PLATFORM_HEADER]: options.platform });
  const pages = pager(client, options.maxPages ?? DEFAULT_MAX_PAGES);
  // The same functions: their exact types only refuse, at compile time, bodies openapi-fetch's types let through.
  return Object.assign(client as Omit<typeof client, 'POST' | 'request'> & Pick<McsClient, 'POST' | 'request'>, {
    pages,
  });
}

function pager(client: FetchClient<ClientPaths>, defaultMax: number): McsClient['pages'] {
  return async function* pages<P extends PagedPath>(path: P, body: PagedBody<P>, options: { maxPages?: number } = {}) {
    const maxPages = options.maxPages ?? defaultMax;
    // One signature for both paged paths: their bodies differ only in what they filter on.
    const post = client.POST as unknown as (
      p: P,
      init: { body: PagedBody<P> },
    ) => Promise<{ data?: { data: ClientPage }; error?: DocumentedError; response: Response }>;
    let previous = Number.NEGATIVE_INFINITY;
    for (let page = body.page ?? 1, walked = 1; ; page++, walked++) {
      const { data, error, response } = await post(path, { body: { ...body, page } });
      if (!data) throw new McsError(response.status, error);
      const answer = data.data;
      // Not `>`-comparable (NaN, a string) counts as not advancing too.
      if (!(answer.current_page > previous))
        throw new McsPagingError(
          `page ${page} was asked, the server answered page ${answer.current_page} (after page ${previous}): it does not advance`,
        );
      previous = answer.current_page;
      yield answer;
      if (answer.current_page >= answer.last_page || answer.data.length === 0 || answer.next_page_url === null) return;
      if (walked >= maxPages)
        throw new McsPagingError(`stopped after ${maxPages} pages (maxPages); the server says ${answer.last_page}`);
    }
  };
}

/** A call that answered an error: its status and the documented body. */
export class McsError extends Error {
  constructor(
    readonly status: number,
    readonly body: DocumentedError | undefined,
  ) {
    super(`${status}: ${body?.message ?? 'no documented error body'}`);
    this.name = 'McsError';
  }
}

/**
 * The server answered a redirect, which the client does not follow: following
 * would send the body (a password) and the credentials wherever it points. In
 * a browser the redirect is opaque: status 0 and no location.
 */
export class McsRedirectError extends McsError {
  constructor(
    status: number,
    readonly location: string | null,
  ) {
    super(status, undefined);
    this.message = `${status}: a redirect to ${location ?? 'a location the browser hides'}, not followed (the client sends its credentials and bodies to its base URL only)`;
    this.name = 'McsRedirectError';
  }
}

/** pages() stopped before the last page: the server's paging does not advance, or maxPages was reached. */
export class McsPagingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McsPagingError';
  }
}
