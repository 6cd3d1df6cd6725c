// The indexes over a world: built once, kept in step by the store's writes.
import t from 'tap';
import { buildWorld } from '../../fixtures/world.js';
import { WorldIndex } from '../../mock/world-index.js';

t.test('clients by owner newest first; the company list drops a removed client', (t) => {
  const world = buildWorld({ seed: 5, clients: 40 });
  const ix = new WorldIndex(world);
  const demo = world.users.find((u) => u.email === 'demo@example.com')!;
  const own = [...ix.clientsByUser.get(demo.id)!];
  t.ok(own.length > 1);
  t.same(
    own,
    [...own].sort((a, b) => b - a),
    'newest first',
  );
  const members = () => world.users.filter((u) => u.company_id === demo.company_id);
  const company = ix.companyClientIds(demo.company_id, members);
  t.ok(company.includes(own[0]!));
  ix.removeClient(ix.clients.get(own[0]!)!);
  t.notOk(ix.clientsByUser.get(demo.id)!.includes(own[0]!));
  t.notOk(ix.companyClientIds(demo.company_id, members).includes(own[0]!), 'the company list is rebuilt');
  t.equal(ix.search.get(own[0]!), undefined);
  t.end();
});

t.test('a measurement that leaves its room is no longer listed there', (t) => {
  const world = buildWorld({ seed: 5, clients: 10 });
  const ix = new WorldIndex(world);
  const m = world.measurements.find((x) => x.room_id !== null)!;
  t.ok(ix.measurementsByRoom.get(m.room_id!)!.includes(m));
  ix.leaveRoom(m);
  t.notOk(ix.measurementsByRoom.get(m.room_id!)!.includes(m));
  t.equal(ix.lastMeasurementId, Math.max(...world.measurements.map((x) => x.id)));
  t.end();
});

t.test('the search text holds every field a keyword may match, in lower case', (t) => {
  const world = buildWorld({ seed: 5, clients: 3 });
  const ix = new WorldIndex(world);
  const c = world.clients[0]!;
  c.name = 'MiXeD';
  ix.reindexClient(c);
  t.match(ix.search.get(c.id)!, /mixed/);
  t.match(ix.search.get(c.id)!, c.email.toLowerCase());
  t.end();
});
