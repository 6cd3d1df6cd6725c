// What goes on the wire: a body sent as valid is completed from the spec with
// the required properties it lacks (from the run's record, the example, the
// schema), never changed where the check wrote it; a body sent `exact`, raw
// or with another method goes as written. Against a canned transport and a
// spec where client/list's keyword is required.
import t from 'tap';
import { NO_SUCH_ID } from '../../contracts/checks/negative.js';
import { resolveRunOptions } from '../../contracts/options.js';
import { type CallOptions, Session } from '../../contracts/session.js';
import type { Outcome, Request, Transport } from '../../lib/http.js';
import { createExchangeValidator } from '../../spec/exchange.js';
import { buildSpec, type JsonSchema } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { spec } from '../helpers/mock.js';

async function session() {
  const doc = structuredClone((await spec()).raw);
  doc.components.schemas.ClientListRequest.required = ['keyword'];
  const loaded = await buildSpec(doc);
  const ctx = resolveRunOptions({ baseUrl: 'http://127.0.0.1:9', credentials: { token: 'tok' } }, loaded);
  const sent: Request[] = [];
  const transport: Transport = {
    get count() {
      return sent.length;
    },
    async send(request): Promise<Outcome> {
      sent.push(request);
      return { request, status: 200, headers: {}, text: '', body: undefined, ms: 1 };
    },
  };
  return { s: new Session(ctx, loaded, createExchangeValidator(loaded), transport), sent };
}

const CALLS: Array<[string, string, CallOptions, unknown]> = [
  [
    'a valid body gets the required keyword, from the example',
    'listClients',
    { body: { page: 2 } },
    { page: 2, keyword: '' },
  ],
  ['what the check wrote stays', 'listClients', { body: { keyword: 'smith', page: 1 } }, { keyword: 'smith', page: 1 }],
  ['exact: as written', 'listClients', { body: { page: 1 }, exact: true }, { page: 1 }],
  ['another method: as written', 'listClients', { body: {}, method: 'GET' }, {}],
  ['raw text: no body of the suite', 'listClients', { raw: 'page=1' }, undefined],
  ['a required id from the record the run found', 'getRoomsByClientId', { body: {} }, { client_id: 146 }],
  [
    "a write's target: never the record's, an id no record has",
    'deleteClient',
    { body: {} },
    { client_id: NO_SUCH_ID },
  ],
  ['a password is never made up', 'signin', { body: { email: 'a@example.invalid' } }, { email: 'a@example.invalid' }],
];

t.test('the body each call sends', async (t) => {
  const { s, sent } = await session();
  s.found.client = { id: 146, name: 'Ann' };
  for (const [name, operationId, o, expected] of CALLS) {
    await s.call(operationId, o);
    t.same(sent.at(-1)!.body, expected, name);
  }
});

// A check that read an id from a record that lacked it writes `room_id: undefined`; JSON.stringify drops it,
// and the "valid" request would go without a required property. For every operation, every required property
// (all at once and each alone) given as undefined: the body on the wire still has each one.
const requiredOf = (schema: JsonSchema): string[] => {
  const required = foldAllOf(schema).required;
  return Array.isArray(required) ? (required as string[]) : [];
};

t.test('a required property written as undefined is completed: the wire body never lacks one', async (t) => {
  const { s, sent } = await session();
  let tried = 0;
  for (const op of s.spec.operations) {
    const required = op.requestBody ? requiredOf(op.requestBody.schema) : [];
    // Passwords are never made up (left out on purpose), so their absence says nothing here.
    const fillable = required.filter((k) => !/password/.test(k));
    if (!fillable.length) continue;
    const bodies = [
      Object.fromEntries(fillable.map((k) => [k, undefined])),
      ...fillable.map((k) => ({ [k]: undefined })),
    ];
    for (const body of bodies) {
      await s.call(op.operationId, { body });
      const wire = JSON.parse(JSON.stringify(sent.at(-1)!.body ?? {})) as Record<string, unknown>;
      const lacking = fillable.filter((k) => !(k in wire));
      t.same(lacking, [], `${op.operationId} ${JSON.stringify(Object.keys(body))}: none lacking`);
      tried++;
    }
  }
  t.ok(tried > 20, `${tried} bodies tried`);
});
