// 403 `Subscription required.` on every gated operation for a user without a
// plan; the operations open to them stay open.
import t from 'tap';
import { bearer, spec, testMock } from '../helpers/mock.js';

const loaded = await spec();

t.test('every gated operation answers 403 to the no-plan account, before validation', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin('nosub@example.com');
  const gated = loaded.operations.filter((o) => o.subscriptionRequired);
  t.equal(gated.length, 13, 'every client, room, measurement and company operation and two lists');
  for (const op of gated) {
    const r = await mock.send({
      operationId: op.operationId,
      method: op.method.toUpperCase() as 'POST',
      path: op.path,
      headers: bearer(token),
      body: {},
    });
    t.same([r.status, r.body], [403, { message: 'Subscription required.', status: 403 }], op.operationId);
  }
});

t.test('plans, current plan, profile and logout stay open without a plan', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin('nosub@example.com');
  const open = loaded.operations.filter((o) => !o.isPublic && !o.subscriptionRequired);
  t.same(open.map((o) => o.operationId).sort(), ['getCurrentPlan', 'getProfile', 'listPlans', 'logout']);
  // logout last: it ends the session the others use.
  for (const op of [...open].sort((a, b) => Number(a.operationId === 'logout') - Number(b.operationId === 'logout'))) {
    const r = await mock.send({
      operationId: op.operationId,
      method: op.method.toUpperCase() as 'POST',
      path: op.path,
      headers: bearer(token),
      ...(op.method === 'get' ? {} : { body: {} }),
    });
    t.equal(r.status, 200, op.operationId);
  }
  const plan = await mock.post(
    '/transactions/get_user_current_plan',
    {},
    bearer(await mock.signin('nosub@example.com')),
  );
  t.same(plan.body, { message: 'No active plan.', data: null });
});

t.test('the subscription control grants and removes a plan', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin('nosub@example.com');
  t.equal((await mock.control('POST', '/__mock/subscription', { email: 'nosub@example.com', plan_id: 2 })).status, 200);
  t.equal((await mock.post('/client/list', {}, bearer(token))).status, 200);
  t.equal(
    (await mock.control('POST', '/__mock/subscription', { email: 'demo@example.com', plan_id: null })).status,
    200,
  );
  t.equal((await mock.post('/client/list', {}, bearer(await mock.signin()))).status, 403);
  t.equal((await mock.control('POST', '/__mock/subscription', { email: 'demo@example.com', plan_id: 99 })).status, 400);
  t.equal((await mock.control('POST', '/__mock/subscription', { email: 'ghost@example.com', plan_id: 1 })).status, 404);
});
