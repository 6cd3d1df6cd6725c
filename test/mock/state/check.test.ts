// A state file can pass the schema and still not fit its world: ids that are
// not their keys, ghosts beyond the world, records pointing at nothing. Round
// one started on such files silently; each is now refused, naming the record.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { StateFileError } from '../../../mock/state/file.js';
import { spec } from '../../helpers/mock.js';

/** A state file as JSON, broken on purpose. */
type Raw = any;

t.test('regression: a schema-valid but inconsistent state file is refused, naming the record', async (t) => {
  const source = await buildMock({ spec: await spec() });
  const store = source.mock.store;
  const good: Raw = JSON.parse(JSON.stringify(store.snapshot()));
  const demo = store.userByEmail('demo@example.com')!;
  const other = store.userByEmail('nosub@example.com')!;
  const client = store.client(store.ownClientIds(demo.id)[0]!)!;
  const otherClient = store.client(store.ownClientIds(other.id)[0]!)!;
  const room = store.roomsOfClient(client.id)[0]!;
  const otherRoom = store.roomsOfClient(otherClient.id)[0]!;
  const measurement = store.measurementsInRoom(room.id)[0]!;
  const newId = store.size * 3 * 15 + 1; // past every generated measurement
  // A number in the room's block of measurement ids that no measurement was given.
  const taken = new Set(store.measurementsInRoom(room.id).map((m) => m.id));
  const ghost = Array.from({ length: 15 }, (_, i) => (room.id - 1) * 15 + 1 + i).find((id) => !taken.has(id))!;
  const session = {
    token: 'a'.repeat(64),
    user_id: demo.id,
    platform: 'WEB',
    device_token: '',
    created_at: demo.created_at,
  };
  const subscription = {
    id: 900,
    user_id: other.id,
    plan_id: 1,
    status: 'active',
    started_at: demo.created_at,
    expires_at: demo.created_at,
  };
  await source.close();

  const rows: Array<[string, (s: Raw) => void, RegExp]> = [
    [
      'a client whose id is not its key',
      (s) => s.overlay.clients.push({ id: client.id, record: { ...client, id: client.id + 1 } }),
      new RegExp(`overlay\\.clients\\[0\\] \\(client ${client.id}\\): has id ${client.id + 1}`),
    ],
    [
      'a client listed twice',
      (s) => s.overlay.clients.push({ id: client.id, record: client }, { id: client.id, record: null }),
      new RegExp(`overlay\\.clients\\[1\\] \\(client ${client.id}\\): repeats overlay\\.clients\\[0\\]`),
    ],
    [
      'a ghost client beyond the world',
      (s) => s.overlay.clients.push({ id: 151, record: { ...client, id: 151 } }),
      /overlay\.clients\[0\] \(client 151\): is beyond the world \(clients 1 to 150\)/,
    ],
    [
      'a client moved to a missing user',
      (s) => s.overlay.clients.push({ id: client.id, record: { ...client, user_id: 9999 } }),
      /overlay\.clients\[0\] \(client \d+\): belongs to user 9999, who does not exist/,
    ],
    [
      "a client moved to another user (the owners are the world's)",
      (s) => s.overlay.clients.push({ id: client.id, record: { ...client, user_id: other.id } }),
      new RegExp(`belongs to user ${other.id}; the world gives it to user ${demo.id}`),
    ],
    [
      'a client of a missing lead source',
      (s) => s.overlay.clients.push({ id: client.id, record: { ...client, lead_source_id: 999 } }),
      /overlay\.clients\[0\] \(client \d+\): has lead source 999, which does not exist/,
    ],
    [
      'a garbage password hash',
      (s) => s.overlay.users.push({ ...demo, password_hash: 'hunter2' }),
      /overlay\.users\[0\] \(user 1\): has a password_hash that is not one \(salt:sha256 in hex\)/,
    ],
    [
      'a user of a missing company',
      (s) => s.overlay.users.push({ ...demo, company_id: 9999 }),
      /overlay\.users\[0\] \(user 1\): belongs to company 9999, which does not exist/,
    ],
    [
      'two users with one e-mail address',
      (s) => s.overlay.users.push({ ...other, email: 'Demo@Example.com ' }),
      new RegExp(`overlay\\.users\\[0\\] \\(user ${other.id}\\): has the e-mail address of user ${demo.id}`),
    ],
    [
      'a sign-up company numbered among the generated ones',
      (s) => s.overlay.companies.push({ id: 1, name: 'Again' }),
      /overlay\.companies\[0\] \(company 1\): is numbered among the generated companies/,
    ],
    [
      'a subscription to a missing plan',
      (s) => s.overlay.subscriptions.push({ user_id: other.id, subscription: { ...subscription, plan_id: 99 } }),
      /overlay\.subscriptions\[0\] \(user \d+\): is to plan 99, which does not exist/,
    ],
    [
      'a subscription of a missing user',
      (s) => s.overlay.subscriptions.push({ user_id: 9999, subscription: { ...subscription, user_id: 9999 } }),
      /overlay\.subscriptions\[0\] \(user 9999\): is of user 9999, who does not exist/,
    ],
    [
      'a subscription filed under another user',
      (s) => s.overlay.subscriptions.push({ user_id: demo.id, subscription }),
      new RegExp(`overlay\\.subscriptions\\[0\\] \\(user ${demo.id}\\): has user_id ${other.id}`),
    ],
    [
      'a measurement of a missing client',
      (s) => s.overlay.measurements.push({ ...measurement, id: newId, client_id: 9999, room_id: null }),
      new RegExp(
        `overlay\\.measurements\\[0\\] \\(measurement ${newId}\\): is of client 9999, which is not in the world`,
      ),
    ],
    [
      'a measurement in a missing room',
      (s) => s.overlay.measurements.push({ ...measurement, id: newId, room_id: 99_999 }),
      /\(measurement \d+\): is in room 99999, which does not exist/,
    ],
    [
      "a measurement in another client's room",
      (s) => s.overlay.measurements.push({ ...measurement, id: newId, room_id: otherRoom.id }),
      new RegExp(`is in room ${otherRoom.id}, a room of client ${otherClient.id}, not of client ${client.id}`),
    ],
    [
      'a measurement by a missing user',
      (s) => s.overlay.measurements.push({ ...measurement, id: newId, user_id: 9999 }),
      /\(measurement \d+\): is by user 9999, who does not exist/,
    ],
    [
      'a measurement of a missing type',
      (s) => s.overlay.measurements.push({ ...measurement, id: newId, measurement_type_id: 99 }),
      /\(measurement \d+\): is of measurement type 99, which does not exist/,
    ],
    [
      'a ghost among the generated measurements',
      (s) => s.overlay.measurements.push({ ...measurement, id: ghost }),
      new RegExp(`\\(measurement ${ghost}\\): is numbered among the generated measurements but is not one`),
    ],
    [
      'a session of a missing user',
      (s) => s.sessions.push({ ...session, user_id: 9999 }),
      /sessions\[\d+\] \(session aaaa…\): is of user 9999, who does not exist/,
    ],
    [
      'a session listed twice',
      (s) => s.sessions.push(session, session),
      /sessions\[\d+\] \(session aaaa…\): repeats sessions\[\d+\]/,
    ],
    [
      'a reset token of a missing user',
      (s) => s.resetTokens.push({ token: 'b'.repeat(32), user_id: 9999 }),
      /resetTokens\[\d+\] \(reset token bbbb…\): is of user 9999, who does not exist/,
    ],
  ];
  for (const [what, change, message] of rows) {
    const copy = structuredClone(good);
    change(copy);
    const text = JSON.stringify(copy);
    const file = join(t.testdir(), 'state.json');
    await writeFile(file, text);
    const refused = await buildMock({ spec: await spec(), stateFile: file }).then(
      async (app) => {
        await app.close();
        return undefined;
      },
      (err: Error) => err,
    );
    t.type(refused, StateFileError, `${what}: refused`);
    t.match(refused?.message ?? '', message, `${what}: ${refused?.message ?? 'started'}`);
    t.equal(await readFile(file, 'utf8'), text, `${what}: the file is left as it was`);
  }
});
