// Issue 38: a world's store grew without bound without --state-file (one token
// adding 65,535-character measurements took 3.3 GiB in 15,000 writes). Every
// write is now weighed where it lands (mock/store/budget.ts) and refused, 507
// in the API's shape, before a world's, or all worlds', bound is passed by more
// than one record. The table is every write operation; the first test derives
// which operations write from the store's own count, so a new one is caught.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { JsonSchema } from '../../../spec/load.js';
import { foldAllOf } from '../../../spec/schema.js';
import { bearer, spec, type TestMock, testMock } from '../../helpers/mock.js';
import { clientsOf, usersOf } from '../../helpers/world.js';

/** A body as big as the operation's schema lets it be: every string at its maxLength (an address stays one). */
async function biggest(operationId: string, n: number): Promise<Record<string, unknown>> {
  const body = (await spec()).byId.get(operationId)!.requestBody!.schema;
  const out: Record<string, unknown> = {};
  for (const [field, s] of Object.entries((foldAllOf(body).properties ?? {}) as Record<string, JsonSchema>)) {
    const max = s.maxLength as number | undefined;
    if (![s.type].flat().includes('string') || s.enum || !max) continue;
    out[field] = s.format === 'email' ? `${n}${'a'.repeat(max - 13 - String(n).length)}@example.com` : 'x'.repeat(max);
  }
  return out;
}

interface Row {
  operationId: string;
  path: string;
  /** The n-th write's body: a new record each time (a new id, client or address). */
  body: (mock: TestMock, n: number) => Promise<Record<string, unknown>>;
  auth: boolean;
}

const own = (mock: TestMock) => clientsOf(mock.app.mock.store).filter((c) => c.user_id === 1);
const form = (mock: TestMock, extra: Record<string, unknown>) => {
  const client = own(mock).find((c) => mock.app.mock.store.roomsOfClient(c.id).length > 0)!;
  const room = mock.app.mock.store.roomsOfClient(client.id)[0]!;
  return { id: 0, user_id: 1, client_id: client.id, room_id: room.id, unit_type: 'cm', window_name: 'W', ...extra };
};
const measurement = (operationId: string, path: string, extra: Record<string, unknown>): Row => ({
  operationId,
  path,
  body: async (mock, n) => ({ ...(await biggest(operationId, n)), ...form(mock, extra) }),
  auth: true,
});

const WRITES: Row[] = [
  {
    operationId: 'signup',
    path: '/user/signup',
    body: async (_mock, n) => ({ ...(await biggest('signup', n)), password: 'password-1' }),
    auth: false,
  },
  {
    operationId: 'updateClient',
    path: '/client/update',
    // Another generated client each time: it moves into the overlay whole.
    body: async (mock, n) => {
      const clients = own(mock);
      return { ...(await biggest('updateClient', n)), client_id: clients[n % clients.length]!.id };
    },
    auth: true,
  },
  {
    operationId: 'deleteClient',
    path: '/client/delete',
    // A deleted client stays in the overlay (null), so that the generated one stays gone.
    body: async (mock) => ({ client_id: own(mock)[0]!.id }),
    auth: true,
  },
  {
    operationId: 'updatePassword',
    path: '/user/update_password',
    // Another generated user each time: the changed user moves into the overlay whole.
    body: async (mock, n) => ({
      email: usersOf(mock.app.mock.store).slice(1)[n % 13]!.email,
      current_password: 'demo-password',
      new_password: 'new-password-1',
      new_password_confirmation: 'new-password-1',
    }),
    auth: false,
  },
  measurement('addEditSingleWindowPhotoMeasurement', '/measurements/single_window_photo_add_edit', {
    measurement_type_id: 1,
  }),
  measurement('addEditSeriesWindowMeasurement', '/measurements/series_window_with_draperies_add_edit', {
    measurement_type_id: 2,
  }),
  measurement('addEditSpecialtyWindowMeasurement', '/measurements/specialty_window_add_edit', {
    measurement_type_id: 3,
    window_type: 2,
  }),
  {
    operationId: 'addEditAwningMeasurement',
    path: '/measurements/awning_measurement_add_edit',
    body: async (mock) => {
      const { client_id, room_id } = form(mock, {});
      return { client_id, room_id, awning_type: 'retractable', width: 144, projection: 120, mount_height: 96 };
    },
    auth: true,
  },
];

/** The example of each operation with a body, pointed at the demo account's records, as validated.test.ts sends it. */
async function exampleOf(mock: TestMock, operationId: string): Promise<Record<string, unknown>> {
  const op = (await spec()).byId.get(operationId)!;
  const client = own(mock).find((c) => mock.app.mock.store.roomsOfClient(c.id).length > 0)!;
  const mine: Record<string, unknown> = {
    client_id: client.id,
    room_id: mock.app.mock.store.roomsOfClient(client.id)[0]!.id,
    user_id: 1,
    id: 0,
  };
  const example = { ...(op.requestBody!.examples[0] as Record<string, unknown>) };
  for (const k of Object.keys(example)) if (k in mine) example[k] = mine[k];
  return example;
}

t.test('the table holds every operation that adds or grows stored data (by the store’s own count)', async (t) => {
  const loaded = await spec();
  const growing: string[] = [];
  for (const op of loaded.operations.filter((o) => o.requestBody)) {
    const mock = await testMock(t, { rateLimit: false });
    const token = await mock.signin();
    const before = mock.app.mock.store.bytes;
    const r = await mock.send({
      operationId: op.operationId,
      method: op.method.toUpperCase() as 'POST',
      path: op.path.replace('{token}', 'x'),
      body: await exampleOf(mock, op.operationId),
      headers: bearer(token),
    });
    if (mock.app.mock.store.bytes > before) growing.push(`${op.operationId} (${r.status})`);
  }
  t.ok(growing.length >= 5, `writes found: ${growing.join(', ')}`);
  const inTable = new Set(WRITES.map((w) => w.operationId));
  for (const g of growing) t.ok(inTable.has(g.split(' ')[0]!), `${g} is in the table`);
});

/** Writes `row` until refused; each write's growth and the refusal. */
async function fill(t: Test, mock: TestMock, row: Row, world = 'default', from = 0) {
  const headers: Record<string, string> = world === 'default' ? {} : { 'x-mock-world': world };
  const signin = await mock.post('/user/signin', { email: 'demo@example.com', password: 'demo-password' }, headers);
  const token = (signin.body as { data: { api_token: string } }).data.api_token;
  const send = async (n: number) =>
    mock.post(row.path, await row.body(mock, n), { ...headers, ...(row.auth ? bearer(token) : {}) });
  for (let n = from; n < from + 40; n++) {
    const store = mock.app.mock.worlds.get(world)!.store;
    const before = { bytes: store.bytes, state: JSON.stringify(store.snapshot().overlay) };
    const r = await send(n);
    if (r.status === 200) continue;
    const after = JSON.stringify(mock.app.mock.worlds.get(world)!.store.snapshot().overlay);
    return { refusal: r, written: n - from, halfWritten: after !== before.state, bytesAt: before.bytes, send };
  }
  t.fail(`${row.operationId}: 40 writes and no refusal`);
  return undefined;
}

/** One write's growth, measured in a mock of its own. */
async function growthOf(t: Test, row: Row): Promise<number> {
  const mock = await testMock(t, { rateLimit: false });
  const token = row.auth ? await mock.signin() : '';
  const before = mock.app.mock.store.bytes;
  const r = await mock.post(row.path, await row.body(mock, 0), row.auth ? bearer(token) : {});
  t.equal(r.status, 200, `${row.operationId} writes`);
  return mock.app.mock.store.bytes - before;
}

t.test(
  'regression: a world grew without bound: every write is refused 507 before its world passes its bound by a record',
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'mcs-world-bytes-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    for (const row of WRITES) {
      const record = await growthOf(t, row);
      for (const stateFile of [undefined, join(dir, `${row.operationId}.json`)]) {
        const how = `${row.operationId}${stateFile ? ' (--state-file)' : ''}`;
        const seeded = (await testMock(t)).app.mock.store.bytes;
        const worldLimit = seeded + Math.floor(5.5 * record);
        const mock = await testMock(t, { rateLimit: false, worldLimit, stateFile });
        const filled = await fill(t, mock, row);
        if (!filled) continue;
        t.ok(filled.written >= 5, `${how}: the bound is not refused early (${filled.written} written)`);
        t.ok(filled.bytesAt <= worldLimit + record, `${how}: never past the bound by more than a record`);
        t.same(
          [filled.refusal.status, filled.refusal.headers['x-mock-error']],
          [507, 'MCS_ERR_STORE_FULL'],
          `${how}: refused`,
        );
        const body = filled.refusal.body as { message: string; status: number };
        t.same(Object.keys(body).sort(), ['message', 'status'], `${how}: in the API's shape`);
        t.match(body.message, /This world's stored data has reached its bound of .*POST \/__mock\/reset/, how);
        t.notOk(filled.halfWritten, `${how}: nothing of the refused write is stored`);
        t.equal((await filled.send(99)).status, 507, `${how}: still refused`);
        t.equal((await mock.control('POST', '/__mock/reset')).status, 200);
        const again = await fill(t, mock, row, 'default', 100);
        t.ok((again?.written ?? 0) >= 5, `${how}: after a reset the world takes writes again`);
      }
    }
  },
);

t.test('all worlds together are bounded too: the refusal names that bound, and a world deleted frees it', async (t) => {
  const row = WRITES.find((w) => w.operationId === 'addEditSingleWindowPhotoMeasurement')!;
  const record = await growthOf(t, row);
  const seeded = (await testMock(t)).app.mock.store.bytes;
  // Room for the default world and a named one's seeds, and 3.5 records: two worlds share it.
  const worldsLimit = 2 * seeded + Math.floor(3.5 * record);
  const mock = await testMock(t, { rateLimit: false, worldsLimit });
  const a = await fill(t, mock, row, 'wa');
  t.equal(a?.written, 3, 'world wa takes what is left of all worlds');
  const b = await fill(t, mock, row, 'wb', 10);
  if (!b) return;
  t.equal(b.written, 0, 'world wb has no room left');
  t.equal(b.refusal.status, 507);
  t.match((b.refusal.body as { message: string }).message, /all worlds together .*DELETE \/__mock\/worlds\/NAME/);
  t.notOk(b.halfWritten);
  t.ok(mock.app.mock.worlds.storeBytes() <= worldsLimit + record, 'never past the bound by more than a record');
  t.equal((await mock.control('DELETE', '/__mock/worlds/wa')).status, 200);
  const after = await fill(t, mock, row, 'wb', 20);
  t.equal(after?.written, 3, 'with wa deleted, wb writes');
});
