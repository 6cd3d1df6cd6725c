// The console's state (/__mock/ui/state) is the world the console selected
// (X-Mock-World or ?world=, as every control), not the default world's.
import t from 'tap';
import { testMock } from '../../helpers/mock.js';
import { inWorld } from '../../helpers/worlds.js';

interface Account {
  email: string;
  plan: { id: number; name: string } | null;
}

t.test("/__mock/ui/state reads the request's world", async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const q = inWorld(app, undefined);
  const w2 = inWorld(app, 'w2');
  t.equal((await w2.control('POST', '/__mock/subscription', { email: 'demo@example.com', plan_id: null })).status, 200);
  const plan = (body: { accounts: Account[] }) => body.accounts.find((a) => a.email === 'demo@example.com')?.plan;

  const mine = (await w2.control('GET', '/__mock/ui/state')).body;
  t.equal(mine.world, 'w2', 'the header names its world');
  t.equal(plan(mine), null, "w2's demo account has no plan");
  const byQuery = (await q.control('GET', '/__mock/ui/state?world=w2')).body;
  t.equal(byQuery.world, 'w2');
  t.equal(plan(byQuery), null, '?world= reads the same world');
  const main = (await q.control('GET', '/__mock/ui/state')).body;
  t.equal(main.world, 'default');
  t.not(plan(main), null, 'the default world keeps its plan');

  t.equal((await q.control('POST', '/__mock/worlds', { name: 'tiny', seed: 7, clients: 20 })).status, 201);
  const tiny = (await q.control('GET', '/__mock/ui/state?world=tiny')).body;
  t.same([tiny.seed, tiny.clients], [7, 20], "a world of its own seed and size shows them, not the mock's");

  const bad = await q.control('GET', '/__mock/ui/state?world=a_b');
  t.equal(bad.status, 400);
  t.equal(bad.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLD_NAME', "a bad name is the catalogue's 400");
  t.match(bad.body, { status: 400, message: /letters, digits and -/ }, "in the API's shape");
});

t.test("the console's files are no world's: a world header on them is not read", async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  for (const file of ['', '/console.js', '/journal-rows.js', '/worlds.js', '/console.css']) {
    const r = await app.inject({ url: `/__mock/ui${file}`, headers: { 'x-mock-world': 'a_b' } });
    t.equal(r.statusCode, 200, `/__mock/ui${file}`);
  }
  t.equal((await app.inject({ url: '/__mock/worlds' })).json().worlds.length, 1, 'no world was made');
});
