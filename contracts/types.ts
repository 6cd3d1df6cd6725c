// The contract run as data: the runner returns it, reporters render it, the
// CLI alone turns it into an exit code.

import type { FetchLike } from '../lib/http.js';
import type { Finding } from '../spec/finding.js';
import type { Budgets, CoverageReport, LedgerReport, TimingReport } from './measures/types.js';

// The base finding lives in spec/finding.ts (the exchange validator makes
// findings too); the suite's modules import it from here.
export { type Finding, HTTP_RULES, type HttpRule, resting, type Severity, severityOf } from '../spec/finding.js';

export type Verdict = 'pass' | 'fail' | 'observation' | 'skip';

/** `run` holds what concerns the run as a whole (its deadline). */
export type CheckGroup =
  | 'conformance'
  | 'auth'
  | 'subscription'
  | 'paging'
  | 'meaning'
  | 'negative'
  | 'writes'
  | 'destructive'
  | 'rate-limit'
  | 'sequences'
  | 'fuzz'
  | 'run';

/** @deprecated The former name of Finding. */
export type Problem = Finding;

export interface CheckResult {
  id: string;
  group: CheckGroup;
  operationId?: string;
  title: string;
  verdict: Verdict;
  problems: Finding[];
  /** Why the check was skipped, or remarks such as a throttled wait. */
  notes: string[];
  ms: number;
  /** The x-assumed nodes the check's requests show (CheckSpec.shows), for the ledger. */
  shows?: string[];
}

export interface RunSummary {
  operations: { covered: number; total: number; uncovered: string[] };
  checks: { total: number; passed: number; failed: number; observations: number; skipped: number };
  requests: number;
  durationMs: number;
}

export interface RunReport {
  tool: 'mcs-contracts';
  target: string;
  startedAt: string;
  modes: string[];
  /** The mock's world the run worked in (X-Mock-World), when it named one; `fresh` when the run made it up. */
  world?: { name: string; fresh: boolean };
  results: CheckResult[];
  summary: RunSummary;
  /** Documented statuses and response properties the run's validated answers showed (contracts/measures/coverage.ts). */
  coverage?: CoverageReport;
  /** Response times per operation, slowest first (contracts/measures/timing.ts). */
  timing?: TimingReport;
  /** The x-assumed choices of the spec the run touched: confirmed, contradicted or not observed (contracts/measures/ledger.ts). */
  ledger?: LedgerReport;
}

export interface Credentials {
  email?: string;
  password?: string;
  token?: string;
}

export interface RunOptions {
  /** The service address before /api/v1; a URL ending in /api/v1 is accepted too. */
  baseUrl: string;
  /** The path before every operation's path (default: the spec's server path, /api/v1); `/` or `` when the
   *  API is served at the root (Prism's mock of the spec). */
  basePath?: string;
  /** Requests a minute the run keeps to, so it never causes a 429 it is not testing; 0 sends at full speed.
   *  Default: the spec's documented limit (x-rate-limit) against a host that is not local, 0 against a local one. */
  pace?: number;
  /** Whether the target counts as local, for the default pace (default: from the base URL's host: loopback, or a
   *  special-use name such as `mock.test`, `*.localhost`, `*.invalid`). */
  local?: boolean;
  credentials: Credentials;
  /** The account without a plan, for the subscription checks. */
  nosub?: { email: string; password: string };
  /** One of the spec's platform values (default: the spec's example); any other aborts the run. */
  platform?: string;
  apiKey?: string;
  timeoutMs?: number;
  /** operationIds or tags. */
  only?: string[];
  skip?: string[];
  strict?: boolean;
  allowWrites?: boolean;
  allowDestructive?: boolean;
  /** The client that --allow-destructive may delete. */
  clientId?: number;
  /** An account (never the main one) whose password the password-change sequence may change and restore. */
  passwordAccount?: { email: string; password: string };
  checkRateLimit?: boolean;
  /** Pages client/list is walked for at most. */
  maxPages?: number;
  /** All the waiting for 429s' Retry-After in a run, together (default 300 s); past it a throttled call is a finding. */
  maxWaitMs?: number;
  /** Told as a wait begins (the CLI prints it to standard error). */
  onNotice?: (line: string) => void;
  /** Answers are read up to this many bytes, after decompression (default 10 MiB). */
  maxBodyBytes?: number;
  /** The whole run's deadline (default 20 minutes). */
  deadlineMs?: number;
  /** Problems listed per check / per run (default 50 / 2000); the verdict counts them all. */
  maxProblemsPerCheck?: number;
  maxProblemsPerRun?: number;
  /** Generated requests per operation for the fuzz checks (default 0: none). */
  fuzz?: number;
  /** The fuzz checks' seed, to repeat a run (default: drawn, and told through onNotice and the report's modes). */
  seed?: number;
  /** The run fails (a check of the 'run' group) when its spec coverage is below this percentage. */
  minCoverage?: number;
  /** An answer slower than this many milliseconds is a finding of the check that received it. */
  maxResponseMs?: number;
  /** Per-operation budgets (they win over maxResponseMs), and a default (maxResponseMs wins over it). */
  budgets?: Budgets;
  /** The mock's world every request names (X-Mock-World: letters, digits and -, 1 to 40 characters); `default`
   *  names none. Default: one probe (GET {baseUrl}/__mock/worlds) and, when the target is this project's mock, a
   *  fresh world for the run (`contracts-<UTC time>-<random>`); against anything else, none. */
  world?: string;
  fetch?: FetchLike;
  /** Called as each check finishes (the human reporter's progress line). */
  onResult?: (result: CheckResult) => void;
}

/** The run could not happen (unreachable host, sign-in refused): exit code 2. */
export class RunAborted extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunAborted';
  }
}
