// Mass assignment (issue 19): a write stores only the fields its operation
// documents. Before the fix client/update copied every body field into the
// stored client (user_id moved it to another company, id "abc" made list pages
// answer 500, created_at made a state file the mock refused to load).
import t from 'tap';
import { validated } from '../../../mock/pipeline/validated.js';
import { MemoryStore } from '../../../mock/store/memory-store.js';
import { bearer, spec, testMock } from '../../helpers/mock.js';
import { clientsOf, usersOf } from '../../helpers/world.js';

t.test('validated keeps what the schema declares, at every depth, and open maps whole', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      a: { type: 'integer' },
      nested: { type: 'object', properties: { keep: { type: 'string' } } },
      list: { type: 'array', items: { type: 'object', properties: { x: { type: 'integer' } } } },
      map: { type: 'object', additionalProperties: { type: 'string' } },
      free: { type: 'object' },
      either: { anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }] },
    },
  };
  const input = {
    a: 1,
    evil: 2,
    nested: { keep: 'k', drop: 'd' },
    list: [{ x: 1, y: 2 }],
    map: { any: 'v' },
    free: { z: 1 },
    either: { k: 'v' },
  };
  t.same(validated(schema, input), {
    a: 1,
    nested: { keep: 'k' },
    list: [{ x: 1 }],
    map: { any: 'v' },
    free: { z: 1 },
    either: { k: 'v' },
  });
  t.equal(validated(undefined, input), input, 'no schema: as it came');
  t.equal(validated(schema, null), null);
});

t.test('regression: client/update cannot move, renumber or backdate a client', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const store = () => mock.app.mock.store;
  const client = clientsOf(store()).find((c) => c.user_id === 1)!;
  const before = structuredClone(store().client(client.id)!);
  const foreign = usersOf(store()).find((u) => u.company_id !== store().userById(1)!.company_id)!;
  const r = await mock.post(
    '/client/update',
    {
      client_id: client.id,
      name: 'Renamed',
      surname: before.surname,
      email: before.email,
      user_id: foreign.id,
      id: 'abc',
      created_at: 'yesterday',
      updated_at: 'x',
      smuggled_field: 'evil',
    },
    bearer(token),
  );
  t.equal(r.status, 200);
  const after = store().client(client.id)!;
  t.equal(after.name, 'Renamed', 'the documented field changed');
  t.same(
    [after.id, after.user_id, after.created_at],
    [before.id, before.user_id, before.created_at],
    'id, owner and creation time untouched',
  );
  t.notOk('smuggled_field' in after, 'an unknown field is not stored');
  const list = await mock.post('/client/list', { keyword: 'Renamed' }, bearer(token));
  t.equal(list.status, 200, 'list pages still answer');
  t.ok(
    (list.body as any).data.data.some((c: any) => c.id === client.id),
    'the client stays with its company',
  );
  t.doesNotThrow(() => new MemoryStore(store().snapshot()), 'the world still loads as a state file would');
});

t.test('regression: no write operation stores a field it does not document', async (t) => {
  const loaded = await spec();
  const writes = loaded.operations.filter((op) => op.requestBody && !op.isPublic && op.responses['200']);
  t.ok(writes.length >= 6, `${writes.length} operations with a body`);
  const statuses: string[] = [];
  t.teardown(() => t.comment(statuses.join(', ')));
  for (const op of writes) {
    const mock = await testMock(t);
    const token = await mock.signin();
    const store = mock.app.mock.store;
    const client = clientsOf(store).find((c) => c.user_id === 1 && store.roomsOfClient(c.id).length > 0)!;
    // The example, pointed at records of the demo account so that the write happens.
    const own: Record<string, unknown> = {
      client_id: client.id,
      room_id: store.roomsOfClient(client.id)[0]!.id,
      user_id: 1,
      id: 0,
    };
    const example = { ...(op.requestBody!.examples[0] as Record<string, unknown>) };
    for (const k of Object.keys(example)) if (k in own) example[k] = own[k];
    const r = await mock.send({
      operationId: op.operationId,
      method: op.method.toUpperCase() as 'POST',
      path: op.path,
      body: { ...example, smuggled_field: 'evil' },
      headers: bearer(token),
    });
    statuses.push(`${op.operationId} ${r.status}`);
    t.ok(r.status < 500, `${op.operationId} answered ${r.status}`);
    t.notMatch(
      JSON.stringify(mock.app.mock.store.snapshot()),
      /smuggled_field/,
      `${op.operationId} stored nothing undocumented`,
    );
  }
  for (const id of [
    'updateClient',
    'addEditSingleWindowPhotoMeasurement',
    'addEditSeriesWindowMeasurement',
    'addEditSpecialtyWindowMeasurement',
    'addEditAwningMeasurement',
  ]) {
    t.ok(
      statuses.some((s) => s.startsWith(`${id} 2`)),
      `${id} really wrote (${statuses.find((s) => s.startsWith(id))})`,
    );
  }
});

t.test("regression: an awning moved to another client does not stay in the old client's room", async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const store = mock.app.mock.store;
  const own = clientsOf(store).filter((c) => c.user_id === 1);
  const first = own.find((c) => store.roomsOfClient(c.id).length > 0)!;
  const second = own.find((c) => c.id !== first.id)!;
  const room = store.roomsOfClient(first.id)[0]!;
  const add = await mock.post(
    '/measurements/awning_measurement_add_edit',
    { client_id: first.id, room_id: room.id, awning_type: 'retractable', width: 100 },
    bearer(token),
  );
  const id = (add.body as any).data.id as number;
  t.equal(store.measurement(id)!.room_id, room.id);
  const move = await mock.post(
    '/measurements/awning_measurement_add_edit',
    { id, client_id: second.id },
    bearer(token),
  );
  t.equal(move.status, 200);
  const moved = store.measurement(id)!;
  t.equal(moved.client_id, second.id);
  t.not(moved.room_id, room.id, "not left in the old client's room");
  t.ok(
    moved.room_id === null || store.roomsOfClient(second.id).some((r) => r.id === moved.room_id),
    "in no room, or one of the new client's",
  );
});
