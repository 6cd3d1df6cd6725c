// Options in, resolved context out, with the defaults named.

import { basePathProblem, baseUrlProblem, normalizeBasePath, normalizeBaseUrl } from '../lib/base-url.js';
import type { FetchLike } from '../lib/http.js';
import { BODY_DEFAULTS, SIZE_RANGE } from '../lib/limits.js';
import {
  anyText,
  boolean,
  checkRules,
  fn,
  list,
  type Naming,
  object,
  type Rule,
  rangeRules,
  text,
} from '../lib/options-error.js';
import { listText } from '../lib/words.js';
import { worldNameProblem } from '../lib/world-name.js';
import { type SpecFacts, specFacts } from '../spec/facts.js';
import type { LoadedSpec } from '../spec/load.js';
import type { Budgets } from './measures/types.js';
import { ContractOptionsError } from './options-error.js';
import { isLocal, paceOf } from './pace.js';
import type { Credentials, RunOptions } from './types.js';

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
  /** Requests a minute the run keeps to (0: as fast as it can); see contracts/pace.ts. */
  pace: number;
  credentials: Credentials;
  /** The caller's company name given for the run (--company); else the sign-in's user or the profile names it. */
  company?: string;
  nosub?: { email: string; password: string };
  /** One of the spec's platform values. */
  platform: string;
  /** Platform values, rate limit and header names, as the spec states them. */
  facts: SpecFacts;
  apiKey?: string;
  timeoutMs: number;
  only: Set<string>;
  skip: Set<string>;
  /** Entries or groups of the check registry (contracts/selection.ts). */
  checks: Set<string>;
  excludeChecks: Set<string>;
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
  /** The mock's world asked for: a name, `default`, or undefined (a fresh one when the target is the mock). */
  world?: string;
  fetch: FetchLike;
  /** Told when the run waits (a 429's Retry-After), as the wait begins. */
  onNotice: (line: string) => void;
  onResult: (r: import('./types.js').CheckResult) => void;
}

export const sameEmail = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The whole numbers each option takes, from and to: the CLI's flags take the same (in seconds where it counts so). */
export const RUN_LIMITS = {
  timeoutMs: [1, 600_000],
  maxPages: [1, 100_000],
  maxWaitMs: [0, 24 * 3600_000],
  deadlineMs: [1000, 7 * 24 * 3600_000],
  maxBodyBytes: SIZE_RANGE,
  maxProblemsPerCheck: [1, Number.MAX_SAFE_INTEGER],
  maxProblemsPerRun: [1, Number.MAX_SAFE_INTEGER],
  fuzz: [0, 1_000_000],
  seed: [0, 2 ** 31 - 1],
  clientId: [1, Number.MAX_SAFE_INTEGER],
  pace: [0, 1_000_000],
} as const satisfies Record<string, readonly [number, number]>;

const account = { email: text, password: text };
const RUN_RULES: Record<string, Rule> = {
  ...rangeRules(RUN_LIMITS),
  baseUrl: baseUrlProblem,
  basePath: basePathProblem,
  local: boolean,
  credentials: object,
  'credentials.email': anyText,
  'credentials.password': anyText,
  'credentials.token': anyText,
  company: text,
  nosub: object,
  ...prefixed('nosub', account),
  passwordAccount: object,
  ...prefixed('passwordAccount', account),
  platform: text,
  apiKey: anyText,
  only: list,
  'only[]': text,
  skip: list,
  'skip[]': text,
  checks: list,
  'checks[]': text,
  excludeChecks: list,
  'excludeChecks[]': text,
  strict: boolean,
  allowWrites: boolean,
  allowDestructive: boolean,
  checkRateLimit: boolean,
  budgets: object,
  world: worldNameProblem,
  fetch: fn,
  onNotice: fn,
  onResult: fn,
  signal: (v) => (v instanceof AbortSignal ? undefined : 'must be an AbortSignal'),
};

function prefixed(prefix: string, rules: Record<string, Rule>): Record<string, Rule> {
  return Object.fromEntries(Object.entries(rules).map(([k, r]) => [`${prefix}.${k}`, r]));
}

/** Every option given is checked here, before any request; a rule that spans options says which. */
function checkOptions(o: RunOptions): void {
  const refuse = (words: (name: Naming) => string) => new ContractOptionsError(words);
  if (object(o)) throw refuse(() => 'the options must be an object');
  if (o.baseUrl === undefined) throw refuse((n) => `${n('baseUrl')} is needed`);
  checkRules(o, RUN_RULES, refuse);
  if (o.credentials === undefined) throw refuse((n) => `${n('credentials')} is needed`);
  if (!o.credentials.token && !(o.credentials.email && o.credentials.password))
    throw refuse(
      (n) => `give ${n('credentials.email')} and ${n('credentials.password')}, or ${n('credentials.token')}`,
    );
  for (const [path, pair] of [
    ['nosub', o.nosub],
    ['passwordAccount', o.passwordAccount],
  ] as const)
    if (pair && !(pair.email && pair.password))
      throw refuse((n) => `${n(`${path}.email`)} and ${n(`${path}.password`)} go together`);
  if (o.allowDestructive && o.clientId === undefined)
    throw refuse((n) => `${n('allowDestructive')} needs ${n('clientId')}, naming a client that may be deleted`);
  if (sameEmail(o.passwordAccount?.email, o.credentials.email))
    throw refuse(
      (n) =>
        `${n('passwordAccount.email')} names the run's main account: give another account (its password is changed, then restored)`,
    );
}

/** The platform asked for, or the spec's default; a value the spec does not list cannot make a run. */
export function runPlatform(asked: string | undefined, facts: SpecFacts): string {
  if (asked === undefined) return facts.defaultPlatform;
  if (facts.platforms.includes(asked)) return asked;
  throw new ContractOptionsError(
    (n) => `${n('platform')} must be ${listText(facts.platforms, 'or')}, not ${JSON.stringify(asked)}`,
  );
}

export function resolveRunOptions(o: RunOptions, spec: Pick<LoadedSpec, 'basePath' | 'document'>): RunContext {
  checkOptions(o);
  const { baseUrl, apiBase } = normalizeBaseUrl(
    o.baseUrl,
    o.basePath === undefined ? spec.basePath : normalizeBasePath(o.basePath),
  );
  const facts = specFacts(spec);
  return {
    baseUrl,
    apiBase,
    pace: paceOf(o.pace, o.local ?? isLocal(baseUrl), facts),
    credentials: o.credentials,
    company: o.company,
    nosub: o.nosub,
    platform: runPlatform(o.platform, facts),
    facts,
    apiKey: o.apiKey,
    timeoutMs: o.timeoutMs ?? RUN_DEFAULTS.timeoutMs,
    only: new Set(o.only ?? []),
    skip: new Set(o.skip ?? []),
    checks: new Set(o.checks ?? []),
    excludeChecks: new Set(o.excludeChecks ?? []),
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
    world: o.world,
    fetch: o.fetch ?? ((input, init) => fetch(input, init)),
    onResult: o.onResult ?? (() => undefined),
    onNotice: o.onNotice ?? (() => undefined),
  };
}
