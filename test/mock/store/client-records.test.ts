// Clients and rooms as generated are made once per generated world and shared
// by every store over it (each world of mock/worlds); a change stays in the
// store that made it.
import t from 'tap';
import { GeneratedWorld } from '../../../fixtures/world.js';
import { ClientRecords } from '../../../mock/store/client-records.js';
import { Overlay } from '../../../mock/store/overlay.js';

t.test('stores over one generated world read one copy of its records; changes stay apart', (t) => {
  const world = new GeneratedWorld({ seed: 5, clients: 50 });
  const [oa, ob] = [new Overlay(), new Overlay()];
  const [a, b] = [new ClientRecords(world, oa), new ClientRecords(world, ob)];
  t.equal(a.client(7), b.client(7), 'the same generated client, not one made per store');
  t.equal(a.roomsOfClient(7), b.roomsOfClient(7), 'the same generated rooms');
  const other = new ClientRecords(new GeneratedWorld({ seed: 6, clients: 50 }), new Overlay());
  t.not(other.client(7), a.client(7), 'another generated world has its own');
  oa.clients.set(7, { ...a.client(7)!, name: 'Changed' });
  oa.clients.set(8, null);
  t.equal(a.client(7)?.name, 'Changed');
  t.not(b.client(7)?.name, 'Changed', 'b still reads the generated client');
  t.equal(a.client(8), undefined);
  t.ok(b.client(8), 'b still has the client a deleted');
  const room = a.roomsOfClient(7)[0]!;
  const m = a.measurementsInRoom(room.id)[0]!;
  oa.putMeasurement({ ...m, fields: { ...m.fields, w_top: '1' } });
  t.same(a.measurement(m.id)?.fields.w_top, '1');
  t.same(b.measurement(m.id), m, "b's measurement as generated");
  t.end();
});
