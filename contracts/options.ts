// Options in, resolved context out, with the defaults named.

import type { FetchLike } from '../lib/http.js';
import { BODY_DEFAULTS } from '../lib/limits.js';
import { type SpecFacts, specFacts } from '../spec/facts.js';
import type { LoadedSpec } from '../spec/load.js';
import type { Budgets } from './measures/types.js';
import { type Credentials, RunAborted, type RunOptions } from './types.js';

/** The platform is not among them: it defaults to the spec's example (specFacts). */
export const RUN_DEFAULTS = {
  timeoutMs: 10_000,
  maxPages: 100,
  /** All waiting out of 429s in a run, together: room for a few minutes of a 60-a-minute throttle. */
  maxWaitMs: 300_000,
  /** Answers larger than this (after decompression) are cut off and become a finding. */
  maxBodyBytes: BODY_DEFAULTS.maxBodyBytes,
  /** The whole run ends by then; the checks left are skipped and the overrun is a finding.
   *  Long enough for a full run against a service that throttles at 60 requests a minute. */
  deadlineMs: 20 * 60_000,
  /** Problems listed per check and per run; the verdict counts them all, the report lists this many. */
  maxProblemsPerCheck: 50,
  maxProblemsPerRun: 2000,
} as const;

export interface RunContext {
  baseUrl: string;
  apiBase: string;
  credentials: Credentials;
  nosub?: { email: string; password: string };
  /** One of the spec's platform values. */
  platform: string;
  /** Platform values, rate limit and header names, as the spec states them. */
  facts: SpecFacts;
  apiKey?: string;
  timeoutMs: number;
  only: Set<string>;
  skip: Set<string>;
  strict: boolean;
  allowWrites: boolean;
  allowDestructive: boolean;
  clientId?: number;
  passwordAccount?: { email: string; password: string };
  checkRateLimit: boolean;
  maxPages: number;
  maxWaitMs: number;
  maxBodyBytes: number;
  deadlineMs: number;
  maxProblemsPerCheck: number;
  maxProblemsPerRun: number;
  /** Generated requests per operation (0: no fuzz checks) and their seed. */
  fuzz: number;
  seed: number;
  minCoverage?: number;
  maxResponseMs?: number;
  budgets?: Budgets;
  fetch: FetchLike;
  /** Told when the run waits (a 429's Retry-After), as the wait begins. */
  onNotice: (line: string) => void;
  onResult: (r: import('./types.js').CheckResult) => void;
}

export const PASSWORD_ACCOUNT_IS_MAIN =
  "--password-account-email names the run's main account: give another account (its password is changed, then restored)";

export const sameEmail = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** `https://h/api/v1/` and `https://h` both give base `https://h` and API base `https://h/api/v1`. */
export function normalizeBaseUrl(input: string, prefix = '/api/v1'): { baseUrl: string; apiBase: string } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new Error(`--base-url "${input}" is not a URL (e.g. https://staging.example.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`--base-url must be http or https, not ${url.protocol}`);
  if (url.search || url.hash) throw new Error('--base-url takes no query or fragment');
  let path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith(prefix)) path = path.slice(0, -prefix.length);
  const baseUrl = `${url.origin}${path}`;
  return { baseUrl, apiBase: `${baseUrl}${prefix}` };
}

/** The platform asked for, or the spec's default; a value the spec does not list cannot make a run. */
export function runPlatform(asked: string | undefined, facts: SpecFacts): string {
  if (asked === undefined) return facts.defaultPlatform;
  if (facts.platforms.includes(asked)) return asked;
  const all = facts.platforms;
  const listed = all.length > 1 ? `${all.slice(0, -1).join(', ')} or ${all.at(-1)}` : all.join('');
  throw new RunAborted(`--platform takes ${listed}, not "${asked}"`);
}

export function resolveRunOptions(o: RunOptions, spec: Pick<LoadedSpec, 'basePath' | 'document'>): RunContext {
  const { baseUrl, apiBase } = normalizeBaseUrl(o.baseUrl, spec.basePath);
  const facts = specFacts(spec);
  if (!o.credentials.token && !(o.credentials.email && o.credentials.password)) {
    throw new Error('give --email and --password, or --token (or MCS_EMAIL, MCS_PASSWORD, MCS_TOKEN)');
  }
  if (o.allowDestructive && o.clientId === undefined)
    throw new Error('--allow-destructive needs --client-id N, naming a client that may be deleted');
  if (sameEmail(o.passwordAccount?.email, o.credentials.email)) throw new Error(PASSWORD_ACCOUNT_IS_MAIN);
  return {
    baseUrl,
    apiBase,
    credentials: o.credentials,
    nosub: o.nosub,
    platform: runPlatform(o.platform, facts),
    facts,
    apiKey: o.apiKey,
    timeoutMs: o.timeoutMs ?? RUN_DEFAULTS.timeoutMs,
    only: new Set(o.only ?? []),
    skip: new Set(o.skip ?? []),
    strict: o.strict ?? false,
    allowWrites: o.allowWrites ?? false,
    allowDestructive: o.allowDestructive ?? false,
    clientId: o.clientId,
    passwordAccount: o.passwordAccount,
    checkRateLimit: o.checkRateLimit ?? false,
    maxPages: o.maxPages ?? RUN_DEFAULTS.maxPages,
    maxWaitMs: o.maxWaitMs ?? RUN_DEFAULTS.maxWaitMs,
    maxBodyBytes: o.maxBodyBytes ?? RUN_DEFAULTS.maxBodyBytes,
    deadlineMs: o.deadlineMs ?? RUN_DEFAULTS.deadlineMs,
    maxProblemsPerCheck: o.maxProblemsPerCheck ?? RUN_DEFAULTS.maxProblemsPerCheck,
    maxProblemsPerRun: o.maxProblemsPerRun ?? RUN_DEFAULTS.maxProblemsPerRun,
    fuzz: o.fuzz ?? 0,
    // Drawn when not given; the run tells it, so that --seed repeats the run.
    seed: o.seed ?? Math.floor(Math.random() * 2 ** 31),
    minCoverage: o.minCoverage,
    maxResponseMs: o.maxResponseMs,
    budgets: o.budgets,
    fetch: o.fetch ?? ((input, init) => fetch(input, init)),
    onResult: o.onResult ?? (() => undefined),
    onNotice: o.onNotice ?? (() => undefined),
  };
}
