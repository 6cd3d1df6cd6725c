// Two worlds of one mock share nothing that can change: data, sessions, mail,
// faults, plans, rate-limit budgets, the journal's view. And eight sessions in
// eight worlds at once never see each other's changes.
import t from 'tap';
import { testMock } from '../../helpers/mock.js';
import { auth, inWorld, type WorldClient } from '../../helpers/worlds.js';

const firstClient = async (w: WorldClient, token: string) =>
  (await w.post('/client/list', {}, auth(token))).body.data.data[0] as { id: number; name: string; surname: string };

const rename = (w: WorldClient, token: string, c: { id: number; surname: string }, name: string) =>
  w.post(
    '/client/update',
    {
      client_id: c.id,
      name,
      surname: c.surname,
      email: 'renamed@example.com',
      phone: '555-0100',
      city: 'Bend',
      end_client_known: false,
      lead_source_id: 2,
    },
    auth(token),
  );

t.test('what one world changes, the other does not see', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const [a, b] = [inWorld(app, 'a'), inWorld(app, 'b')];
  const [ta, tb] = [await a.signin(), await b.signin()];
  const c = await firstClient(a, ta);

  t.test('data', async (t) => {
    t.equal((await rename(a, ta, c, 'OnlyInA')).status, 200);
    t.equal((await firstClient(a, ta)).name, 'OnlyInA');
    t.not((await firstClient(b, tb)).name, 'OnlyInA', 'b still has the seeded name');
    t.equal((await a.post('/client/delete', { client_id: c.id }, auth(ta))).status, 200);
    t.equal((await firstClient(b, tb)).id, c.id, 'a deleted it; b still lists it first');
  });

  t.test('sessions: a token of one world is a 401 in another, and in the default world', async (t) => {
    t.equal((await b.post('/user/get_profile', {}, auth(ta))).status, 401);
    t.equal((await inWorld(app, undefined).post('/user/get_profile', {}, auth(ta))).status, 401);
    t.equal((await a.post('/user/get_profile', {}, auth(ta))).status, 200);
    t.equal((await a.post('/user/logout', {}, auth(ta))).status, 200);
    t.equal((await b.post('/user/get_profile', {}, auth(tb))).status, 200, 'a logout in a leaves b signed in');
  });

  t.test('mail and reset tokens', async (t) => {
    t.equal((await a.post('/user/forgot_password', { email: 'demo@example.com' })).status, 200);
    const inA = (await a.control('GET', '/__mock/mail')).body.mail;
    t.equal(inA.length, 1);
    t.same((await b.control('GET', '/__mock/mail')).body.mail, [], "b's outbox is empty");
    const body = { email: 'demo@example.com', password: 'new-password', password_confirmation: 'new-password' };
    t.equal(
      (await b.post(`/user/reset_password/${inA[0].reset_token}`, body)).status,
      422,
      "a's reset token is nothing in b",
    );
  });

  t.test('faults', async (t) => {
    const rule = { operationId: 'getProfile', status: 401 };
    t.equal((await a.control('POST', '/__mock/faults', rule)).status, 201);
    const ta2 = await a.signin();
    t.equal((await a.post('/user/get_profile', {}, auth(ta2))).status, 401, 'forced in a');
    t.equal((await b.post('/user/get_profile', {}, auth(tb))).status, 200, 'not in b');
    t.same((await b.control('GET', '/__mock/faults')).body.faults, []);
    t.equal((await a.control('DELETE', '/__mock/faults')).status, 200);
  });

  t.test('plans', async (t) => {
    const off = { email: 'demo@example.com', plan_id: null };
    t.equal((await a.control('POST', '/__mock/subscription', off)).status, 200);
    const ta3 = await a.signin();
    t.equal((await a.post('/client/list', {}, auth(ta3))).status, 403, 'no plan in a');
    t.equal((await b.post('/client/list', {}, auth(tb))).status, 200, 'b keeps its plan');
  });

  t.test('the journal tags each exchange with its world and filters by it', async (t) => {
    const all = (await inWorld(app, undefined).control('GET', '/__mock/requests?limit=10000')).body.requests;
    const worlds = new Set(all.map((e: { world: string }) => e.world));
    t.same([...worlds].sort(), ['a', 'b', 'default']);
    const onlyB = (await inWorld(app, undefined).control('GET', '/__mock/requests?world=b&limit=10000')).body.requests;
    t.ok(onlyB.length > 0 && onlyB.every((e: { world: string }) => e.world === 'b'));
    const byHeader = (await b.control('GET', '/__mock/requests?limit=10000')).body.requests;
    t.same(
      byHeader.map((e: { id: number }) => e.id),
      onlyB.map((e: { id: number }) => e.id),
      'the header filters too',
    );
    t.equal((await a.control('DELETE', '/__mock/requests')).status, 200);
    const left = (await inWorld(app, undefined).control('GET', '/__mock/requests?limit=10000')).body.requests;
    t.ok(left.length > 0 && left.every((e: { world: string }) => e.world !== 'a'), "clearing a's leaves the others'");
  });

  t.test("reset puts one world back and leaves the other's changes", async (t) => {
    const tb2 = await b.signin();
    t.equal((await rename(b, tb2, c, 'OnlyInB')).status, 200);
    t.equal((await a.control('POST', '/__mock/reset')).status, 200);
    const ta4 = await a.signin();
    t.equal((await firstClient(a, ta4)).id, c.id, 'a is back to the seed');
    t.equal((await firstClient(b, tb2)).name, 'OnlyInB');
  });
});

t.test('each world has its own rate-limit budget', async (t) => {
  const { app } = await testMock(t, { rateLimit: { max: 3 } });
  const [a, b] = [inWorld(app, 'a'), inWorld(app, 'b')];
  for (let i = 0; i < 3; i++) t.equal((await a.post('/countries/index')).status, 200);
  t.equal((await a.post('/countries/index')).status, 429, "a's budget is spent");
  const inB = await b.post('/countries/index');
  t.equal(inB.status, 200, "b's is whole");
  t.equal(inB.headers['x-ratelimit-remaining'], '2');
  t.equal((await inWorld(app, undefined).post('/countries/index')).status, 200, "and so is the default world's");
});

t.test('eight sessions in eight worlds at once: none sees another’s change', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const session = async (i: number) => {
    const w = inWorld(app, `worker-${i}`);
    const token = await w.signin();
    const page = (await w.post('/client/list', {}, auth(token))).body.data.data as Array<{
      id: number;
      surname: string;
    }>;
    const mine = page[i]!;
    t.equal((await rename(w, token, mine, `Worker${i}`)).status, 200);
    t.equal((await w.post('/client/delete', { client_id: page[8 + i]!.id }, auth(token))).status, 200);
    await w.post('/client/list', { keyword: 'Worker' }, auth(token));
    const after = (await w.post('/client/list', {}, auth(token))).body.data.data as Array<{ id: number; name: string }>;
    t.equal((await w.post('/user/logout', {}, auth(token))).status, 200);
    return { i, page, after };
  };
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => session(i)));
  for (const { i, page, after } of results) {
    const renamed = after.filter((c) => /^Worker\d$/.test(c.name)).map((c) => c.name);
    t.same(renamed, [`Worker${i}`], `worker ${i} sees its own rename only`);
    const gone = page.filter((c) => !after.some((x) => x.id === c.id)).map((c) => c.id);
    t.same(gone, [page[8 + i]!.id], `worker ${i} misses its own delete only`);
  }
  const listed = (await app.inject({ method: 'GET', url: '/__mock/worlds' })).json().worlds;
  t.equal(listed.length, 9, 'the default world and eight more');
});

t.test("the journal masks every world's live tokens, not only the default world's", async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const b = inWorld(app, 'b');
  const token = await b.signin();
  // A header the journal does not know by name: only the live-token scan can mask it.
  await b.post('/user/get_profile', {}, { ...auth(token), 'x-trace-note': token });
  const text = JSON.stringify((await inWorld(app, undefined).control('GET', '/__mock/requests')).body);
  t.notMatch(text, token, 'the token shows nowhere');
  t.match(text, /x-trace-note/);
});
