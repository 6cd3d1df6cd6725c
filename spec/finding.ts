// The base finding: one thing wrong with an answer, as the exchange validator
// reports it (spec/exchange.ts) and a contract check adds to it. It lives
// beside the validator, not in the contract suite, because the mock's journal,
// the proxy and the scripts read findings too, and none of them may import
// contracts/ (docs/architecture.md#layers).
import type { Reproduction } from '../lib/reproduce.js';

/**
 * `error` fails its check. `observation` rests on a part of the spec marked
 * x-assumed: the check passes with an observation, unless the run is --strict.
 */
export type Severity = 'error' | 'observation';

/** What rests on an x-assumed part of the spec is an observation; the rest an error. */
export const severityOf = (assumed: boolean): Severity => (assumed ? 'observation' : 'error');

/** One thing wrong with an answer: found by the exchange validator or a check, listed by the report. */
export interface Finding {
  message: string;
  operationId?: string;
  status?: number;
  /** JSON pointer into the body ('' for the whole body). */
  at?: string;
  /** What the spec expects there. */
  expected?: string;
  /** What came. */
  actual?: string;
  /** Ajv's keyword, or `status` / `content-type` / `operation` / `truncated`: set by the exchange validator. */
  keyword?: string;
  severity: Severity;
  /** The x-assumed node the finding was judged against: its JSON pointer into spec/openapi.yaml, or an
   *  `http:...` id for an HTTP rule outside the spec. A finding is an observation exactly when it has one. */
  assumption?: string;
  /** The exchange that showed it, redacted, with a curl command. */
  reproduce?: Reproduction;
}
