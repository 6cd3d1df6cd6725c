// The store's interface is the only way in: the mock's own code never reads the
// raw world, so a store that keeps its world otherwise can take MemoryStore's place.
import { readdir, readFile } from 'node:fs/promises';
import t from 'tap';
import type { Room } from '../../../fixtures/types.js';
import { buildWorld, GeneratedWorld } from '../../../fixtures/world.js';
import { MemoryStore } from '../../../mock/store/memory-store.js';

const root = new URL('../../../mock/', import.meta.url);

t.test(
  'handlers, the pipeline, controls, pages and the journal go through the Store interface, never its raw world',
  async (t) => {
    const folders = ['handlers', 'pipeline', 'controls', 'pages', 'journal'];
    const files = (
      await Promise.all(folders.map(async (d) => (await readdir(new URL(`${d}/`, root))).map((f) => `${d}/${f}`)))
    )
      .flat()
      .filter((f) => f.endsWith('.ts'));
    t.ok(files.length > 30, "the folders hold the mock's code");
    for (const file of files) {
      // request.world is the request's World (mock/worlds), and an entry's world the journal's tag: no raw world.
      const text = (await readFile(new URL(file, root), 'utf8')).replace(
        /\b(?:request|filter|recorded|r)\.world\b/g,
        '',
      );
      t.notMatch(text, /\.world\b/, `mock/${file} reads no store.world`);
    }
  },
);

t.test('reference lists and their lookups', (t) => {
  const world = buildWorld({ seed: 3, clients: 2 });
  const store = new MemoryStore(new GeneratedWorld({ seed: 3, clients: 2 }));
  const lists = store.reference();
  for (const name of ['countries', 'plans', 'adminRoomTypes', 'measurementTypes', 'settings', 'howItWorks'] as const)
    t.same(lists[name], world[name], name);
  t.same(store.plan(world.plans[1]!.id), world.plans[1]);
  t.same(store.measurementType(world.measurementTypes[0]!.id), world.measurementTypes[0]);
  t.same(store.leadSource(world.leadSources[0]!.id), world.leadSources[0]);
  t.equal(store.plan(999), undefined);
  t.equal(store.measurementType(999), undefined);
  t.equal(store.leadSource(999), undefined);
  t.end();
});

t.test('a snapshot loads into an equal store: world, sessions, reset tokens and mail', (t) => {
  const store = new MemoryStore(new GeneratedWorld({ seed: 3, clients: 2 }));
  const demo = store.userByEmail('demo@example.com')!;
  const token = store.issueToken(demo.id, 'WEB', 'device');
  const reset = store.createResetToken(demo);
  const copy = new MemoryStore(JSON.parse(JSON.stringify(store.snapshot())));
  t.same(copy.snapshot(), store.snapshot());
  t.equal(copy.userByToken(token)?.id, demo.id);
  t.equal(copy.consumeResetToken(reset, 'demo@example.com')?.id, demo.id);
  t.equal(copy.outbox.length, 1);
  t.end();
});

t.test('writes go to the overlay; the generated world stays as made, so a fresh store over it starts clean', (t) => {
  const world = new GeneratedWorld({ seed: 3, clients: 30 });
  const store = new MemoryStore(world);
  const demo = store.userByEmail('demo@example.com')!;
  const client = store.client(store.ownClientIds(demo.id)[0]!)!;
  store.updateClient(client.id, { name: 'Changed' });
  store.deleteClient(store.ownClientIds(demo.id)[1]!);
  store.setPassword(demo.id, 'another-password');
  store.revokeUserTokens(2, 'deactivation');
  store.setSubscription(demo.id, null);
  const overlay = store.snapshot().overlay;
  t.same(
    overlay.clients.map((c) => c.record?.name ?? null),
    ['Changed', null],
  );
  t.same(
    overlay.users.map((u) => u.id),
    [demo.id, 2],
  );
  t.same(overlay.subscriptions, [{ user_id: demo.id, subscription: null }]);

  const fresh = new MemoryStore(world);
  t.equal(fresh.client(client.id)?.name, client.name, 'regression: the reset world keeps the client as made');
  t.ok(fresh.checkPassword(fresh.userById(demo.id)!, 'demo-password'), 'and the password');
  t.equal(fresh.userById(2)?.active, true, 'and the account active');
  t.ok(fresh.activeSubscription(demo.id), 'and the plan');
  t.equal(fresh.ownClientIds(demo.id).length, store.ownClientIds(demo.id).length + 1);
  t.end();
});

t.test('measurements: an edit keeps its place, a move leaves the room, an addition takes the next group', (t) => {
  const store = new MemoryStore(new GeneratedWorld({ seed: 6, clients: 20 }));
  const clientId = store.ownClientIds(1).find((id) => store.roomsOfClient(id).length >= 2)!;
  const [a, b] = store.roomsOfClient(clientId) as [Room, Room];
  const before = store.measurementsInRoom(a.id);
  const m = before[0] ?? store.saveMeasurement(form(clientId, a.id));
  const edited = store.saveMeasurement({ ...m, window_name: 'Edited' });
  t.equal(edited.id, m.id);
  t.equal(store.measurement(m.id)?.window_name, 'Edited');
  t.equal(store.measurementsInRoom(a.id).find((x) => x.id === m.id)?.window_name, 'Edited');
  store.saveMeasurement({ ...m, room_id: b.id });
  t.notOk(
    store.measurementsInRoom(a.id).some((x) => x.id === m.id),
    'moved out',
  );
  t.ok(
    store.measurementsInRoom(b.id).some((x) => x.id === m.id),
    'moved in',
  );
  const groups = store.measurementsInRoom(b.id).map((x) => x.group_id);
  const added = store.saveMeasurement(form(clientId, b.id));
  t.equal(added.group_id, Math.max(0, ...groups) + 1);
  t.ok(added.id > 20 * 45, 'a new id past every generated one');
  const copy = new MemoryStore(JSON.parse(JSON.stringify(store.snapshot())));
  t.same(copy.measurementsInRoom(b.id), store.measurementsInRoom(b.id), 'the same after a reload');
  t.end();
});

t.test('the state of an untouched world is a few bytes, whatever its size', (t) => {
  const store = new MemoryStore(new GeneratedWorld({ seed: 1, clients: 100_000 }));
  const text = JSON.stringify(store.snapshot());
  t.ok(text.length < 400, `${text.length} bytes`);
  t.equal(store.client(100_000)?.id, 100_000, 'the last client is there');
  t.equal(store.client(100_001), undefined, 'and none past it');
  t.end();
});

function form(clientId: number, roomId: number) {
  return {
    kind: 'awning' as const,
    measurement_type_id: 4,
    user_id: 1,
    client_id: clientId,
    room_id: roomId,
    window_name: 'New',
    fields: {},
  };
}
