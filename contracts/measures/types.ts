// What the measures put in the run report (RunReport.coverage and .timing), and
// the budgets a run is held to, as data. They sit apart from the measures that
// compute them (coverage.ts, timing.ts) because contracts/types.ts needs them
// and the measures need contracts/types.ts: no import cycle, type ones included.

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
