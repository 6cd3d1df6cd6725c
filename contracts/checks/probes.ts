// Probes: requests whose only purpose is to show an x-assumed point that no
// other check's requests show, so that the ledger says confirmed or
// contradicted rather than "not observed". Each is safe in a read-only run: a
// sign-in that fails, an update or a delete of an id no client has (they
// change nothing), and reads. What a probe finds rests on the assumption it
// shows (an observation); what contradicts a fact stays an error.
import { randomBytes } from 'node:crypto';
import { preview } from '../../lib/preview.js';
import type { SpecFacts } from '../../spec/facts.js';
import type { PatchOperation } from '../../spec/finding.js';
import { IGNORED_FIELDS_ASSUMPTION } from '../../spec/ignored-fields.js';
import type { LoadedSpec } from '../../spec/load.js';
import { encodePointer } from '../../spec/schema.js';
import type { CheckBody, CheckRun } from '../check-run.js';
import { FORBIDDEN } from '../conform.js';
import type { Discovered } from '../discovered.js';
import type { CheckSpec, Session } from '../session.js';
import type { Finding } from '../types.js';
import { COERCION_PROBE_OPERATION, COERCIONS, type CoercionName, coercionProbe, coercionTitle } from './coercions.js';
import { listProbeChecks } from './list-probes.js';
import { pageOf, requestProperty } from './list-spec.js';
import { harmlessBody, NO_SUCH_ID } from './negative.js';
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

/** The x-assumed points the probes show (the situations' and numeric strings' in situations.ts, the type
 *  coercions' in coercions.ts). */
export const LIMIT_CAP = '/components/schemas/ClientListRequest/properties/limit';
export const COMPANY_LIMIT_CAP = '/components/schemas/CompanyClientsRequest/properties/limit';
export { BOOLEAN_AS_STRING, FRACTION_AS_INTEGER, NUMBER_AS_STRING } from './coercions.js';
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

interface Probe {
  spec: CheckSpec;
  body: CheckBody;
  /** Why it runs only with --allow-writes, when it does. */
  writes?: string;
}

const probe = (
  [group, operationId, name]: ['negative' | 'paging', string, string],
  title: string,
  shows: string | string[],
  body: CheckBody,
  writes?: string,
): Probe => ({
  spec: { id: `${group}:${operationId}:${name}`, group, operationId, title, shows: [shows].flat() },
  body,
  ...(writes ? { writes } : {}),
});

/** The probes, as data: what each is called, what it shows, what it sends. */
function probesOf(found: Discovered, facts: SpecFacts, spec: LoadedSpec): Probe[] {
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
        // A 403 there is a deployment's own refusal of an account with a plan: x-forbidden shows too.
        [UNKNOWN_CLIENT, FORBIDDEN],
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
      'a body other than {}: refused with 422 while the spec bounds it, else served',
      COUNTRIES_REFUSAL,
      countriesBody,
    ),
    ...REFUSALS.flatMap((r) => [
      probe(['negative', r.operationId, 'too-large'], 'refuses a body over 1 MiB with 413', r.tooLarge, (run) =>
        refusedBody(run, r.operationId, { raw: JSON.stringify({ keyword: 'x'.repeat(TOO_LARGE) }) }, 413),
      ),
      probe(['negative', r.operationId, 'not-json'], 'refuses a body that is not JSON with 415', r.notJson, (run) =>
        refusedBody(run, r.operationId, { raw: 'page=1', contentType: 'text/plain' }, 415),
      ),
    ]),
    probe(['paging', 'listClients', 'limit-cap'], 'refuses a limit above its maximum with 422', LIMIT_CAP, (run) =>
      limitCap(run, 'listClients', LIMIT_CAP),
    ),
    probe(
      ['paging', 'listCompanyClients', 'limit-cap'],
      'refuses a limit above its maximum with 422',
      COMPANY_LIMIT_CAP,
      (run) => limitCap(run, 'listCompanyClients', COMPANY_LIMIT_CAP, found.companyName),
    ),
    probe(
      ['negative', 'listClients', 'numeric-string'],
      numericStrings ? 'takes limit "5" as 5' : 'refuses limit "5" (a string) with 422',
      NUMERIC_STRINGS,
      numericString,
    ),
    ...coercionProbes(facts, spec),
  ];
}

/** One probe per scalar coercion of x-type-coercion, on the operation whose body shows them. */
function coercionProbes(facts: SpecFacts, spec: LoadedSpec): Probe[] {
  const op = spec.byId.get(COERCION_PROBE_OPERATION);
  if (!op) return [];
  return (Object.keys(COERCIONS) as CoercionName[]).map((name) =>
    probe(['negative', op.operationId, name], coercionTitle(name, facts, op), COERCIONS[name].node, (run) =>
      coercionProbe(run, name),
    ),
  );
}

export async function probeChecks(s: Session, found: Discovered): Promise<void> {
  for (const p of probesOf(found, s.ctx.facts, s.spec))
    if (p.writes && !s.ctx.allowWrites) s.skip(p.spec, `needs --allow-writes (${p.writes})`);
    else await s.check(p.spec, p.body);
  await listProbeChecks(s, found);
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

/** A body other than {} to countries/index, judged as the spec's body schema says: refused (422) while it
 *  bounds the body's fields (`maxProperties`), served while it does not. An answer the other way carries the
 *  patch that makes the spec say so (the bound dropped, or put back), on COUNTRIES_REFUSAL. */
async function countriesBody(run: CheckRun): Promise<Finding[]> {
  const op = run.op('listCountries');
  const bound = op.requestBody?.schema.maxProperties;
  const refused = bound !== undefined;
  const out = await run.call('listCountries', { raw: JSON.stringify({ contract_check: 1 }) });
  const problems = run.conform('listCountries', out, refused ? [422] : '2xx', { rests: COUNTRIES_REFUSAL });
  const status = out.status ?? 0;
  const served = status >= 200 && status < 300;
  if (served !== refused) return problems;
  // The body's schema as the spec writes it, inline under the operation (a `test` refuses it elsewhere).
  const at = ['paths', op.path, op.method, 'requestBody', 'content', 'application/json', 'schema', 'maxProperties'];
  const path = encodePointer(at);
  const patch: PatchOperation[] = refused
    ? [
        { op: 'test', path, value: bound },
        { op: 'remove', path },
      ]
    : [{ op: 'add', path, value: 0 }];
  return problems.map((f) => (f.assumption === COUNTRIES_REFUSAL ? { ...f, patch } : f));
}

/** One past the cap the spec gives limit (its `maximum`); client/user_client needs the caller's company to name.
 *  A deployment that takes it, not clamping it to the cap, is proposed no maximum. */
async function limitCap(run: CheckRun, operationId: string, cap: string, company?: string): Promise<Finding[]> {
  const max = requestProperty(run, operationId, 'limit')?.maximum;
  if (typeof max !== 'number') {
    run.nothingToCheck(`the spec gives ${operationId}'s limit no maximum: there is no cap to probe`);
    return [];
  }
  if (operationId === 'listCompanyClients' && company === undefined) {
    run.nothingToCheck("the run did not learn the caller's company, which client/user_client needs");
    return [];
  }
  const over = Math.floor(max) + 1;
  // Valid but for the limit, which is the one thing refused: sent as written.
  const written = { page: 1, ...(company === undefined ? {} : { company_name: company }) };
  const body = { ...(run.validBody(operationId, written) as object), limit: over };
  const out = await run.call(operationId, { body, exact: true });
  const problems = run.conform(operationId, out, [422], { rests: cap });
  const page = pageOf(out);
  if (!page) return problems;
  run.note(`limit ${over} answered ${out.status} with per_page ${preview(page.per_page, 40)}`);
  // Clamped to the cap (per_page the maximum) is a cap the spec cannot say; taken, whatever per_page then is
  // (a fixed page size answers its own), is no maximum.
  if (page.per_page === max) return problems;
  const patch: PatchOperation[] = [
    { op: 'test', path: `${cap}/maximum`, value: max },
    { op: 'remove', path: `${cap}/maximum` },
  ];
  return problems.map((f) => (f.assumption === cap ? { ...f, patch } : f));
}
