// The contract run as data: the runner returns it, reporters render it, the
// CLI alone turns it into an exit code.

import type { FetchLike } from '../lib/http.js';
import type { Finding } from '../spec/finding.js';
import type { Budgets, CoverageReport, LedgerReport, TimingReport } from './measures/types.js';

// The base finding lives in spec/finding.ts (the exchange validator makes
// findings too); the suite's modules import it from here.
export {
  anyIndex,
  type Finding,
  HTTP_RULES,
  type HttpRule,
  resting,
  type Severity,
  severityOf,
} from '../spec/finding.js';

export type Verdict = 'pass' | 'fail' | 'observation' | 'skip';

/** The groups of the check registry (contracts/checks/registry.ts); `run` holds what concerns the run as a
 *  whole (its deadline, coverage and response-time budgets). */
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

/** An input a check needs that the run was not given: a check skipped for want of it is named in the
 *  verdict, with the flag that gives it, never skipped silently. */
export interface Want {
  /** What is missing, in words: `the caller's company name`. */
  input: string;
  /** The flag (or flags) that give it: `--company NAME`. */
  flag: string;
}

export interface CheckResult {
  id: string;
  group: CheckGroup;
  operationId?: string;
  title: string;
  verdict: Verdict;
  problems: Finding[];
  /** Why the check was skipped, or remarks such as a throttled wait. */
  notes: string[];
  /** The check's own time: its requests and its judging, without its waits below. */
  ms: number;
  /** Skipped for want of this input. */
  wants?: Want;
  /** Time the check waited for the run's pace (--pace) or a 429's Retry-After; absent when it waited none. */
  waitedMs?: number;
  /** The x-assumed nodes the check's requests show (CheckSpec.shows), for the ledger. */
  shows?: string[];
}

export interface RunSummary {
  operations: { covered: number; total: number; uncovered: string[] };
  checks: { total: number; passed: number; failed: number; observations: number; skipped: number };
  /** The inputs some checks were skipped for want of, each with the ids of those checks. */
  wanting?: Array<Want & { checks: string[] }>;
  requests: number;
  durationMs: number;
  /** Of durationMs, the time spent waiting for the pace or 429s' Retry-After; absent when none. */
  waitedMs?: number;
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
  /** The entries of the check registry (contracts/checks/registry.ts) the run made, in run order, with their
   *  verdicts; and those --checks / --exclude-checks left out (they left no result). */
  checks?: { made: CheckTally[]; notSelected: string[] };
  /** Set when the run did not go to its end: it could not go on (`aborted`, RunAborted) or was stopped through
   *  RunOptions.signal (`interrupted`). The results are those so far; no verdict on the deployment is given. */
  stopped?: { kind: 'aborted' | 'interrupted'; reason: string };
}

export interface CheckTally {
  name: string;
  group: CheckGroup;
  description: string;
  writes: boolean;
  passed: number;
  failed: number;
  observations: number;
  skipped: number;
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
  /** The caller's company name, for the company checks (client/user_client), where neither the sign-in's user nor
   *  the profile names it (or to name another than they do). */
  company?: string;
  /** The account without a plan, for the subscription checks. */
  nosub?: { email: string; password: string };
  /** One of the spec's platform values (default: the spec's example); any other aborts the run. */
  platform?: string;
  apiKey?: string;
  timeoutMs?: number;
  /** operationIds or tags. */
  only?: string[];
  skip?: string[];
  /** Names or groups of the check registry (contracts/checks/registry.ts, `--list-checks`): only these checks,
   *  and not these. A check not selected leaves no result; the report's modes name the selection. */
  checks?: string[];
  excludeChecks?: string[];
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
  /** Stops the run (the CLI's Ctrl-C): checks not begun are skipped, and the report so far is returned, marked
   *  `stopped: interrupted`. A string reason (`the run was interrupted`) is told in the skips and the report. */
  signal?: AbortSignal;
}

/** The run could not happen or go on (unreachable host, sign-in refused): exit code 2. `report` holds what was
 *  found before (marked `stopped: aborted`), for the reports a CI asked for; absent when no run began. */
export class RunAborted extends Error {
  declare readonly report?: RunReport;
  constructor(message: string, report?: RunReport) {
    super(message);
    this.name = 'RunAborted';
    // Only when there is one: a RunAborted with none is the same as before (tests match it by its message).
    if (report) this.report = report;
  }
}
