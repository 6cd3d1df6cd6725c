// Conformance of one answer: what each kind of answer yields, whether it covers
// its operation, and the no-plan hint (only the documented no-plan refusal of an
// operation that needs a plan gets it).
import t from 'tap';
import { conformAnswer, type Expect, refusedForNoPlan } from '../../contracts/conform.js';
import type { Outcome } from '../../lib/http.js';
import { createExchangeValidator } from '../../spec/exchange.js';
import { spec } from '../helpers/mock.js';

/** One JSON answer as the transport gives it. */
const answer = (status: number | undefined, body: unknown, extra: Partial<Outcome> = {}): Outcome => ({
  request: { method: 'POST', path: '/x' },
  status,
  headers: { 'content-type': 'application/json' },
  text: body === undefined ? '' : JSON.stringify(body),
  body,
  ms: 1,
  ...extra,
});

t.test('each kind of answer: its first finding, its severity, and whether it covers the operation', async (t) => {
  const loaded = await spec();
  const validator = createExchangeValidator(loaded);
  const op = (id: string) => loaded.byId.get(id)!;
  const example = (id: string, status: string) => op(id).responses[status]!.examples[0];
  const cases: Array<[string, string, Outcome, Expect, { first?: RegExp; severity?: string; covered: boolean }]> = [
    ['the documented answer', 'listCountries', answer(200, example('listCountries', '200')), '2xx', { covered: true }],
    [
      'a network fault',
      'listCountries',
      answer(undefined, undefined, { fault: { kind: 'refused', message: 'connection refused' } }),
      '2xx',
      { first: /connection refused \(POST \/x\)/, severity: 'error', covered: false },
    ],
    [
      'a throttle that outlasted the waiting',
      'listCountries',
      answer(429, example('listCountries', '429')),
      '2xx',
      { first: /stayed throttled/, severity: 'error', covered: false },
    ],
    ['a 429 asked for', 'listCountries', answer(429, example('listCountries', '429')), [429], { covered: true }],
    [
      'a server error',
      'listCountries',
      answer(500, { message: 'boom' }),
      '2xx',
      { first: /answered 500 \(a server error\), expected 2xx/, severity: 'error', covered: false },
    ],
    [
      'a body that is not JSON',
      'listCountries',
      answer(200, undefined, { text: '<html>' }),
      '2xx',
      { first: /came with an HTML page/, severity: 'error', covered: false },
    ],
    [
      'a refusal of an operation the spec assumes, when it was expected to serve',
      'logout',
      answer(401, example('logout', '401')),
      '2xx',
      { first: /answered 401, expected 2xx/, severity: 'observation', covered: true },
    ],
    [
      'a success where a documented refusal was expected',
      'logout',
      answer(200, example('logout', '200')),
      [401],
      { first: /answered 200, expected 401/, severity: 'error', covered: true },
    ],
  ];
  for (const [name, id, out, expect, want] of cases) {
    const { findings, covered } = conformAnswer(op(id), validator, out, expect);
    t.equal(covered, want.covered, `${name}: covered`);
    if (!want.first) t.same(findings, [], `${name}: no finding`);
    else t.match(findings[0], { message: want.first, severity: want.severity, operationId: id }, name);
  }
});

t.test('only a gated operation’s documented 403 body is read as “no plan”', async (t) => {
  const ops = (await spec()).operations;
  const gated = ops.find((o) => o.operationId === 'listClients')!;
  const open = ops.find((o) => !o.subscriptionRequired && !o.isPublic)!;
  const documented = (gated.responses['403']!.examples[0] as { message: string }).message;
  const cases: Array<[string, Parameters<typeof refusedForNoPlan>, boolean]> = [
    ['the documented refusal', [gated, 403, { message: documented, status: 403 }], true],
    ['another 403 message', [gated, 403, { message: 'Forbidden.' }], false],
    ['no body', [gated, 403, undefined], false],
    ['another status with that message', [gated, 401, { message: documented }], false],
    ['an operation that needs no plan', [open, 403, { message: documented }], false],
  ];
  for (const [name, args, want] of cases) t.equal(refusedForNoPlan(...args), want, name);
});

t.test('status findings rest on what the check expected, said once', async (t) => {
  const loaded = await spec();
  const validator = createExchangeValidator(loaded);
  const op = (id: string) => loaded.byId.get(id)!;
  const refusal = { message: 'The platform field is required.', status: 422, errors: {} };
  const rows: Array<[string, string, Outcome, Expect, string | undefined, Array<[RegExp, string | undefined]>]> = [
    [
      'an undocumented 422 for a missing platform, on an operation the spec assumes',
      'getProfile',
      answer(422, refusal),
      '4xx',
      '400',
      [[/which the spec does not document .*; for this request it documents 400$/, '/components/responses/BadRequest']],
    ],
    [
      'the same on an operation the document shows: the same assumption',
      'listCompanyUsers',
      answer(422, refusal),
      '4xx',
      '400',
      [[/for this request it documents 400$/, '/components/responses/BadRequest']],
    ],
    [
      'an unexpected status the spec does not document either: one finding, not two',
      'listCompanyUsers',
      answer(418, { message: 'teapot', status: 418 }),
      [401],
      undefined,
      [[/^listCompanyUsers answered 418, expected 401 \(a status the spec does not document: /, undefined]],
    ],
    [
      "a made-up token accepted by listPlans, whose 401 is the document's",
      'listPlans',
      answer(200, op('listPlans').responses['200']!.examples[0]),
      [401],
      undefined,
      [[/^listPlans answered 200, expected 401$/, undefined]],
    ],
    [
      'a 401 expected of an operation the spec assumes is still a fact (not its neighbour)',
      'getProfile',
      answer(200, op('getProfile').responses['200']!.examples[0]),
      [401],
      undefined,
      [[/^getProfile answered 200, expected 401$/, undefined]],
    ],
  ];
  for (const [name, id, out, expect, situation, want] of rows) {
    const { findings } = conformAnswer(op(id), validator, out, expect, situation);
    t.equal(findings.length, want.length, `${name}: ${findings.map((f) => f.message).join(' | ')}`);
    for (const [i, [message, assumption]] of want.entries()) {
      t.match(findings[i]?.message, message, name);
      t.equal(findings[i]?.assumption, assumption, `${name}: rests on ${assumption ?? 'a fact'}`);
      t.equal(findings[i]?.severity, assumption ? 'observation' : 'error', `${name}: severity`);
    }
  }
});

t.test(
  'regression: another status where the spec assumes one is judged whole as the deployment’s choice',
  async (t) => {
    // A Spring deployment answered an unknown client id with 403 Access Denied (its own body); the body was
    // judged against the no-plan 403 the document gives, and the check failed on a choice the document leaves open.
    const loaded = await spec();
    const validator = createExchangeValidator(loaded);
    const op = (id: string) => loaded.byId.get(id)!;
    const situation = '/x-situations/unknown-client';
    const spring = {
      timestamp: '2026-11-29T07:34:48.897+00:00',
      status: 403,
      error: 'Forbidden',
      message: 'Access Denied',
    };
    const judged = { situation: '404', rests: situation };
    const rows: Array<[string, Outcome, Expect, Array<[RegExp, string | undefined]>]> = [
      [
        'a 403 in the framework’s body: the status rests on the situation, the body on x-forbidden',
        answer(403, spring),
        [404],
        [
          [/^updateClient answered 403, expected 404$/, situation],
          [/^updateClient 403 \/message: must be equal to constant$/, '/x-forbidden'],
        ],
      ],
      [
        'a 403 with no body: the same',
        answer(403, undefined),
        [404],
        [
          [/^updateClient answered 403, expected 404$/, situation],
          [/^updateClient 403 came with/, '/x-forbidden'],
        ],
      ],
      [
        'a server error stays an error, body and all',
        answer(500, { message: 'Server Error' }),
        [404],
        [
          [
            /^updateClient answered 500 \(a server error\), expected 404 \(a status the spec does not document/,
            undefined,
          ],
        ],
      ],
      [
        'the expected status with a body off the spec: the body is judged as the document says',
        answer(404, { message: 'Client not found.', status: '404' }),
        [404],
        [[/^updateClient 404 \/status: must be integer$/, '/components/schemas/NotFoundError']],
      ],
    ];
    // A refusal the check asked for as any 4xx (a fuzz case, a read of a deleted client): a 403 is the deployment's
    // own refusal, not the no-plan one; the subscription check, which asks for 403, judges the fact.
    rows.push(
      [
        'a 403 to a 4xx expected: its body rests on x-forbidden',
        answer(403, spring),
        '4xx',
        [[/^updateClient 403 \/message: must be equal to constant$/, '/x-forbidden']],
      ],
      [
        'a 403 among every documented status (a fuzz case sent as valid): not the no-plan refusal either',
        answer(403, spring),
        [200, 400, 401, 403, 404, 422],
        [[/^updateClient 403 \/message: must be equal to constant$/, '/x-forbidden']],
      ],
      [
        'the no-plan 403 the subscription check asks for: a fact',
        answer(403, spring),
        [403],
        [[/^updateClient 403 \/message: must be equal to constant$/, undefined]],
      ],
    );
    for (const [name, out, expect, want] of rows) {
      const asked = Array.isArray(expect) && expect.includes(404) ? judged : undefined;
      const { findings } = conformAnswer(op('updateClient'), validator, out, expect, asked);
      const got = findings.map((f) => `${f.message} @ ${f.assumption ?? 'fact'}`);
      t.ok(findings.length >= want.length, `${name}: ${got.join(' | ')}`);
      for (const [i, [message, assumption]] of want.entries()) {
        t.match(findings[i]?.message, message, `${name}: ${got.join(' | ')}`);
        t.equal(findings[i]?.assumption, assumption, `${name}: rests on ${assumption ?? 'a fact'}`);
      }
    }
  },
);
