// Every control takes its world from X-Mock-World, /worlds/NAME/ or ?world=:
// reset, faults, subscription, token invalidation, mail, accounts, the journal.
import t from 'tap';
import { testMock } from '../../helpers/mock.js';
import { auth, inWorld } from '../../helpers/worlds.js';

t.test('?world= scopes each control to its world', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const q = inWorld(app, undefined);
  const w = inWorld(app, 'qa');
  const token = await w.signin();

  t.equal((await q.control('POST', '/__mock/faults?world=qa', { operationId: 'getProfile', status: 401 })).status, 201);
  t.equal((await q.control('GET', '/__mock/faults?world=qa')).body.faults.length, 1);
  t.same((await q.control('GET', '/__mock/faults')).body.faults, [], 'none in the default world');
  t.equal((await w.post('/user/get_profile', {}, auth(token))).status, 401);
  t.equal((await q.control('DELETE', '/__mock/faults?world=qa')).status, 200);
  t.equal((await w.post('/user/get_profile', {}, auth(token))).status, 200);

  const invalidate = { email: 'demo@example.com', reason: 'breach' };
  const revoked = await q.control('POST', '/__mock/tokens/invalidate?world=qa', invalidate);
  t.equal(revoked.body.revoked, 1, "qa's one session");
  t.equal((await w.post('/user/get_profile', {}, auth(token))).status, 401);

  const mainToken = await q.signin();
  t.equal(
    (await q.control('POST', '/__mock/subscription?world=qa', { email: 'demo@example.com', plan_id: null })).status,
    200,
  );
  t.equal((await q.post('/client/list', {}, auth(mainToken))).status, 200, 'the default world keeps its plan');
  const accounts = (await q.control('GET', '/__mock/accounts?world=qa')).body;
  t.equal(accounts.demo_company.members.find((m: { email: string }) => m.email === 'demo@example.com').plan, false);

  await w.post('/user/forgot_password', { email: 'demo@example.com' });
  t.equal((await q.control('GET', '/__mock/mail?world=qa')).body.mail.length, 1);
  t.same((await q.control('GET', '/__mock/mail')).body.mail, []);

  t.match((await q.control('POST', '/__mock/reset?world=qa')).body.message, /^World qa reset to seed/);
  t.same((await q.control('GET', '/__mock/mail?world=qa')).body.mail, [], 'reset empties its outbox');
  t.equal(
    (await q.post('/user/get_profile', {}, auth(mainToken))).status,
    200,
    "and leaves the default world's session",
  );

  const both = await w.control('GET', '/__mock/faults?world=other');
  t.equal(both.status, 400, 'the header and ?world= naming two worlds');
  t.equal((await q.control('GET', '/__mock/requests?world=a_b')).status, 400, 'the journal checks the name too');
  const made = await q.control('GET', '/__mock/worlds');
  t.same(
    made.body.worlds.map((x: { name: string }) => x.name),
    ['default', 'qa'],
    'no world made by a refused control',
  );
});

t.test('controls of another site make no world: the guard runs first', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const r = await app.inject({
    method: 'GET',
    url: '/__mock/faults?world=evil',
    headers: { origin: 'https://attacker.example' },
  });
  t.equal(r.statusCode, 403);
  t.same((await app.inject({ method: 'GET', url: '/__mock/worlds' })).json().worlds.length, 1);
});

t.test('a control under the prefix acts on its world', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const r = await app.inject({
    method: 'POST',
    url: '/worlds/p1/__mock/faults',
    payload: { latency_ms: 5 },
  });
  t.equal(r.statusCode, 201);
  t.equal((await inWorld(app, 'p1').control('GET', '/__mock/faults')).body.faults.length, 1);
  t.same((await inWorld(app, undefined).control('GET', '/__mock/faults')).body.faults, []);
});
