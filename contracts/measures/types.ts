// What the measures put in the run report (RunReport.coverage and .timing), and
// the budgets a run is held to, as data. They sit apart from the measures that
// compute them (coverage.ts, timing.ts) because contracts/types.ts needs them
// and the measures need contracts/types.ts: no import cycle, type ones included.
import type { Reproduction } from '../../lib/reproduce.js';
import type { PatchOperation } from '../../spec/finding.js';

export interface StatusCoverage {
  status: string;
  /** An answer with this status was validated against the operation's documented response. */
  seen: boolean;
  /** The response is marked x-assumed (the document does not give this status). */
  assumed: boolean;
  /** Property paths of this status's schema (`data.data[].email`): present in some validated answer, or not. */
  properties: { seen: string[]; missing: string[] };
}

export interface OperationCoverage {
  operationId: string;
  /** Of this operation's documented statuses and properties, as `percent` below. */
  percent: number;
  statuses: StatusCoverage[];
}

export interface CoverageReport {
  /**
   * 100 × (statuses seen + properties seen) / (statuses documented + properties
   * documented), over the selected operations, rounded down to one decimal.
   * A property counts per documented status (the 200's `message` and the 401's
   * `message` are two), and x-assumed responses count like the others.
   */
  percent: number;
  statuses: { seen: number; documented: number };
  properties: { seen: number; documented: number };
  /** Selected operations with at least one documented status seen. */
  operations: { answered: number; total: number };
  /** --min-coverage, when given. */
  minimum?: number;
  byOperation: OperationCoverage[];
}

/** `{ "default": 2000, "operations": { "listClients": 500 } }`: milliseconds. */
export interface Budgets {
  default?: number;
  operations?: Record<string, number>;
}

export interface OperationTiming {
  operationId: string;
  /** Answers timed. */
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** The budget its answers were held to, if any. */
  budgetMs?: number;
  /** Answers slower than the budget. */
  overBudget: number;
}

export interface TimingReport {
  /** Answers timed: one per call (a 429 waited out and retried is not), network faults left out. */
  answers: number;
  /** Every operation that answered, slowest (by p95) first. */
  operations: OperationTiming[];
}

export type { PatchOperation } from '../../spec/finding.js';

/** What the run saw of one x-assumed node: contradicted (a finding rests on it), confirmed, or not observed. */
export type AssumptionStatus = 'confirmed' | 'contradicted' | 'not observed';

/** A finding that contradicts an assumption, with the exchange that shows it (redacted like the report). */
export interface Contradiction {
  checkId: string;
  operationId?: string;
  message: string;
  expected?: string;
  actual?: string;
  reproduce?: Reproduction;
}

export interface LedgerEntry {
  /** The JSON pointer of the x-assumed node in spec/openapi.yaml, or an `http:` id for an HTTP rule outside it. */
  id: string;
  kind: string;
  reason: string;
  status: AssumptionStatus;
  /** The selected operations that reach it. */
  operations: string[];
  /** The findings that rest on it (the first few). */
  contradictions?: Contradiction[];
  /** The change to spec/openapi.yaml that makes the mock follow the deployment, when one can be derived... */
  patch?: PatchOperation[];
  /** ...and why not, when none can. */
  noPatch?: string;
  /** Why a point was not observed, and what would show it (a flag, or why no request can). */
  why?: string;
  /** The checks that showed it (CheckSpec.shows), when any did. */
  shownBy?: string[];
}

export interface LedgerReport {
  /** "the mock agrees with this deployment on N of M assumptions observed". */
  headline: string;
  confirmed: number;
  contradicted: number;
  notObserved: number;
  entries: LedgerEntry[];
}
