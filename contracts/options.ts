// Options in, resolved context out, with the defaults named.
import type { FetchLike } from './http.js';
import type { Credentials, RunOptions } from './types.js';

export const RUN_DEFAULTS = {
  platform: 'WEB',
  timeoutMs: 10_000,
  maxPages: 100,
  maxWaitMs: 65_000,
} as const;

export interface RunContext {
  baseUrl: string;
  apiBase: string;
  credentials: Credentials;
  nosub?: { email: string; password: string };
  platform: 'WEB' | 'IOS' | 'ANDROID';
  apiKey?: string;
  timeoutMs: number;
  only: Set<string>;
  skip: Set<string>;
  strict: boolean;
  allowWrites: boolean;
  allowDestructive: boolean;
  clientId?: number;
  checkRateLimit: boolean;
  maxPages: number;
  maxWaitMs: number;
  fetch: FetchLike;
  onResult: (r: import('./types.js').CheckResult) => void;
}

/** `https://h/api/v1/` and `https://h` both give base `https://h` and API base `https://h/api/v1`. */
export function normalizeBaseUrl(input: string, prefix = '/api/v1'): { baseUrl: string; apiBase: string } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new Error(`--base-url "${input}" is not a URL (e.g. https://staging.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--base-url must be http or https, not ${url.protocol}`);
  if (url.search || url.hash) throw new Error('--base-url takes no query or fragment');
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(prefix)) path = path.slice(0, -prefix.length);
  const baseUrl = `${url.origin}${path}`;
  return { baseUrl, apiBase: `${baseUrl}${prefix}` };
}

export function resolveRunOptions(o: RunOptions, prefix = '/api/v1'): RunContext {
  const { baseUrl, apiBase } = normalizeBaseUrl(o.baseUrl, prefix);
  if (!o.credentials.token && !(o.credentials.email && o.credentials.password)) {
    throw new Error('give --email and --password, or --token (or MCS_EMAIL, MCS_PASSWORD, MCS_TOKEN)');
  }
  if (o.allowDestructive && o.clientId === undefined) throw new Error('--allow-destructive needs --client-id N, naming a client that may be deleted');
  return {
    baseUrl,
    apiBase,
    credentials: o.credentials,
    nosub: o.nosub,
    platform: o.platform ?? RUN_DEFAULTS.platform,
    apiKey: o.apiKey,
    timeoutMs: o.timeoutMs ?? RUN_DEFAULTS.timeoutMs,
    only: new Set(o.only ?? []),
    skip: new Set(o.skip ?? []),
    strict: o.strict ?? false,
    allowWrites: o.allowWrites ?? false,
    allowDestructive: o.allowDestructive ?? false,
    clientId: o.clientId,
    checkRateLimit: o.checkRateLimit ?? false,
    maxPages: o.maxPages ?? RUN_DEFAULTS.maxPages,
    maxWaitMs: o.maxWaitMs ?? RUN_DEFAULTS.maxWaitMs,
    fetch: o.fetch ?? ((input, init) => fetch(input, init)),
    onResult: o.onResult ?? (() => undefined),
  };
}
