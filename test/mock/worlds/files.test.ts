// With a state file, every world's changes are written through to a file of

// its own (PATH.worlds/NAME.json and its log) and come back after a restart,
// or after the world left memory past maxWorlds.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as Tap from 'tap';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { readState } from '../../../mock/state/file.js';
import { worldFileName, worldOfFile, worldsDirOf } from '../../../mock/worlds/files.js';
import { spec } from '../../helpers/mock.js';
import { auth, inWorld } from '../../helpers/worlds.js';

const rename = (name: string) => ({
  client_id: 1,
  name,
  surname: 'Kept',
  email: 'kept@example.com',
  phone: '555-0100',
  city: 'Bend',
  end_client_known: false,
  lead_source_id: 2,
});

async function open(t: Tap.Test, file: string, more: Record<string, unknown> = {}) {
  const failures: Error[] = [];
  const app = await buildMock({
    spec: await spec(),
    stateFile: file,
    rateLimit: false,
    onStateError: (e) => failures.push(e),
    ...more,
  });
  t.teardown(() => app.close());
  return { app, failures };
}

const clientName = async (app: Awaited<ReturnType<typeof buildMock>>, world: string | undefined, id: number) => {
  const w = inWorld(app, world);
  const token = await w.signin();
  const page = (await w.post('/client/list', {}, auth(token))).body.data.data as Array<{ id: number; name: string }>;
  return page.find((c) => c.id === id)?.name;
};

t.test('file names: case kept apart on case-blind file systems, and read back', async (t) => {
  t.equal(worldFileName('w-1'), 'w-1.json');
  t.equal(worldFileName('Ab'), '_ab.json');
  t.not(worldFileName('Ab'), worldFileName('ab'));
  for (const name of ['w-1', 'Ab', 'ABC-d9']) t.equal(worldOfFile(worldFileName(name)), name);
  for (const other of ['x.json.log', 'a_1.json', '_A.json', 'x.tmp', '.json'])
    t.equal(worldOfFile(other), undefined, other);
});

t.test('two worlds’ changes come back after a restart; the default world’s file is as before', async (t) => {
  const dir = t.testdir({});
  const file = join(dir, 'state.json');
  const first = await open(t, file);
  const page = (
    await inWorld(first.app, undefined).post('/client/list', {}, auth(await inWorld(first.app, undefined).signin()))
  ).body.data.data;
  const id = page[0].id as number;
  for (const [world, name] of [
    ['w1', 'InW1'],
    ['Upper', 'InUpper'],
  ] as const) {
    const w = inWorld(first.app, world);
    t.equal((await w.post('/client/update', { ...rename(name), client_id: id }, auth(await w.signin()))).status, 200);
  }
  const made = await first.app.inject({
    method: 'POST',
    url: '/__mock/worlds',
    payload: { name: 'small', seed: 3, clients: 12 },
  });
  t.equal(made.statusCode, 201);
  await first.app.close();
  t.same(first.failures, []);
  t.same(
    readdirSync(worldsDirOf(file))
      .filter((f) => f.endsWith('.json'))
      .sort(),
    ['_upper.json', 'small.json', 'w1.json'],
  );
  const saved = await readState(join(worldsDirOf(file), 'w1.json'), await spec());
  t.equal(saved?.version, 3, 'each world file is a version 3 state file');
  t.equal((await readState(file))?.overlay.clients.length ?? 0, 0, 'the default world changed nothing');

  const second = await open(t, file);
  t.same(
    (await second.app.inject({ method: 'GET', url: '/__mock/worlds' }))
      .json()
      .worlds.map((w: { name: string }) => w.name),
    ['default'],
    'worlds come back on first use, not at start',
  );
  t.equal(await clientName(second.app, 'w1', id), 'InW1');
  t.equal(await clientName(second.app, 'Upper', id), 'InUpper');
  t.not(await clientName(second.app, undefined, id), 'InW1');
  const small = (
    await second.app.inject({ method: 'GET', url: '/__mock/accounts', headers: { 'x-mock-world': 'small' } })
  ).statusCode;
  t.equal(small, 200);
  const listed = (await second.app.inject({ method: 'GET', url: '/__mock/worlds' })).json().worlds;
  t.match(
    listed.find((w: { name: string }) => w.name === 'small'),
    { seed: 3, clients: 12 },
    'its own seed and size kept',
  );
  t.equal(
    (await second.app.inject({ method: 'POST', url: '/__mock/worlds', payload: { name: 'w1' } })).statusCode,
    409,
  );
});

t.test('past maxWorlds a world whose changes are on disk leaves memory and comes back from its file', async (t) => {
  const dir = t.testdir({});
  const file = join(dir, 'state.json');
  const { app, failures } = await open(t, file, { maxWorlds: 2 });
  const w1 = inWorld(app, 'w1');
  const token = await w1.signin();
  const id = (await w1.post('/client/list', {}, auth(token))).body.data.data[0].id as number;
  t.equal((await w1.post('/client/update', { ...rename('Resting'), client_id: id }, auth(token))).status, 200);
  await inWorld(app, 'w2').post('/countries/index');
  const listed = (await app.inject({ method: 'GET', url: '/__mock/worlds' })).json();
  t.same(
    listed.worlds.map((w: { name: string }) => w.name),
    ['default', 'w2'],
    'w1 left memory',
  );
  t.equal(listed.persistent, true);
  t.same(listed.resting, ['w1'], 'and rests on disk');
  t.equal(await clientName(app, 'w1', id), 'Resting', 'and came back with its change');
  t.same(failures, []);
});

t.test('DELETE removes a world’s file, whether it is in memory or resting on disk', async (t) => {
  const dir = t.testdir({});
  const file = join(dir, 'state.json');
  const { app } = await open(t, file, { maxWorlds: 2 });
  await inWorld(app, 'w1').signin();
  await inWorld(app, 'w2').signin();
  const path = (n: string) => join(worldsDirOf(file), worldFileName(n));
  t.ok(existsSync(path('w1')) && existsSync(path('w2')));
  t.equal((await app.inject({ method: 'DELETE', url: '/__mock/worlds/w1' })).statusCode, 200, 'w1 rests on disk');
  t.equal((await app.inject({ method: 'DELETE', url: '/__mock/worlds/w2' })).statusCode, 200, 'w2 is in memory');
  t.notOk(existsSync(path('w1')) || existsSync(path('w2')));
  t.equal((await app.inject({ method: 'DELETE', url: '/__mock/worlds/w1' })).statusCode, 404);
});

t.test('a world file the mock cannot read is a 503 with its reason, never a 500; DELETE drops it', async (t) => {
  const dir = t.testdir({ 'state.json.worlds': { 'bad.json': 'not json', '_upper.json': '{"version":3}' } });
  const file = join(dir, 'state.json');
  const { app } = await open(t, file);
  for (const name of ['bad', 'Upper']) {
    const r = await inWorld(app, name).post('/countries/index');
    t.equal(r.status, 503, name);
    t.equal(r.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLD_FILE', name);
    t.match(
      r.body.message,
      new RegExp(
        `^The world ${name} cannot be used: its state file (is not valid JSON|does not hold|is not a mock state file)`,
      ),
      name,
    );
  }
  t.equal((await app.inject({ method: 'DELETE', url: '/__mock/worlds/bad' })).statusCode, 200);
  t.equal((await inWorld(app, 'bad').post('/countries/index')).status, 200, 'made anew');
  t.equal((await inWorld(app, undefined).post('/countries/index')).status, 200, 'the default world is unaffected');
});
