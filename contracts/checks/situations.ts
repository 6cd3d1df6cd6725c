// The probes of the spec's choices for situations the interface document
// shows no answer for (x-situations: a wrong password, an unknown QR code or
// client id, another company's name) and of x-numeric-strings: each expects
// what its node says, and what differs rests on the node (an observation), so
// that the ledger says confirmed or contradicted and carries the change.
import { randomBytes } from 'node:crypto';
import type { Outcome } from '../../lib/http.js';
import type { PatchOperation } from '../../spec/finding.js';
import type { Situation, SituationName } from '../../spec/situations.js';
import type { CheckRun } from '../check-run.js';
import { type Finding, resting } from '../types.js';
import { signIn } from './kit.js';
import { harmlessBody, NOBODY } from './negative.js';

export const WRONG_PASSWORD = '/x-situations/wrong-credentials';
export const UNKNOWN_CLIENT = '/x-situations/unknown-client';
export const UNKNOWN_QR_CODE = '/x-situations/unknown-qr-code';
export const UNKNOWN_COMPANY = '/x-situations/other-company';
export const NUMERIC_STRINGS = '/x-numeric-strings';

/** The limit the numeric-string probe sends, as text. */
const LIMIT = 5;

/** The clients of a 2xx page, if the answer is one. */
function pageData(out: Outcome): unknown[] | undefined {
  const env = (out.body as { data?: { data?: unknown } } | null | undefined)?.data;
  return out.status !== undefined && out.status < 300 && Array.isArray(env?.data) ? env.data : undefined;
}

/** What the spec says a situation is answered with, for a title. */
export const answered = (s: Situation) => (s.status < 300 ? `${s.status} (an empty page)` : String(s.status));

/** An answer in a situation, judged by the status its node says: a status that differs rests on the node,
 *  marked `keyword: 'status'`, from which contracts/measures/patch.ts derives the patch (the status, text
 *  and field the deployment chose). */
function inSituationAnswer(run: CheckRun, operationId: string, out: Outcome, name: SituationName): Finding[] {
  const s = run.ctx.facts.situations[name];
  const found = run.conform(operationId, out, s.status < 300 ? '2xx' : [s.status], { rests: s.pointer });
  return found.map((f) =>
    f.assumption === s.pointer && f.keyword === undefined && f.actual === String(out.status)
      ? { ...f, keyword: 'status' }
      : f,
  );
}

/** The run's own address with a password it does not have (one attempt: no lockout), or an unknown address. */
export async function wrongPassword(run: CheckRun): Promise<Finding[]> {
  const email = run.ctx.credentials.email ?? NOBODY;
  const { out } = await signIn(run, email, `wrong-${randomBytes(8).toString('hex')}`);
  return inSituationAnswer(run, 'signin', out, 'wrong-credentials');
}

/** The operation's harmless body with `extra` over it: ids no record has, codes nobody issued (an update or
 *  delete of an id no client has changes nothing, whatever the deployment does with it). */
export async function inSituation(run: CheckRun, operationId: string, extra: object, name: SituationName) {
  const body = { ...harmlessBody(run.op(operationId)), ...extra };
  return inSituationAnswer(run, operationId, await run.call(operationId, { body }), name);
}

/** A company name nobody has: refused, or (a 2xx in the spec) an empty page, never another company's clients. */
export async function otherCompany(run: CheckRun, company: string): Promise<Finding[]> {
  const out = await run.call('listCompanyClients', { body: { company_name: company, page: 1 } });
  const problems = inSituationAnswer(run, 'listCompanyClients', out, 'other-company');
  const data = pageData(out);
  if (data && data.length > 0)
    problems.push(
      resting(
        {
          operationId: 'listCompanyClients',
          message: `client/user_client answered ${data.length} clients for a company nobody has (${company})`,
          expected: 'an empty page',
          actual: `${data.length} clients`,
          reproduce: run.reproduce(out),
        },
        UNKNOWN_COMPANY,
      ),
    );
  return problems;
}

/** limit "5": a string of digits where an integer is documented. What the deployment did is the node's value. */
export async function numericString(run: CheckRun): Promise<Finding[]> {
  const accepted = run.ctx.facts.numericStrings;
  const out = await run.call('listClients', { body: { page: 1, limit: String(LIMIT) } });
  const problems = run.conform('listClients', out, accepted ? '2xx' : [422], { rests: NUMERIC_STRINGS });
  const took = out.status !== undefined && out.status >= 200 && out.status < 300;
  const refused = out.status === 422;
  // Only an answer that says which (taken, or refused as invalid) tells the node's value.
  if (took === accepted || !(took || refused)) return problems;
  const path = `${NUMERIC_STRINGS}/accepted`;
  const patch: PatchOperation[] = [
    { op: 'test', path, value: accepted },
    { op: 'replace', path, value: took },
  ];
  return problems.map((f) => (f.assumption === NUMERIC_STRINGS && f.keyword === undefined ? { ...f, patch } : f));
}
