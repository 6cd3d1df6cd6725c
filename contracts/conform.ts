// Whether one answer conforms to the spec and to what the check expected of
// it: a network fault, a status other than the expected, a missing or wrong
// body. Pure: the session calls it and keeps the coverage and reproductions.

import { describeBody, type Outcome } from '../lib/http.js';
import type { ExchangeValidator } from '../spec/exchange.js';
import { type OperationEntry, successStatus } from '../spec/load.js';
import { type Finding, resting } from './types.js';

export type Expect = number[] | '2xx' | '4xx';

/**
 * The status the spec documents for the situation a call sets up (`'400'` for
 * a missing platform header, `'422'` for a body that fails validation), when
 * the check knows it: an answer with a status the spec does not document then
 * rests on that response, an observation where its status is x-assumed, the
 * same on every operation.
 */
export type Situation = string | undefined;

/**
 * What a check judges an answer against, when the operation's own nodes do not
 * say it: `situation` as above; `rests` the node the status expectation rests
 * on (an x-assumed pointer, or null for a fact of the document), in place of
 * what the expected responses and the operation say. Only the status finding
 * rests on it: a body's violation keeps the node it broke, so a plan price
 * sent as a string stays an error in a subscription check.
 */
export interface Judgement {
  situation?: string;
  rests?: string | null;
}

/** The spec's node for a 403 other than the no-plan refusal. */
export const FORBIDDEN = '/x-forbidden';

const judgementOf = (j: Situation | Judgement): Judgement =>
  typeof j === 'string' || j === undefined ? { situation: j } : j;

/** What a status expectation rests on: the expected responses' own x-assumed, never the operation's. */
export function expectationAssumption(op: OperationEntry, expect: Expect): string | undefined {
  if (expect === '4xx') return undefined;
  if (expect === '2xx') {
    const ok = op.responses[successStatus(op)];
    return ok?.assumption ?? op.assumption;
  }
  const assumptions = expect.map((x) => op.responses[String(x)]?.assumption);
  return assumptions.every(Boolean) ? assumptions[0] : undefined;
}

/** The hint for a gated operation refused with its documented no-plan 403 while a 2xx was expected. */
const NO_PLAN = ' (the documented refusal of an account without an active plan: sign in with one that has a plan)';

export function refusedForNoPlan(op: OperationEntry, status: number, body: unknown): boolean {
  if (status !== 403 || !op.subscriptionRequired) return false;
  const documented = op.responses['403']?.examples[0] as { message?: unknown } | undefined;
  return (
    documented?.message !== undefined && (body as { message?: unknown } | undefined)?.message === documented.message
  );
}

export interface Conformance {
  findings: Finding[];
  /** The answer shows the operation served (a JSON answer, neither throttled nor a server error). */
  covered: boolean;
}

export function conformAnswer(
  op: OperationEntry,
  validator: ExchangeValidator,
  out: Outcome,
  expect: Expect,
  judged?: Situation | Judgement,
): Conformance {
  const { situation, rests } = judgementOf(judged);
  const operationId = op.operationId;
  const base = { operationId, severity: 'error' } as const;
  if (out.fault)
    return {
      covered: false,
      findings: [
        {
          ...base,
          message: `${operationId}: ${out.fault.message} (${out.request.method} ${out.request.path})`,
          expected: 'an answer',
          actual: out.fault.kind,
        },
      ],
    };
  const status = out.status!;
  // A 429 proves nothing about the operation (neither that it serves nor that it refuses):
  // a throttle that outlasts the waiting is a finding, and the operation is not covered.
  if (status === 429 && !(Array.isArray(expect) && expect.includes(429))) {
    return {
      covered: false,
      findings: [
        {
          ...base,
          status,
          message: `${operationId} stayed throttled (429) after the waiting allowed (--max-wait): the check could not run`,
          expected: Array.isArray(expect) ? expect.join(' or ') : expect,
          actual: '429',
        },
      ],
    };
  }
  const findings: Finding[] = [];
  const ok =
    expect === '2xx'
      ? status >= 200 && status < 300
      : expect === '4xx'
        ? status >= 400 && status < 500
        : expect.includes(status);
  const documented = Object.keys(op.responses);
  // Another status than the situation's, where the spec assumes which one comes, is the deployment's choice at
  // that point: its body is part of that choice, not an answer to the condition the spec documents for the status
  // (a 403 for an unknown client is not the no-plan 403), so the body's findings rest on the same assumption.
  let chosen: string | undefined;
  if (!ok) {
    const want = Array.isArray(expect) ? expect.join(' or ') : expect;
    const why =
      status >= 500 ? ' (a server error)' : expect === '2xx' && refusedForNoPlan(op, status, out.body) ? NO_PLAN : '';
    // Said once: an unexpected status the spec does not document either is this finding, not a second one.
    const unlisted = documented.includes(String(status))
      ? ''
      : ` (a status the spec does not document: ${documented.join(', ')})`;
    // Only the expectation decides: a 401 expected of an assumed operation is still a fact. A server error
    // rests on no assumption whatever the check judged: nothing the document leaves open allows one.
    const on =
      rests === undefined ? expectationAssumption(op, expect) : status >= 500 ? undefined : (rests ?? undefined);
    findings.push(
      resting(
        {
          operationId,
          status,
          message: `${operationId} answered ${status}${why}, expected ${want}${unlisted}`,
          expected: want,
          actual: String(status),
        },
        on,
      ),
    );
    chosen = on;
  }
  // The 403 a gated operation documents is the no-plan refusal; the run's accounts but the no-plan one (whose
  // checks expect 403) have plans, so a 403 to another check is the deployment's own refusal (/x-forbidden).
  // (The subscription check asks for 403 alone; a list of every documented status, as the fuzz's, is not that.)
  const expects403 = Array.isArray(expect) && expect.length === 1 && expect[0] === 403;
  if (status === 403 && op.subscriptionRequired && !expects403) chosen = FORBIDDEN;
  const asChosen = (f: Finding): Finding => (chosen && !f.assumption ? resting(f, chosen) : f);
  if (out.body === undefined) {
    findings.push(
      asChosen({
        ...base,
        status,
        message: `${operationId} ${status} came with ${describeBody(out)}`,
        expected: 'a JSON body',
        actual: describeBody(out),
      }),
    );
    return { covered: false, findings };
  }
  const found = validator.validate({ operationId, status, headers: out.headers, body: out.body });
  for (const f of found) {
    if (f.keyword !== 'status') findings.push(asChosen(f));
    // An expected status the spec does not document (a 422 where a 4xx was asked): judged by the situation.
    else if (ok) findings.push(situation ? undocumented(op, f, situation, rests) : f);
  }
  return { covered: status < 500, findings };
}

/** An undocumented status re-judged by the situation: it rests on the response the spec documents for it. */
function undocumented(op: OperationEntry, f: Finding, situation: string, rests: string | null | undefined): Finding {
  const documented = op.responses[situation];
  // An operation that documents no answer for the situation leaves the validator's judgement standing.
  if (!documented) return f;
  const on = rests === undefined ? documented.assumption : (rests ?? undefined);
  return resting({ ...f, message: `${f.message}; for this request it documents ${situation}` }, on);
}
