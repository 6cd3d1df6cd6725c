// Probes: requests whose only purpose is to show an x-assumed point that no
// other check's requests show, so that the ledger says confirmed or
// contradicted rather than "not observed". Each is safe in a read-only run: a
// sign-in that fails, an update or a delete of an id no client has (they
// change nothing), and reads. What a probe finds rests on the assumption it
// shows (an observation); what contradicts a fact stays an error.
import { randomBytes } from 'node:crypto';
import type { Outcome } from '../../lib/http.js';
import { preview } from '../../lib/preview.js';
import type { SpecFacts } from '../../spec/facts.js';
import { IGNORED_FIELDS_ASSUMPTION } from '../../spec/ignored-fields.js';
import type { CheckBody, CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { CheckSpec, Session } from '../session.js';
import { type Finding, resting } from '../types.js';
import { harmlessBody, NO_SUCH_ID } from './negative.js';
import { LIST_EFFECT } from './paging.js';
import {
  answered,
  inSituation,
  NUMERIC_STRINGS,
  numericString,
  otherCompany,
  UNKNOWN_CLIENT,
  UNKNOWN_COMPANY,
  UNKNOWN_QR_CODE,
  WRONG_PASSWORD,
  wrongPassword,
} from './situations.js';

/** The x-assumed points the probes show (the situations' and numeric strings' in situations.ts). */
export const LIMIT_CAP = '/components/schemas/ClientListRequest/properties/limit';
export const COMPANY_LIMIT_CAP = '/components/schemas/CompanyClientsRequest/properties/limit';
export {
  NUMERIC_STRINGS,
  UNKNOWN_CLIENT,
  UNKNOWN_COMPANY,
  UNKNOWN_QR_CODE,
  WRONG_PASSWORD,
} from './situations.js';
export const UNKNOWN_AWNING = '/paths/~1measurements~1awning_measurement_add_edit/post/responses/404';
/** The refusals of a body the deployment will not read, in each failure shape (section 7). */
const REFUSALS = [
  {
    operationId: 'listClients',
    tooLarge: '/components/responses/PayloadTooLarge',
    notJson: '/components/responses/UnsupportedMediaType',
  },
  {
    operationId: 'listCountries',
    tooLarge: '/components/responses/StatusPayloadTooLarge',
    notJson: '/components/responses/StatusUnsupportedMediaType',
  },
];
export const COUNTRIES_REFUSAL = '/components/responses/StatusValidationFailed';
/** Past the 1 MiB the spec assumes (PayloadTooLarge's reason). */
const TOO_LARGE = 2 ** 20 + 1;
/** The fields the spec assumes a keyword searches (LIST_EFFECT's reason; `phone` is not in listings). */
export const SEARCHED = ['name', 'surname', 'email', 'phone_no', 'project_name', 'quote_no'] as const;

type Client = Record<string, unknown> & { id: number };
interface Page {
  data: Client[];
  per_page?: unknown;
}

const pageOf = (out: Outcome): Page | undefined => {
  const env = (out.body as { data?: { data?: unknown } } | null | undefined)?.data;
  return out.status !== undefined && out.status < 300 && Array.isArray(env?.data) ? (env as Page) : undefined;
};

interface Probe {
  spec: CheckSpec;
  body: CheckBody;
  /** Why it runs only with --allow-writes, when it does. */
  writes?: string;
}

const probe = (
  [group, operationId, name]: ['negative' | 'paging', string, string],
  title: string,
  shows: string,
  body: CheckBody,
  writes?: string,
): Probe => ({
  spec: { id: `${group}:${operationId}:${name}`, group, operationId, title, shows: [shows] },
  body,
  ...(writes ? { writes } : {}),
});

/** The probes, as data: what each is called, what it shows, what it sends. */
function probesOf(found: Discovered, facts: SpecFacts): Probe[] {
  const company = `contract-check-${randomBytes(6).toString('hex')}`;
  const { situations, numericStrings } = facts;
  return [
    probe(
      ['negative', 'signin', 'refused-password'],
      `refuses a wrong password with ${answered(situations['wrong-credentials'])}`,
      WRONG_PASSWORD,
      wrongPassword,
    ),
    ...['updateClient', 'deleteClient'].map((op) =>
      probe(
        ['negative', op, 'unknown-id'],
        `answers an unknown client id with ${answered(situations['unknown-client'])}`,
        UNKNOWN_CLIENT,
        (run) => inSituation(run, op, { client_id: NO_SUCH_ID }, 'unknown-client'),
      ),
    ),
    probe(
      ['negative', 'qrcodeSignin', 'unknown-code'],
      `refuses a QR code no device issued with ${answered(situations['unknown-qr-code'])}`,
      UNKNOWN_QR_CODE,
      (run) => inSituation(run, 'qrcodeSignin', {}, 'unknown-qr-code'),
    ),
    probe(
      ['negative', 'listCompanyClients', 'unknown-company'],
      `answers a company not the caller's with ${answered(situations['other-company'])}`,
      UNKNOWN_COMPANY,
      (run) => otherCompany(run, company),
    ),
    probe(
      ['negative', 'addEditAwningMeasurement', 'unknown-id'],
      'answers unknown ids with 404',
      UNKNOWN_AWNING,
      (run) => unknownId(run, 'addEditAwningMeasurement', {}, 404),
      'an add-or-edit a deployment wrongly accepted would add a record',
    ),
    probe(
      ['negative', 'listClients', 'unknown-field'],
      'ignores a field it does not document',
      IGNORED_FIELDS_ASSUMPTION,
      async (run) => {
        const out = await run.call('listClients', { body: { page: 1, contract_check_unknown: 1 } });
        return run.conform('listClients', out, '2xx', { rests: IGNORED_FIELDS_ASSUMPTION });
      },
    ),
    probe(
      ['negative', 'listCountries', 'invalid-body'],
      'refuses a body other than {} with 422',
      COUNTRIES_REFUSAL,
      (run) => refusedBody(run, 'listCountries', { raw: JSON.stringify({ contract_check: 1 }) }, 422),
    ),
    ...REFUSALS.flatMap((r) => [
      probe(['negative', r.operationId, 'too-large'], 'refuses a body over 1 MiB with 413', r.tooLarge, (run) =>
        refusedBody(run, r.operationId, { raw: JSON.stringify({ keyword: 'x'.repeat(TOO_LARGE) }) }, 413),
      ),
      probe(['negative', r.operationId, 'not-json'], 'refuses a body that is not JSON with 415', r.notJson, (run) =>
        refusedBody(run, r.operationId, { raw: 'page=1', contentType: 'text/plain' }, 415),
      ),
    ]),
    probe(['paging', 'listClients', 'limit-cap'], 'refuses a limit above 100 with 422', LIMIT_CAP, (run) =>
      limitCap(run, 'listClients', LIMIT_CAP),
    ),
    probe(
      ['paging', 'listCompanyClients', 'limit-cap'],
      'refuses a limit above 100 with 422',
      COMPANY_LIMIT_CAP,
      (run) => limitCap(run, 'listCompanyClients', COMPANY_LIMIT_CAP, found.companyName),
    ),
    probe(['paging', 'listClients', 'per-page'], 'limit sets per_page', LIST_EFFECT, perPage),
    probe(['paging', 'listClients', 'order'], 'lists clients newest first', LIST_EFFECT, newestFirst),
    probe(
      ['paging', 'listClients', 'keyword-fields'],
      `a keyword searches ${SEARCHED.join(', ')}`,
      LIST_EFFECT,
      keywordFields,
    ),
    probe(
      ['negative', 'listClients', 'numeric-string'],
      numericStrings ? 'takes limit "5" as 5' : 'refuses limit "5" (a string) with 422',
      NUMERIC_STRINGS,
      numericString,
    ),
  ];
}

export async function probeChecks(s: Session, found: Discovered): Promise<void> {
  for (const p of probesOf(found, s.ctx.facts))
    if (p.writes && !s.ctx.allowWrites) s.skip(p.spec, `needs --allow-writes (${p.writes})`);
    else await s.check(p.spec, p.body);
}

/** The awning's unknown ids: its own documented 404, in its own failure shape (section 7). */
async function unknownId(run: CheckRun, operationId: string, extra: object, status: number): Promise<Finding[]> {
  const body = { ...harmlessBody(run.op(operationId)), ...extra };
  return run.conform(operationId, await run.call(operationId, { body }), [status]);
}

/** A body the deployment must refuse before reading it (too large, not JSON). */
async function refusedBody(
  run: CheckRun,
  operationId: string,
  o: { raw: string; contentType?: string },
  status: number,
): Promise<Finding[]> {
  return run.conform(operationId, await run.call(operationId, o), [status]);
}

/** limit 101, one past the cap the spec assumes; client/user_client needs the caller's company to name. */
async function limitCap(run: CheckRun, operationId: string, cap: string, company?: string): Promise<Finding[]> {
  if (operationId === 'listCompanyClients' && company === undefined) {
    run.nothingToCheck("the run did not learn the caller's company, which client/user_client needs");
    return [];
  }
  // Valid but for the limit, which is the one thing refused: sent as written.
  const written = { page: 1, ...(company === undefined ? {} : { company_name: company }) };
  const body = { ...(run.validBody(operationId, written) as object), limit: 101 };
  const out = await run.call(operationId, { body, exact: true });
  const problems = run.conform(operationId, out, [422], { rests: cap });
  const page = pageOf(out);
  if (page) run.note(`limit 101 answered ${out.status} with per_page ${preview(page.per_page, 40)}`);
  return problems;
}

const LIMIT = 5;

async function perPage(run: CheckRun): Promise<Finding[]> {
  const out = await run.call('listClients', { body: { page: 1, limit: LIMIT } });
  const problems = run.conform('listClients', out);
  const page = pageOf(out);
  if (!page) return problems;
  if (page.per_page !== LIMIT || page.data.length > LIMIT)
    problems.push(
      resting(
        {
          operationId: 'listClients',
          message: `client/list with limit ${LIMIT} answered per_page ${preview(page.per_page, 40)} and ${page.data.length} clients: limit does not set the page size`,
          expected: `per_page ${LIMIT}, at most ${LIMIT} clients`,
          actual: `per_page ${preview(page.per_page, 40)}, ${page.data.length} clients`,
          reproduce: run.reproduce(out),
        },
        LIST_EFFECT,
      ),
    );
  return problems;
}

const descending = (xs: Array<number | string>): boolean => xs.every((x, i) => i === 0 || xs[i - 1]! >= x);

/** Newest first: by created_at (as stored, ISO 8601 compares as text) or, for equal times, by id. */
async function newestFirst(run: CheckRun): Promise<Finding[]> {
  const out = await run.call('listClients', { body: { page: 1 } });
  const problems = run.conform('listClients', out);
  const data = pageOf(out)?.data ?? [];
  if (problems.length) return problems;
  if (data.length < 2) {
    run.nothingToCheck('fewer than two clients on the first page: no order to see');
    return problems;
  }
  const times = data.map((c) => c.created_at);
  const byTime = times.every((t) => typeof t === 'string') && descending(times as string[]);
  if (!byTime && !descending(data.map((c) => c.id)))
    problems.push(
      resting(
        {
          operationId: 'listClients',
          message: 'client/list is not newest first: neither created_at nor id falls down the first page',
          expected: 'newest first',
          actual: preview(
            data.slice(0, 5).map((c) => ({ id: c.id, created_at: c.created_at })),
            300,
          ),
          reproduce: run.reproduce(out),
        },
        LIST_EFFECT,
      ),
    );
  return problems;
}

/** A value of the field worth searching for (three characters or more), with the client that holds it. */
function sample(clients: Client[], field: string): { client: Client; value: string } | undefined {
  for (const client of clients) {
    const v = client[field];
    if (typeof v === 'string' && v.trim().length >= 3) return { client, value: v.trim() };
  }
  return undefined;
}

async function keywordFields(run: CheckRun): Promise<Finding[]> {
  const first = await run.call('listClients', { body: { page: 1, limit: 100 } });
  const problems = run.conform('listClients', first);
  const clients = pageOf(first)?.data ?? [];
  const tried: string[] = [];
  for (const field of SEARCHED) {
    const hit = sample(clients, field);
    if (!hit) continue;
    tried.push(field);
    const out = await run.call('listClients', { body: { keyword: hit.value, page: 1, limit: 100 } });
    problems.push(...run.conform('listClients', out));
    const page = pageOf(out);
    if (!page || page.data.some((c) => c.id === hit.client.id)) continue;
    // A full page may hold other clients with the same words: only a page with room to spare tells.
    if (page.data.length >= 100) continue;
    problems.push(
      resting(
        {
          operationId: 'listClients',
          message: `keyword "${preview(hit.value, 60)}" (client ${hit.client.id}'s ${field}) did not find client ${hit.client.id}: ${field} seems not searched`,
          expected: `client ${hit.client.id} among the hits`,
          actual: preview(
            page.data.slice(0, 10).map((c) => c.id),
            200,
          ),
          reproduce: run.reproduce(out),
        },
        LIST_EFFECT,
      ),
    );
  }
  if (!tried.length) run.nothingToCheck('no client on the first page holds a value to search for');
  else if (tried.length < SEARCHED.length)
    run.note(`no client on the first page holds ${SEARCHED.filter((f) => !tried.includes(f)).join(', ')}`);
  return problems;
}
