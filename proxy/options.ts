// Options in, resolved settings out: every default of the proxy is named here,
// and every option given is checked here, with one typed error.
import { baseUrlProblem, normalizeBaseUrl } from '../lib/base-url.js';
import type { FetchLike } from '../lib/http.js';
import { SIZE_RANGE } from '../lib/limits.js';
import {
  boolean,
  checkRules,
  fn,
  list,
  type Naming,
  OptionsError,
  object,
  origin,
  rangeRules,
  text,
} from '../lib/options-error.js';
import type { LoadedSpec } from '../spec/load.js';

export const PROXY_DEFAULTS = {
  /** The whole upstream exchange, headers and body. */
  timeoutMs: 30_000,
  /** Upstream answers larger than this (after decompression) are not passed on. */
  maxBodyBytes: 10 * 1024 * 1024,
  /** Request bodies from the app. */
  requestBodyLimit: 10 * 1024 * 1024,
} as const;

/** The whole numbers each option takes, from and to: the CLI's flags take the same. */
export const PROXY_LIMITS = {
  timeoutMs: [1, 600_000],
  maxBodyBytes: SIZE_RANGE,
} as const satisfies Record<string, readonly [number, number]>;

export interface ProxyOptions {
  /** The deployment's base URL, before the API prefix (a URL ending in it works too). */
  upstream: string;
  spec: LoadedSpec;
  /** Answer a violating exchange with an error instead of passing it on. */
  errors?: boolean;
  corsOrigins?: readonly string[];
  /** Host names, besides this machine's and IP literals, that GET /__proxy/summary answers (the CLI's --host). */
  hosts?: readonly string[];
  timeoutMs?: number;
  maxBodyBytes?: number;
  fetch?: FetchLike;
  /** Where each exchange with violations is reported (default: the app's logger, at warn level; the CLI prints). */
  log?: (line: string) => void;
}

/** Options buildProxy cannot take; the message names them as ProxyOptions does. */
export class ProxyOptionsError extends OptionsError {
  static readonly code = 'MCS_ERR_PROXY_OPTIONS';
  constructor(words: (name: Naming) => string) {
    super(ProxyOptionsError.code, words);
  }
}

const PROXY_RULES = {
  ...rangeRules(PROXY_LIMITS),
  upstream: baseUrlProblem,
  spec: object,
  errors: boolean,
  corsOrigins: list,
  'corsOrigins[]': origin,
  hosts: list,
  'hosts[]': text,
  fetch: fn,
  log: fn,
};

export interface ProxySettings {
  /** The upstream's base URL, normalised: no API prefix, no trailing slash. */
  upstream: string;
  spec: LoadedSpec;
  errors: boolean;
  corsOrigins: readonly string[];
  hosts: readonly string[];
  timeoutMs: number;
  maxBodyBytes: number;
  fetch: FetchLike;
  /** Unset: the app's logger, at warn level (the library never prints). */
  log?: (line: string) => void;
}

export function resolveProxyOptions(o: ProxyOptions): ProxySettings {
  const refuse = (words: (name: Naming) => string) => new ProxyOptionsError(words);
  if (object(o)) throw refuse(() => 'the options must be an object');
  for (const needed of ['upstream', 'spec'] as const)
    if (o[needed] === undefined) throw refuse((n) => `${n(needed)} is needed`);
  checkRules(o, PROXY_RULES, refuse);
  return {
    upstream: normalizeBaseUrl(o.upstream, o.spec.basePath).baseUrl,
    spec: o.spec,
    errors: o.errors ?? false,
    corsOrigins: o.corsOrigins ?? [],
    hosts: o.hosts ?? [],
    timeoutMs: o.timeoutMs ?? PROXY_DEFAULTS.timeoutMs,
    maxBodyBytes: o.maxBodyBytes ?? PROXY_DEFAULTS.maxBodyBytes,
    fetch: o.fetch ?? ((input, init) => fetch(input, init)),
    log: o.log,
  };
}
