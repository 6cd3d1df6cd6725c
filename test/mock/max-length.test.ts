// Every string the mock stores has a maximum length, answered 422 in Laravel's
// words where a `max:` rule would refuse it: the device token of each sign-in,
// the sign-up's fields, every string of client/update and of the three window
// forms (notes and instructions are TEXT), the search texts, custom_field's
// count. The table is every string field of those requests, read from the
// spec, so a field added later is bounded too or this test names it.
import t from 'tap';
import type { JsonSchema } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { bearer, spec, type TestMock, testMock } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

const VARCHAR = 255;
const TEXT = 65_535;
const TEXT_FIELDS = new Set(['note', 'installation_instructions']);
/** Read, never stored: a Laravel backend puts no `max:` on a password or a looked-up token. */
const NOT_STORED = new Set(['email@signin', 'password@signin', 'password@signup', 'qr_code@qrcodeSignin']);

const email = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
const plain = (n: number) => 'x'.repeat(n);
const message = (field: string, max: number) =>
  `The ${field.replace(/_/g, ' ')} field must not be greater than ${max} characters.`;

/** The string fields of an operation's body (enums and unions left out: their values are listed). */
async function stringFields(operationId: string): Promise<Array<[string, JsonSchema]>> {
  const body = (await spec()).byId.get(operationId)!.requestBody!.schema;
  const props = (foldAllOf(body).properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(props).filter(([, s]) => [s.type].flat().includes('string') && !s.enum);
}

interface Op {
  operationId: string;
  path: string;
  /** A valid body, given a counter for values that must be unique. */
  base: (n: number) => Record<string, unknown>;
  auth: boolean;
}

async function operations(mock: TestMock, token: string): Promise<Op[]> {
  const client = clientsOf(mock.app.mock.store).find((c) => c.user_id === 1)!;
  const room = mock.app.mock.store.roomsOfClient(client.id)[0]!;
  const form = { user_id: 1, client_id: client.id, room_id: room.id, unit_type: 'cm', window_name: 'W' };
  const demo = { email: 'demo@example.com', password: 'demo-password' };
  return [
    { operationId: 'signin', path: '/user/signin', base: () => demo, auth: false },
    {
      operationId: 'signup',
      path: '/user/signup',
      base: (n) => ({ name: 'N', email: `new${n}@example.com`, password: 'password-1' }),
      auth: false,
    },
    { operationId: 'qrcodeSignin', path: '/user/qrcode_signin', base: () => ({ qr_code: token }), auth: false },
    { operationId: 'listClients', path: '/client/list', base: () => ({}), auth: true },
    { operationId: 'listCompanyClients', path: '/client/user_client', base: () => ({ company_name: 'x' }), auth: true },
    {
      operationId: 'updateClient',
      path: '/client/update',
      base: () => ({ client_id: client.id, name: 'N', surname: 'S', email: 'n@example.com' }),
      auth: true,
    },
    {
      operationId: 'addEditSingleWindowPhotoMeasurement',
      path: '/measurements/single_window_photo_add_edit',
      base: () => ({ ...form, measurement_type_id: 1 }),
      auth: true,
    },
    {
      operationId: 'addEditSeriesWindowMeasurement',
      path: '/measurements/series_window_with_draperies_add_edit',
      base: () => ({ ...form, measurement_type_id: 2 }),
      auth: true,
    },
    {
      operationId: 'addEditSpecialtyWindowMeasurement',
      path: '/measurements/specialty_window_add_edit',
      base: () => ({ ...form, measurement_type_id: 3, window_type: 2 }),
      auth: true,
    },
  ];
}

t.test('regression: stored strings had no maximum length (1 MB client fields, 200 kB device tokens)', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  let n = 0;
  for (const op of await operations(mock, token)) {
    const fields = (await stringFields(op.operationId)).filter(([f]) => !NOT_STORED.has(`${f}@${op.operationId}`));
    t.ok(fields.length > 0, `${op.operationId} has string fields`);
    for (const [field, schema] of fields) {
      const max = TEXT_FIELDS.has(field) ? TEXT : VARCHAR;
      const make = schema.format === 'email' ? email : plain;
      const send = (value: string) =>
        mock.post(op.path, { ...op.base(n++), [field]: value }, op.auth ? bearer(token) : {});
      const at = await send(make(max));
      if (at.status === 422) t.fail(`${op.operationId} ${field}: ${max} characters refused`, { body: at.body });
      const over = await send(make(max + 1));
      const errors = (over.body as { errors?: Record<string, string[]> }).errors ?? {};
      t.same(
        [over.status, errors[field]],
        [422, [message(field, max)]],
        `${op.operationId} ${field}: ${max + 1} characters answer 422 in Laravel's words`,
      );
    }
  }
});

t.test('the length is counted in characters after the JSON is decoded, as Laravel counts (mb_strlen)', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const c = clientsOf(mock.app.mock.store).find((x) => x.user_id === 1)!;
  const raw = (name: string) =>
    mock.app.inject({
      method: 'POST',
      url: '/api/v1/client/update',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...bearer(token) },
      payload: `{"client_id":${c.id},"name":"${name}","surname":"S","email":"n@example.com"}`,
    });
  const rows: Array<[string, string, number]> = [
    ['255 emoji (510 UTF-16 units)', '😀'.repeat(255), 200],
    ['256 emoji', '😀'.repeat(256), 422],
    ['255 accented letters', 'é'.repeat(255), 200],
    ['255 escaped \\u0078', '\\u0078'.repeat(255), 200],
    ['256 escaped \\u0078 (1,536 bytes of JSON)', '\\u0078'.repeat(256), 422],
    ['256 escaped surrogate pairs', '\\ud83d\\ude00'.repeat(256), 422],
  ];
  for (const [name, value, status] of rows) t.equal((await raw(value)).statusCode, status, name);
});

t.test('custom_field takes at most 100 fields, refused in Laravel words past that', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const client = clientsOf(mock.app.mock.store).find((c) => c.user_id === 1)!;
  const room = mock.app.mock.store.roomsOfClient(client.id)[0]!;
  const base = { user_id: 1, client_id: client.id, room_id: room.id, unit_type: 'cm', window_name: 'W' };
  const fields = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, 'v']));
  const send = (n: number) =>
    mock.post(
      '/measurements/single_window_photo_add_edit',
      { ...base, measurement_type_id: 1, custom_field: fields(n) },
      bearer(token),
    );
  t.equal((await send(100)).status, 200);
  const over = await send(101);
  t.same(over.body, {
    message: 'The custom field field must not have more than 100 items.',
    status: 422,
    errors: { custom_field: ['The custom field field must not have more than 100 items.'] },
  });
});

t.test('the spec marks every bound x-assumed', async (t) => {
  const { raw } = await spec();
  for (const name of ['VarcharString', 'TextString']) {
    const s = raw.components.schemas[name];
    t.equal(s['x-assumed'], true, name);
    t.match(s['x-assumed-reason'], /not shown/i);
  }
  t.same(
    [raw.components.schemas.VarcharString.maxLength, raw.components.schemas.TextString.maxLength],
    [VARCHAR, TEXT],
  );
  const custom = raw.components.schemas.CustomField.oneOf[0];
  t.same([custom.maxProperties, custom['x-assumed']], [100, true]);
});
