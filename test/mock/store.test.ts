// The store's interface is the only way in: the mock's own code never reads the
// raw world, so a store that keeps its world otherwise can take MemoryStore's place.
import { readdir, readFile } from 'node:fs/promises';
import t from 'tap';
import { buildWorld } from '../../fixtures/world.js';
import { MemoryStore } from '../../mock/store.js';

const root = new URL('../../mock/', import.meta.url);

t.test('handlers, plugins and controls go through the Store interface, never its raw world', async (t) => {
  const files = [
    ...(await readdir(new URL('handlers/', root))).map((f) => `handlers/${f}`),
    ...(await readdir(new URL('plugins/', root))).map((f) => `plugins/${f}`),
    'controls.ts',
  ].filter((f) => f.endsWith('.ts'));
  for (const file of files) {
    const text = await readFile(new URL(file, root), 'utf8');
    t.notMatch(text, /\.world\b/, `mock/${file} reads no store.world`);
  }
});

t.test('reference lists and their lookups', (t) => {
  const world = buildWorld({ seed: 3, clients: 2 });
  const store = new MemoryStore(world);
  const lists = store.reference();
  for (const name of ['countries', 'plans', 'adminRoomTypes', 'measurementTypes', 'settings', 'howItWorks'] as const)
    t.equal(lists[name], world[name], name);
  t.equal(store.plan(world.plans[1]!.id), world.plans[1]);
  t.equal(store.measurementType(world.measurementTypes[0]!.id), world.measurementTypes[0]);
  t.equal(store.leadSource(world.leadSources[0]!.id), world.leadSources[0]);
  t.equal(store.plan(999), undefined);
  t.equal(store.measurementType(999), undefined);
  t.equal(store.leadSource(999), undefined);
  t.end();
});

t.test('a snapshot loads into an equal store: world, sessions, reset tokens and mail', (t) => {
  const store = new MemoryStore(buildWorld({ seed: 3, clients: 2 }));
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
