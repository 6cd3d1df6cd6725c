// A typed client of the Measurement Capture Service for apps, on openapi-fetch
// and the generated types. It sets the `platform` header and the credential on
// every call (the spec rightly makes `platform` required on each operation, so
// a bare openapi-fetch client makes every call pass it), and follows paging.
// Browser-safe: it imports nothing of Node.
import createFetchClient, { type ClientOptions, type Client as FetchClient } from 'openapi-fetch';
import type { components, paths } from '../spec/types.gen.js';

type Schemas = components['schemas'];
type ListClientsHeaders = NonNullable<paths['/client/list']['post']['parameters']['header']>;

/** The values of the `platform` header, as the spec's Platform enum lists them. */
export type Platform = Schemas['Platform'];

// Header names, checked against the generated types: a spec that renames them fails to compile here.
const PLATFORM_HEADER = 'platform' satisfies keyof ListClientsHeaders;
const API_KEY_HEADER = 'api-key' satisfies keyof ListClientsHeaders;

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
}

/** Headers the client sends itself, so no call has to pass them. */
type Defaulted = typeof PLATFORM_HEADER | typeof API_KEY_HEADER;
type Relax<Op> = Op extends { parameters: infer P }
  ? Omit<Op, 'parameters'> & {
      parameters: Omit<P, 'header'> & {
        header?: P extends { header?: infer H } ? (H extends object ? Omit<H, Defaulted> & Partial<H> : H) : never;
      };
    }
  : Op;
/** The spec's paths as the client takes them: `platform` and `api-key` optional on every call. */
export type ClientPaths = { [Path in keyof paths]: { [M in keyof paths[Path]]: Relax<paths[Path][M]> } };

/** Operations whose answer is a page of clients, and whose body takes `page`. */
type PagedPath = '/client/list' | '/client/user_client';
type PagedBody<P extends PagedPath> = NonNullable<paths[P]['post']['requestBody']>['content']['application/json'];

export interface McsClient extends FetchClient<ClientPaths> {
  /** Every page of a paged list, from `body.page` (default 1) to the last, one answer at a time. */
  pages<P extends PagedPath>(path: P, body: PagedBody<P>): AsyncGenerator<ClientPage, void, undefined>;
}

export function apiBase(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/api/v1') ? trimmed : `${trimmed}/api/v1`;
}

/** A typed client: `platform` and the token go with every call. */
export function createClient(options: McsClientOptions): McsClient {
  const client = createFetchClient<ClientPaths>({
    baseUrl: apiBase(options.baseUrl),
    headers: {
      [PLATFORM_HEADER]: options.platform,
      ...(options.apiKey ? { [API_KEY_HEADER]: options.apiKey } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      const token = typeof options.token === 'function' ? options.token() : options.token;
      if (token && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  async function* pages<P extends PagedPath>(path: P, body: PagedBody<P>) {
    for (let page = body.page ?? 1; ; page++) {
      // One signature for both paged paths: their bodies differ only in what they filter on.
      const post = client.POST as unknown as (
        p: P,
        init: { body: PagedBody<P> },
      ) => Promise<{ data?: { data: ClientPage }; error?: DocumentedError; response: Response }>;
      const { data, error, response } = await post(path, { body: { ...body, page } });
      if (!data) throw new McsError(response.status, error);
      yield data.data;
      if (data.data.current_page >= data.data.last_page || data.data.data.length === 0) return;
    }
  }
  return Object.assign(client, { pages });
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
