// The base finding: one thing wrong with an answer, as the exchange validator
// reports it (spec/exchange.ts) and a contract check adds to it. It lives
// beside the validator, not in the contract suite, because the mock's journal,
// the proxy and the scripts read findings too, and none of them may import
// contracts/ (docs/architecture.md#layers).
import type { Reproduction } from '../lib/reproduce.js';

/**
 * `error` fails its check. `observation` rests on an assumption (see
 * `Finding.assumption`): the check passes with an observation, unless the run
 * is --strict.
 */
export type Severity = 'error' | 'observation';

/**
 * The rules outside the spec and the interface document that checks judge by
 * (HTTP's, RFC 9110): as open as an x-assumed choice, since neither document
 * makes them, so what rests on one is an observation. Their ids are stable.
 */
export const HTTP_RULES = {
  /** A 405 carries an Allow header listing the methods the resource has (RFC 9110 section 15.5.6). */
  'http:405-allow': 'RFC 9110 section 15.5.6: a 405 answer lists the allowed methods in Allow',
  /** A method the resource lacks is refused with 405 (RFC 9110 section 15.5.6), not another status. */
  'http:405': 'RFC 9110 section 15.5.6: a method the resource lacks is answered 405',
} as const;
export type HttpRule = keyof typeof HTTP_RULES;

/** The one rule: a finding that rests on an assumption is an observation; one that rests on none (a fact of
 *  the document, encoded in the spec) is an error. */
export const severityOf = (assumption: string | undefined): Severity => (assumption ? 'observation' : 'error');

/** A finding judged against `assumption` (or against a fact, when undefined): its severity follows from it. */
export function resting<F extends Omit<Finding, 'severity' | 'assumption'>>(
  f: F,
  assumption: string | undefined,
): F & Pick<Finding, 'severity' | 'assumption'> {
  // Whatever the finding rested on before (a re-judged one) gives way to this.
  const { severity: _severity, assumption: _before, ...rest } = f as F & Partial<Finding>;
  return { ...(rest as F), severity: severityOf(assumption), ...(assumption ? { assumption } : {}) };
}

/** A JSON pointer with every array index as `*` (`/data/data/0/id` and `/data/data/7/id` are one place of a
 *  list's items): how folds, causes and repeats tell one place in many answers. */
export const anyIndex = (pointer: string | undefined): string => (pointer ?? '').replace(/\/\d+(?=\/|$)/g, '/*');

/** One thing wrong with an answer: found by the exchange validator or a check, listed by the report. */
/** One operation of RFC 6902 JSON Patch, on spec/openapi.yaml. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'test';
  path: string;
  value?: unknown;
}

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
  /**
   * What the finding was judged against when that is an assumption: the JSON
   * pointer, into spec/openapi.yaml as written, of the node that carries
   * `x-assumed: true` (an operation `/paths/~1user~1signup/post`, a response
   * `/components/responses/BadRequest`, a schema property
   * `/components/schemas/ClientUpdateRequest/properties/email`, a request body, a
   * parameter, or a root extension such as `/x-subscription`), where `$ref`s
   * lead: a node shared by many operations is one assumption. Or the id of an
   * HTTP rule outside the spec (`HTTP_RULES`, e.g. `http:405-allow`). Absent
   * when the finding rests on a fact. Set with `resting()`: present exactly
   * when `severity` is `observation`. Never a neighbour's: an x-assumed
   * operation does not make its documented 401 an assumption.
   */
  assumption?: string;
  /** The exchange that showed it, redacted, with a curl command. */
  reproduce?: Reproduction;
  /**
   * The change to spec/openapi.yaml that makes the spec say what the deployment
   * did, proposed by the check that saw it: a check that knows what it observed
   * (per_page stayed 20, the list runs oldest first) says so better than a
   * derivation from the exchange can. Only with `assumption`.
   */
  patch?: PatchOperation[];
}
