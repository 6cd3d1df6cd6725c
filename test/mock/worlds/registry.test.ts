// The live worlds: made on first use or by POST /__mock/worlds, listed, dropped,
// and bounded by maxWorlds (least recently used out, else a 503), by the size
// of a world made with its own, and by the number of seeds and sizes at once.
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { MockOptionsError } from '../../../mock/options.js';
import { MAX_GENERATED, WORLD_CLIENTS_CAP } from '../../../mock/worlds/registry.js';
import { retained } from '../../helpers/heap.js';
import { spec, testMock } from '../../helpers/mock.js';
import { auth, inWorld } from '../../helpers/worlds.js';

const names = async (app: Awaited<ReturnType<typeof buildMock>>) =>
  (await app.inject({ method: 'GET', url: '/__mock/worlds' })).json().worlds.map((w: { name: string }) => w.name);

t.test('start-up makes no world but the default; a request naming one makes it', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  t.same(await names(app), ['default']);
  const token = await inWorld(app, 'w1').signin();
  await inWorld(app, 'w1').post('/client/delete', { client_id: 1 }, auth(token));
  const listed = (await app.inject({ method: 'GET', url: '/__mock/worlds' })).json();
  t.same(
    listed.worlds.map((w: { name: string }) => w.name),
    ['default', 'w1'],
  );
  const w1 = listed.worlds[1];
  t.match(w1, { name: 'w1', seed: 20261121, clients: 150, faults: 0, lastUsed: String });
  t.ok(w1.changes >= 1, 'sign-in is a change');
  t.ok(w1.sessions >= 1, 'the session is counted');
  t.equal(listed.max, 1000);
  t.equal(listed.persistent, false);
});

t.test('POST makes a world with its own seed and size; its name is taken once', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const post = (body: unknown) => app.inject({ method: 'POST', url: '/__mock/worlds', payload: body as object });
  const made = await post({ name: 'small', seed: 7, clients: 20 });
  t.equal(made.statusCode, 201);
  t.match(made.json().world, { name: 'small', seed: 7, clients: 20, changes: 0 });
  const again = await post({ name: 'small' });
  t.equal(again.statusCode, 409);
  t.equal(again.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLD_EXISTS');
  t.equal((await post({ name: 'default' })).statusCode, 409, 'the default world exists');
  const tooBig = await post({ name: 'big', clients: WORLD_CLIENTS_CAP + 1 });
  t.equal(tooBig.statusCode, 422);
  t.match(tooBig.json().errors, { clients: [String] });
  t.equal((await post({ name: 'a_b' })).statusCode, 422, 'a bad name');
  t.equal((await post({ name: 'x', color: 1 })).statusCode, 422, 'an unknown field');
  const firstPage = async (name: string | undefined) => {
    const w = inWorld(app, name);
    return (await w.post('/client/list', {}, auth(await w.signin()))).body.data;
  };
  const [small, seeded] = [await firstPage('small'), await firstPage(undefined)];
  t.ok(small.total < seeded.total, 'fewer clients');
  t.not(small.data[0].name, seeded.data[0].name, 'another seed, other clients');
  t.match((await inWorld(app, 'small').control('POST', '/__mock/reset')).body.message, /seed 7 with 20 clients/);
});

t.test('at most MAX_GENERATED seeds and sizes besides the mock’s own at once', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const post = (name: string, seed: number) =>
    app.inject({ method: 'POST', url: '/__mock/worlds', payload: { name, seed, clients: 5 } });
  for (let i = 0; i < MAX_GENERATED; i++) t.equal((await post(`s${i}`, i)).statusCode, 201);
  t.equal((await post('shares', 0)).statusCode, 201, 'a seed and size in use is shared');
  const refused = await post('one-more', 999);
  t.equal(refused.statusCode, 503);
  t.equal(refused.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLDS_FULL');
  t.match(refused.json(), { status: 503, message: /at most 16 seeds and sizes/ });
  t.equal((await app.inject({ method: 'DELETE', url: '/__mock/worlds/s5' })).statusCode, 200);
  t.equal((await post('one-more', 999)).statusCode, 201, 'a dropped world frees its seed');
});

t.test('DELETE drops a world; the default one cannot be dropped', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const token = await inWorld(app, 'gone').signin();
  const del = (name: string) => app.inject({ method: 'DELETE', url: `/__mock/worlds/${name}` });
  const dropped = await del('gone');
  t.equal(dropped.statusCode, 200);
  t.same(dropped.json(), { message: 'World gone dropped.' });
  t.same(await names(app), ['default']);
  t.equal(
    (await inWorld(app, 'gone').post('/user/get_profile', {}, auth(token))).status,
    401,
    'made anew, sessionless',
  );
  const unknown = await del('never');
  t.equal(unknown.statusCode, 404);
  t.equal(unknown.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLD_NOT_FOUND');
  const main = await del('default');
  t.equal(main.statusCode, 400);
  t.match(main.json().message, /default world cannot be dropped/);
  t.equal((await del('a_b')).statusCode, 400);
});

t.test(
  'past maxWorlds the least recently used world goes; with only the default allowed, a new one is a 503',
  async (t) => {
    const { app } = await testMock(t, { rateLimit: false, maxWorlds: 3 });
    await inWorld(app, 'w1').signin();
    await inWorld(app, 'w2').signin();
    await inWorld(app, 'w1').post('/countries/index');
    await inWorld(app, 'w3').signin();
    t.same(await names(app), ['default', 'w1', 'w3'], 'w2 was the least recently used');

    const { app: one } = await testMock(t, { rateLimit: false, maxWorlds: 1 });
    const r = await inWorld(one, 'w1').post('/countries/index');
    t.equal(r.status, 503);
    t.equal(r.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLDS_FULL');
    t.match(r.body.message, /only the default world is live/);
    t.equal((await inWorld(one, undefined).post('/countries/index')).status, 200, 'the default world still answers');
  },
);

t.test('maxWorlds is checked with the other options, in the library’s words', async (t) => {
  for (const bad of [0, 1.5, -1, 100_001, '10'])
    await t.rejects(buildMock({ spec: await spec(), maxWorlds: bad as number }), {
      name: MockOptionsError.name,
      message: /^maxWorlds must be a whole number from 1 to 100000/,
    });
});

t.test('a world costs little until it changes: 200 new worlds hold under 20 MB (60 MB before)', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const bytes = await retained(async () => {
    for (let i = 0; i < 200; i++) await inWorld(app, `m${i}`).post('/countries/index');
    return app;
  });
  t.ok(bytes < 20 * 1024 * 1024, `${Math.round(bytes / 1024)} KiB for 200 worlds`);
});

t.test(
  'a world with a request under way is not dropped: past the max with none other, a new world waits for a 503',
  async (t) => {
    const { app } = await testMock(t, { rateLimit: false, maxWorlds: 2 });
    const slow = inWorld(app, 'slow');
    t.equal(
      (await slow.control('POST', '/__mock/faults', { operationId: 'listCountries', latency_ms: 300 })).status,
      201,
    );
    const pending = slow.post('/countries/index');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const refused = await inWorld(app, 'other').post('/countries/index');
    t.equal(refused.status, 503);
    t.equal(refused.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLDS_FULL');
    t.match(refused.body.message, /none can be dropped: every one has a request under way; try again in a moment/);
    t.equal((await pending).status, 200, 'the slow request ends in its world');
    t.equal((await inWorld(app, 'other').post('/countries/index')).status, 200, 'then slow may go');
    t.same(await names(app), ['default', 'other']);
  },
);
