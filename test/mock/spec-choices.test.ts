// The mock's choices at the points the interface document leaves open are read
// from the spec at start-up (docs/mock.md, "Choices the spec makes for the
// mock"): for each, the same request to a mock built from the spec as it is and
// from the spec changed as a deployment's patch would change it, and the two
// answers. A spec whose choices are malformed stops the start-up.
import t from 'tap';
import { buildMock } from '../../mock/build.js';
import { buildSpec, type LoadedSpec, type RawNode } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

const V1 = '/api/v1';

/** The spec with one change, as a patch of the ledger makes it. */
async function changed(change: (raw: RawNode) => void): Promise<LoadedSpec> {
  const raw = structuredClone((await spec()).raw);
  change(raw);
  return buildSpec(raw);
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

type Mock = Awaited<ReturnType<typeof buildMock>>;

async function post(app: Mock, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const r = await app.inject({
    method: 'POST',
    url: `${V1}${path}`,
    headers: { platform: 'WEB', ...headers },
    payload: body as object,
  });
  return { status: r.statusCode, body: JSON.parse(r.body) };
}

async function token(app: Mock): Promise<Record<string, string>> {
  const r = await post(app, '/user/signin', { email: 'demo@example.com', password: 'demo-password' });
  return { authorization: `Bearer ${(r.body.data as { api_token: string }).api_token}` };
}

/** What a row sends, and what it reads of the answer: the status and the parts of the body that change. */
type Ask = (app: Mock) => Promise<unknown>;

const shown = (a: Answer, ...keys: string[]) => [a.status, Object.fromEntries(keys.map((k) => [k, a.body[k]]))];

const unknownClient =
  (path: string, extra: object = {}): Ask =>
  async (app) =>
    shown(await post(app, path, { client_id: 99_999_999, ...extra }, await token(app)), 'message', 'errors');

/** keyword as a scalar of another type: refused (its errors), or the same page as its text gets. */
const keywordAs =
  (value: unknown): Ask =>
  async (app) => {
    const auth = await token(app);
    const r = await post(app, '/client/list', { keyword: value }, auth);
    if (r.status !== 200) return [r.status, r.body.errors];
    const text = await post(app, '/client/list', { keyword: String(value) }, auth);
    return [r.status, JSON.stringify(r.body.data) === JSON.stringify(text.body.data) ? 'as its text' : 'otherwise'];
  };

/** x-type-coercion: each refused as the spec is, taken as the deployment would once `accepted`. */
const COERCION_ROWS: Row[] = [
  {
    name: 'keyword 12345: refused with 422, or searched as "12345" (x-type-coercion/number-as-string)',
    change: (raw) => {
      raw['x-type-coercion']['number-as-string'].accepted = true;
    },
    ask: keywordAs(12345),
    before: [422, { keyword: ['The keyword field must be a string.'] }],
    after: [200, 'as its text'],
  },
  {
    name: 'keyword true: refused with 422, or searched as "true" (x-type-coercion/boolean-as-string)',
    change: (raw) => {
      raw['x-type-coercion']['boolean-as-string'].accepted = true;
    },
    ask: keywordAs(true),
    before: [422, { keyword: ['The keyword field must be a string.'] }],
    after: [200, 'as its text'],
  },
  {
    name: 'page 2.9: refused with 422, or page 2 (x-type-coercion/fraction-as-integer)',
    change: (raw) => {
      raw['x-type-coercion']['fraction-as-integer'].accepted = true;
    },
    ask: async (app) => {
      const r = await post(app, '/client/list', { page: 2.9, limit: 5 }, await token(app));
      return [r.status, r.status === 200 ? (r.body.data as { current_page: unknown }).current_page : r.body.errors];
    },
    before: [422, { page: ['The page field must be an integer.'] }],
    after: [200, 2],
  },
];

interface Row {
  name: string;
  change: (raw: RawNode) => void;
  ask: Ask;
  before: unknown;
  after: unknown;
}

const CREDENTIALS = 'These credentials do not match our records.';
const notFound = (message: string) => [404, { message, errors: undefined }];
const invalid = (field: string, message: string) => [422, { message, errors: { [field]: [message] } }];

const ROWS: Row[] = [
  {
    name: 'a wrong password: 401, or 422 with errors.email (x-situations/wrong-credentials)',
    change: (raw) => Object.assign(raw['x-situations']['wrong-credentials'], { status: 422, message: CREDENTIALS }),
    ask: async (app) =>
      shown(await post(app, '/user/signin', { email: 'demo@example.com', password: 'wrong' }), 'message', 'errors'),
    before: [401, { message: 'Invalid email or password.', errors: undefined }],
    after: invalid('email', CREDENTIALS),
  },
  {
    name: 'an unknown e-mail answers as a wrong password does',
    change: (raw) => Object.assign(raw['x-situations']['wrong-credentials'], { status: 422, message: CREDENTIALS }),
    ask: async (app) =>
      shown(await post(app, '/user/signin', { email: 'nobody@example.com', password: 'x' }), 'message', 'errors'),
    before: [401, { message: 'Invalid email or password.', errors: undefined }],
    after: invalid('email', CREDENTIALS),
  },
  {
    name: 'an unknown QR code: 401, or 422 with errors.qr_code (x-situations/unknown-qr-code)',
    change: (raw) => Object.assign(raw['x-situations']['unknown-qr-code'], { status: 422 }),
    ask: async (app) => shown(await post(app, '/user/qrcode_signin', { qr_code: 'no-such-code' }), 'errors'),
    before: [401, { errors: undefined }],
    after: [422, { errors: { qr_code: ['Invalid QR code.'] } }],
  },
  ...[
    ['/client/update', { name: 'A', surname: 'B', email: 'a@example.com' }],
    ['/client/delete', {}],
    ['/room/get-by-client-id', {}],
  ].map(
    ([path, extra]): Row => ({
      name: `an unknown client on ${path}: 404, or 422 as an exists rule answers (x-situations/unknown-client)`,
      change: (raw) =>
        Object.assign(raw['x-situations']['unknown-client'], {
          status: 422,
          message: 'The selected client id is invalid.',
        }),
      ask: unknownClient(path as string, extra as object),
      before: notFound('Client not found.'),
      after: invalid('client_id', 'The selected client id is invalid.'),
    }),
  ),
  {
    name: "another company's client: 404, or what the spec says (x-situations/other-company-client)",
    change: (raw) => Object.assign(raw['x-situations']['other-company-client'], { status: 403, message: 'Forbidden.' }),
    ask: async (app) => {
      const foreign = clientsOf(app.mock.store).find((c) => app.mock.store.userById(c.user_id)!.company_id > 2)!;
      const r = await post(app, '/client/delete', { client_id: foreign.id }, await token(app));
      return shown(r, 'message');
    },
    before: [404, { message: 'Client not found.' }],
    after: [403, { message: 'Forbidden.' }],
  },
  {
    name: "another company's name on client/user_client: 404, or 200 with an empty page (x-situations/other-company)",
    change: (raw) => Object.assign(raw['x-situations']['other-company'], { status: 200 }),
    ask: async (app) => {
      const r = await post(app, '/client/user_client', { company_name: 'Solo Shades' }, await token(app));
      const page = r.body.data as { data?: unknown[]; total?: unknown } | undefined;
      return [r.status, r.status === 200 ? { data: page?.data, total: page?.total } : r.body.message];
    },
    before: [404, 'Company not found.'],
    after: [200, { data: [], total: 0 }],
  },
  {
    name: "a 422 body as the spec's ValidationError: with status, or without when the schema requires none",
    change: (raw) => {
      raw.components.schemas.ValidationError.allOf[0] = {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' } },
      };
    },
    ask: async (app) => {
      const r = await post(app, '/client/list', { limit: 'many' }, await token(app));
      return [r.status, Object.keys(r.body)];
    },
    before: [422, ['message', 'status', 'errors']],
    after: [422, ['message', 'errors']],
  },
  {
    name: 'a 404 body as the NotFoundError schema: without status when the schema requires none',
    change: (raw) => {
      raw.components.schemas.NotFoundError.allOf[0] = {
        type: 'object',
        required: ['message'],
        properties: { message: { type: 'string' } },
      };
    },
    ask: async (app) => {
      const r = await post(app, '/client/delete', { client_id: 99_999_999 }, await token(app));
      return [r.status, r.body];
    },
    before: [404, { message: 'Client not found.', status: 404 }],
    after: [404, { message: 'Client not found.' }],
  },
  {
    name: 'a 401 keeps its status whatever its schema says (section 7 fixes it)',
    change: (raw) => {
      raw.components.schemas.ValidationError.allOf[0] = { type: 'object', properties: { message: {} } };
    },
    ask: async (app) => {
      const r = await post(app, '/client/list', {});
      return [r.status, r.body];
    },
    before: [401, { message: 'Unauthenticated.', status: 401 }],
    after: [401, { message: 'Unauthenticated.', status: 401 }],
  },
  {
    name: 'no platform header: refused with 400, or served as the default platform (x-platform-refusal)',
    change: (raw) => {
      raw['x-platform-refusal'].refused = false;
    },
    ask: async (app) => {
      const auth = await token(app);
      const statuses = [];
      for (const headers of [{}, { platform: 'WINDOWS' }]) {
        const r = await app.inject({ method: 'POST', url: `${V1}/client/list`, headers: { ...auth, ...headers } });
        statuses.push(r.statusCode);
      }
      return statuses;
    },
    before: [400, 400],
    after: [200, 200],
  },
  {
    name: 'a sign-in without a platform header is served as the default platform when not refused',
    change: (raw) => {
      raw['x-platform-refusal'].refused = false;
    },
    ask: async (app) => {
      const r = await app.inject({
        method: 'POST',
        url: `${V1}/user/signin`,
        payload: { email: 'demo@example.com', password: 'demo-password' },
      });
      return [r.statusCode, typeof JSON.parse(r.body).data?.api_token];
    },
    before: [400, 'undefined'],
    after: [200, 'string'],
  },
  {
    name: 'limit "5": taken as 5, or refused with 422 (x-numeric-strings)',
    change: (raw) => {
      raw['x-numeric-strings'].accepted = false;
    },
    ask: async (app) => {
      const r = await post(app, '/client/list', { limit: '5' }, await token(app));
      return [r.status, r.status === 200 ? (r.body.data as { per_page: unknown }).per_page : r.body.errors];
    },
    before: [200, 5],
    after: [422, { limit: ['The limit field must be an integer.'] }],
  },
  ...COERCION_ROWS,
];

for (const row of ROWS)
  t.test(row.name, async (t) => {
    const asIs = await buildMock({ spec: await spec(), rateLimit: false });
    t.teardown(() => asIs.close());
    t.same(await row.ask(asIs), row.before, 'the spec as it is');
    const patched = await buildMock({ spec: await changed(row.change), rateLimit: false });
    t.teardown(() => patched.close());
    t.same(await row.ask(patched), row.after, 'the spec changed');
  });

t.test('only a string of digits in an integer field is its number; any other string stays a wrong type', async (t) => {
  const app = await buildMock({ spec: await spec(), rateLimit: false });
  t.teardown(() => app.close());
  const auth = await token(app);
  for (const limit of ['1.5', ' 5', '5 ', '0x10', '1e1', '', '+5', 'five'])
    t.equal((await post(app, '/client/list', { limit }, auth)).status, 422, JSON.stringify(limit));
  t.equal((await post(app, '/client/list', { limit: '-1' }, auth)).status, 422, '"-1" is -1, below the minimum');
  t.equal(
    (await post(app, '/client/list', { limit: '99999999999999999999' }, auth)).status,
    422,
    'past 2^53, as the number would be',
  );
  // A string field keeps its string: a keyword of digits is searched as text.
  const r = await post(app, '/client/list', { keyword: '10', page: '1' }, auth);
  t.equal(r.status, 200, 'a keyword of digits is a keyword');
});

const MALFORMED: Array<[string, (raw: RawNode) => void, RegExp]> = [
  ['a situation it does not know', (raw) => Object.assign(raw['x-situations'], { 'wrong-code': {} }), /wrong-code/],
  [
    'a status that is no integer',
    (raw) => Object.assign(raw['x-situations']['unknown-client'], { status: '404' }),
    /unknown-client: status "404"/,
  ],
  [
    'a 2xx where only a refusal is possible',
    (raw) => Object.assign(raw['x-situations']['wrong-credentials'], { status: 200 }),
    /wrong-credentials: status 200/,
  ],
  [
    'a message that is no text',
    (raw) => Object.assign(raw['x-situations']['other-company'], { message: 4 }),
    /message/,
  ],
  [
    'refused that is not true or false',
    (raw) => Object.assign(raw['x-platform-refusal'], { refused: 'no' }),
    /refused/,
  ],
  [
    'accepted that is not true or false',
    (raw) => Object.assign(raw['x-numeric-strings'], { accepted: 1 }),
    /x-numeric-strings\.accepted/,
  ],
  [
    'a coercion accepted that is not true or false',
    (raw) => Object.assign(raw['x-type-coercion']['fraction-as-integer'], { accepted: 'yes' }),
    /x-type-coercion\/fraction-as-integer\.accepted/,
  ],
];

for (const [name, change, message] of MALFORMED)
  t.test(`a spec with ${name} stops the start-up, naming it`, async (t) => {
    await t.rejects(buildMock({ spec: await changed(change), rateLimit: false }), { message });
  });
