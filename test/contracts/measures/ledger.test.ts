// The assumption ledger: the spec's x-assumed nodes found by their pointers,
// each judged confirmed, contradicted or not observed from what a run holds,
// and for a contradiction a JSON Patch that, applied to the spec, makes it
// accept what the deployment answered (checked by the exchange validator on
// the patched spec, not by reading the patch).
import { readFileSync } from 'node:fs';
import t from 'tap';
import { parse } from 'yaml';
import { assumptionsOf, canonicalPointer, nodeAt } from '../../../contracts/measures/assumptions.js';
import { buildLedger } from '../../../contracts/measures/ledger.js';
import { applyPatchToYaml, derivePatch } from '../../../contracts/measures/patch.js';
import type { CoverageReport, StatusCoverage } from '../../../contracts/measures/types.js';
import type { CheckResult, Finding } from '../../../contracts/types.js';
import { createExchangeValidator } from '../../../spec/exchange.js';
import { buildSpec, SPEC_PATH } from '../../../spec/load.js';
import { walk } from '../../../spec/schema.js';
import { spec } from '../../helpers/loaded-spec.js';

t.test('every x-assumed node an operation reaches is listed once, by the pointer that names it', async (t) => {
  const listed = assumptionsOf(spec.raw);
  const ids = listed.map((a) => a.id);
  t.equal(new Set(ids).size, ids.length, 'one entry per node');
  for (const a of listed) {
    const node = nodeAt(spec.raw, a.id) as Record<string, unknown>;
    t.equal(node?.['x-assumed'], true, `${a.id} names an x-assumed node`);
    t.ok(a.reason.length > 0 && a.reason === node['x-assumed-reason'], `${a.id} carries its reason`);
    t.ok(a.uses.length > 0, `${a.id} is reached by an operation`);
  }
  const underPaths = [...walk(spec.raw)].filter(([p, n]) => p.startsWith('/paths/') && n['x-assumed'] === true);
  for (const [p] of underPaths) t.ok(ids.includes(p), `${p} (under /paths) is listed`);
  const kinds = new Set(listed.map((a) => a.kind));
  for (const k of ['operation', 'parameter', 'request', 'response', 'property']) t.ok(kinds.has(k as never), `a ${k}`);
  const both = {
    paths: {
      '/x': {
        post: {
          operationId: 'x',
          requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } } },
          responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } } } },
        },
      },
    },
    components: { schemas: { S: { type: 'string', 'x-assumed': true, 'x-assumed-reason': 'r' } } },
  };
  t.same(
    assumptionsOf(both)[0]?.uses.map((u) => u.via),
    ['request', 'property'],
    'a schema shared by a request and an answer keeps each use, each seen its own way',
  );
});

const status = (s: string, seen: boolean, props: string[] = []): StatusCoverage => ({
  status: s,
  seen,
  assumed: false,
  properties: { seen: props, missing: [] },
});

function coverage(ops: Record<string, StatusCoverage[]>): CoverageReport {
  return {
    percent: 0,
    statuses: { seen: 0, documented: 0 },
    properties: { seen: 0, documented: 0 },
    operations: { answered: 0, total: 0 },
    byOperation: Object.entries(ops).map(([operationId, statuses]) => ({ operationId, percent: 0, statuses })),
  };
}

const failed = (id: string, operationId: string, problems: Finding[]): CheckResult => ({
  id,
  group: 'conformance',
  operationId,
  title: 't',
  verdict: 'observation',
  problems,
  notes: [],
  ms: 1,
});

t.test('each assumption is judged from what the run saw: a table of the forms', async (t) => {
  const signin401 = '/paths/~1user~1signin/post/responses/401';
  const qr401 = '/paths/~1user~1qrcode_signin/post/responses/401';
  const from = '/components/schemas/ClientPage/properties/from';
  const location = '/components/schemas/ClientUpdateRequest/properties/location';
  const finding: Finding = {
    message: 'signin answered 403, which the spec does not document',
    operationId: 'signin',
    status: 403,
    keyword: 'status',
    expected: '200, 401',
    actual: '403',
    severity: 'observation',
    assumption: signin401,
    reproduce: {
      request: { method: 'POST', url: 'https://h/api/v1/user/signin', headers: {}, body: '{"email":"x"}' },
      response: { status: 403, contentType: 'application/json', body: '{"message":"Locked"}' },
      curl: 'curl ...',
    },
  };
  const ledger = buildLedger(
    spec.raw,
    [
      failed('c1', 'signin', [finding]),
      failed('c2', 'listPlans', [{ ...finding, assumption: 'http:405-allow', status: 405, operationId: 'listPlans' }]),
    ],
    coverage({
      signin: [status('200', true), status('401', false)],
      qrcodeSignin: [status('401', true)],
      listClients: [status('200', true, ['data', 'data.from'])],
      listCompanyClients: [status('200', true, ['data'])],
      updateClient: [status('422', true)],
      signup: [status('200', true)],
    }),
  );
  const by = new Map(ledger.entries.map((e) => [e.id, e]));
  const rows: Array<[string, string, string]> = [
    ['an assumed response contradicted by a finding that rests on it', signin401, 'contradicted'],
    ['an assumed response whose status was seen', qr401, 'confirmed'],
    ['an assumed property present in a validated answer', from, 'confirmed'],
    ['an assumed request property of an operation that never succeeded', location, 'not observed'],
    ['an assumed operation that answered', '/paths/~1user~1signup/post', 'confirmed'],
    ['an HTTP rule outside the spec', 'http:405-allow', 'contradicted'],
  ];
  for (const [name, id, want] of rows) t.equal(by.get(id)?.status, want, name);
  t.notOk(by.has('/paths/~1countries~1index/post/responses/500'), 'an operation the run did not select is left out');
  const c = by.get(signin401)!;
  t.same(c.contradictions?.[0]?.reproduce?.response?.body, '{"message":"Locked"}', 'the answer that shows it is kept');
  t.equal(c.patch?.[0]?.path, '/paths/~1user~1signin/post/responses/403', 'the patch adds the status answered');
  t.match(by.get('http:405-allow')?.noPatch, /outside the spec/, 'no patch invented for a rule the spec does not make');
  t.equal(
    ledger.headline.startsWith(
      `the mock agrees with this deployment on ${ledger.confirmed} of ${ledger.confirmed + 2} `,
    ),
    true,
  );
  t.equal(ledger.entries[0]?.status, 'contradicted', 'contradictions first');
});

const SMALL = `openapi: 3.1.0
info: {title: t, version: '1'}
servers: [{url: 'https://h/api/v1'}]
paths:
  /thing:
    post:
      operationId: getThing
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [email, kind, count, from]
                properties:
                  email: {type: string, format: email, x-assumed: true, x-assumed-reason: r}
                  kind: {type: string, enum: [a, b], x-assumed: true, x-assumed-reason: r}
                  count: {type: integer, x-assumed: true, x-assumed-reason: r}
                  from: {type: integer, x-assumed: true, x-assumed-reason: r}
                  note: {type: string, maxLength: 3, x-assumed: true, x-assumed-reason: r}
        '401': {description: no, x-assumed: true, x-assumed-reason: r}
`;
const GOOD = { email: 'a@b.co', kind: 'a', count: 1, from: 1 };
const PROPS = '/paths/~1thing/post/responses/200/content/application~1json/schema/properties';

t.test('a derived patch, applied to the spec, makes it accept what the deployment answered', async (t) => {
  const rows: Array<[string, number, unknown, string]> = [
    ['a format the deployment does not keep', 200, { ...GOOD, email: 'not an email' }, `${PROPS}/email`],
    ['a value outside the enum', 200, { ...GOOD, kind: 'c' }, `${PROPS}/kind`],
    ['another type', 200, { ...GOOD, count: '7' }, `${PROPS}/count`],
    ['a required property left out', 200, { email: 'a@b.co', kind: 'a', count: 1 }, `${PROPS}/from`],
    ['a bound', 200, { ...GOOD, note: 'longer' }, `${PROPS}/note`],
    ['a status the spec does not document', 403, { message: 'no' }, '/paths/~1thing/post/responses/401'],
  ];
  const before = await buildSpec(parse(SMALL));
  for (const [name, code, body, id] of rows) {
    const exchange = { operationId: 'getThing', status: code, headers: { 'content-type': 'application/json' }, body };
    const found = createExchangeValidator(before).validate(exchange);
    t.equal(found.length, 1, `${name}: the spec refuses it`);
    const f: Finding = {
      ...found[0]!,
      assumption: id,
      reproduce: {
        request: { method: 'POST', url: 'u', headers: {} },
        response: { status: code, body: JSON.stringify(body) },
        curl: '',
      },
    };
    const derived = derivePatch(before.raw, id, id.endsWith('401') ? 'response' : 'property', f);
    if (!('patch' in derived)) {
      t.fail(`${name}: no patch (${derived.noPatch})`);
      continue;
    }
    const yaml = applyPatchToYaml(SMALL, derived.patch);
    const after = await buildSpec(parse(yaml));
    t.same(createExchangeValidator(after).validate(exchange), [], `${name}: the patched spec accepts it`);
    t.same(
      createExchangeValidator(after).validate({ ...exchange, status: 200, body: GOOD }),
      [],
      `${name}: and still what it did`,
    );
  }
});

t.test('no patch is invented where the finding does not say what the spec should say', async (t) => {
  const base: Finding = { message: 'm', severity: 'observation', keyword: 'additionalProperties' };
  t.match(derivePatch(parse(SMALL), `${PROPS}/email`, 'property', base), { noPatch: /does not show/ });
  t.match(derivePatch(parse(SMALL), 'http:x', 'http', base), { noPatch: /outside the spec/ });
  const documented = { ...base, keyword: 'status', status: 200 };
  t.match(derivePatch(parse(SMALL), '/paths/~1thing/post/responses/401', 'response', documented), {
    noPatch: /already documents 200/,
  });
  t.throws(
    () => applyPatchToYaml(SMALL, [{ op: 'test', path: `${PROPS}/email/format`, value: 'uri' }]),
    /holds something else/,
  );
  t.throws(() => applyPatchToYaml(SMALL, [{ op: 'remove', path: `${PROPS}/nothing` }]), /no such node/);
});

t.test('a yes-or-no of what a deployment takes (accepted) follows the status it answered', async (t) => {
  const raw = {
    'x-numeric-strings': { accepted: true, 'x-assumed': true },
    'x-type-coercion': { 'number-as-string': { accepted: false, 'x-assumed': true } },
  };
  const ROWS: Array<[string, number, unknown]> = [
    ['/x-type-coercion/number-as-string', 200, true],
    ['/x-type-coercion/number-as-string', 422, 'answered 422'],
    ['/x-numeric-strings', 400, false],
    ['/x-numeric-strings', 422, false],
    ['/x-numeric-strings', 404, 'answered 404'],
    ['/x-numeric-strings', 204, 'answered 204'],
  ];
  for (const [id, status, want] of ROWS) {
    const f: Finding = { message: 'm', severity: 'observation', status, actual: String(status) };
    const derived = derivePatch(raw, id, 'extension', f);
    if (typeof want === 'boolean')
      t.same(
        derived,
        {
          patch: [
            { op: 'test', path: `${id}/accepted`, value: !want },
            { op: 'replace', path: `${id}/accepted`, value: want },
          ],
        },
        `${id} answered ${status}: accepted ${want}`,
      );
    else t.match(derived, { noPatch: new RegExp(want as string) }, `${id} answered ${status}: no patch`);
  }
});

t.test('a patch applied to spec/openapi.yaml changes what it names and keeps every other line', async (t) => {
  const text = readFileSync(SPEC_PATH, 'utf8');
  const patch = [{ op: 'add' as const, path: '/paths/~1user~1signin/post/responses/403', value: { description: 'd' } }];
  const after = applyPatchToYaml(text, patch).split('\n');
  const before = text.split('\n');
  let i = 0;
  for (const l of after) if (l === before[i]) i++;
  t.equal(i, before.length, 'every line of the spec kept, in order (comments and flow style too)');
  t.equal(after.length, before.length + 2, 'and the two lines of the new response added');
});

t.test('a finding that names its node through a $ref is counted on the node as written', async (t) => {
  const through =
    '/paths/~1client~1list/post/responses/200/content/application~1json/schema/properties/data/properties/from';
  const rows: Array<[string, string, string]> = [
    ['through a $ref', through, '/components/schemas/ClientPage/properties/from'],
    [
      'already as written',
      '/components/schemas/ClientPage/properties/from',
      '/components/schemas/ClientPage/properties/from',
    ],
    ['an HTTP rule', 'http:405-allow', 'http:405-allow'],
    ['a pointer to nothing', '/paths/~1nowhere/post', '/paths/~1nowhere/post'],
  ];
  for (const [name, given, want] of rows) t.equal(canonicalPointer(spec.raw, given), want, name);
  const f: Finding = { message: 'm', severity: 'observation', keyword: 'required', assumption: through };
  const ledger = buildLedger(
    spec.raw,
    [failed('c', 'listClients', [f])],
    coverage({ listClients: [status('200', true)] }),
  );
  const entry = ledger.entries.find((e) => e.id === '/components/schemas/ClientPage/properties/from');
  t.equal(entry?.status, 'contradicted', 'the ledger entry of the node is the one contradicted');
  t.notOk(
    ledger.entries.some((e) => e.id === through),
    'and no second entry for the same node',
  );
});

t.test('a point a check shows: judged by that check, and why it was not observed', async (t) => {
  const limit = '/components/schemas/ClientListRequest/properties/limit';
  const update = '/components/schemas/ClientUpdateRequest/properties/location';
  const check = (id: string, operationId: string, verdict: CheckResult['verdict'], o: Partial<CheckResult> = {}) =>
    ({ ...failed(id, operationId, []), verdict, ...o }) satisfies CheckResult;
  // client/list answered 200 (coverage alone would confirm limit); update and delete were selected but not written.
  const cov = coverage({
    listClients: [status('200', true, ['message'])],
    updateClient: [status('200', false)],
    deleteClient: [status('200', false)],
  });
  const rows: Array<[string, CheckResult[], string, { status: string; why?: RegExp; shownBy?: string[] }]> = [
    [
      'its probe ran: confirmed by it',
      [check('paging:listClients:limit-cap', 'listClients', 'pass', { shows: [limit] })],
      limit,
      { status: 'confirmed', shownBy: ['paging:listClients:limit-cap'] },
    ],
    [
      'its probe was skipped: not observed, whatever coverage saw, with the skip reason',
      [check('paging:listClients:limit-cap', 'listClients', 'skip', { shows: [limit], notes: ['needs --x'] })],
      limit,
      { status: 'not observed', why: /^paging:listClients:limit-cap: needs --x$/ },
    ],
    [
      'a probe of an operation not selected shows nothing: coverage decides',
      [check('p', 'listCountries', 'skip', { shows: [limit], notes: ['not selected by --only/--skip'] })],
      limit,
      { status: 'confirmed' },
    ],
    [
      "a write's request property: the reason of the write check skipped for want of a flag",
      [check('writes:updateClient', 'updateClient', 'skip', { notes: ['read-only run; --allow-writes adds it'] })],
      update,
      { status: 'not observed', why: /--allow-writes/ },
    ],
    [
      'no check and no answer: the generic reason',
      [],
      update,
      { status: 'not observed', why: /^no answer of this run showed it$/ },
    ],
    [
      'a document-level point no request shows: listed, with the reason of unobserved.ts',
      [],
      '/x-sessions',
      { status: 'not observed', why: /101 sign-ins/ },
    ],
  ];
  for (const [name, results, id, want] of rows) {
    const e = buildLedger(spec.raw, results, cov).entries.find((x) => x.id === id);
    t.equal(e?.status, want.status, name);
    if (want.why) t.match(e?.why, want.why, `${name}: why`);
    else t.notOk(e?.why, `${name}: no why`);
    t.same(e?.shownBy, want.shownBy, `${name}: shown by`);
  }
});
