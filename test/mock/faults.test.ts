// Forced responses and latency: Prefer header, fault rules for N calls or one operation.
import t from 'tap';
import { MAX_FAULT_RULES, parsePrefer } from '../../mock/controls/fault-rules.js';
import { bearer, spec, testMock } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

t.test('parsePrefer reads Prism’s forms', async (t) => {
  t.same(parsePrefer('code=404'), { code: 404 });
  t.same(parsePrefer('code=200, example=none'), { code: 200, example: 'none' });
  t.same(parsePrefer(undefined), {});
  t.ok(Number.isNaN(parsePrefer('code=4xx').code));
});

t.test('Prefer: code=NNN answers every documented status of an operation with its example', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const loaded = await spec();
  for (const op of loaded.operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      const r = await mock.send({
        operationId: op.operationId,
        method: op.method.toUpperCase() as 'POST',
        path: op.path.replace('{token}', 'x'),
        headers: { prefer: `code=${status}` },
      });
      t.equal(r.status, Number(status), `${op.operationId} ${status}`);
      t.same(r.body, response.examples[0], `${op.operationId} ${status} body is its example`);
    }
  }
  const named = await mock.send({
    operationId: 'getCurrentPlan',
    method: 'POST',
    path: '/transactions/get_user_current_plan',
    headers: { prefer: 'example=none' },
  });
  t.same(named.body, { message: 'No active plan.', data: null }, 'example=name picks a named example');
  const undocumented = await mock.send({
    operationId: 'listPlans',
    method: 'GET',
    path: '/plans/index',
    headers: { prefer: 'code=418' },
  });
  t.equal(undocumented.status, 400);
  t.match(
    (undocumented.body as { message: string }).message,
    /does not document status 418; it documents 200, 400, 401, 429/,
  );
});

t.test('a fault for the next N calls of one operation, then normal service', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const set = await mock.control('POST', '/__mock/faults', { operationId: 'listClients', status: 403, count: 2 });
  t.equal(set.status, 201);
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await mock.post('/client/list', {}, bearer(token))).status);
  t.same(statuses, [403, 403, 200]);
  t.equal((await mock.post('/adminroom/index', {}, bearer(token))).status, 200, 'other operations untouched');
  t.same((await mock.control('GET', '/__mock/faults')).body, { faults: [] }, 'spent rules are dropped');
});

t.test('a fault on every operation until cleared; a forced 429 carries Retry-After', async (t) => {
  const mock = await testMock(t);
  await mock.control('POST', '/__mock/faults', { status: 429 });
  for (const path of ['/countries/index', '/user/settings']) {
    const r = await mock.post(path, {});
    t.same([r.status, r.body], [429, { message: 'Too many requests. Please try again later.', status: 429 }]);
    t.equal(r.headers['retry-after'], '60');
  }
  await mock.control('DELETE', '/__mock/faults');
  t.equal((await mock.post('/countries/index', {})).status, 200);
});

t.test('regression: a rule for all operations passes over those that do not document its status', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  await mock.control('POST', '/__mock/faults', { status: 403, count: 1 });
  t.equal((await mock.post('/countries/index', {})).status, 200, 'countries documents no 403: served, count kept');
  t.equal((await mock.post('/client/list', {}, bearer(token))).status, 403, 'client/list takes the forced 403');
  t.equal((await mock.post('/client/list', {}, bearer(token))).status, 200, 'and the count is spent');
});

t.test('latency is injected (and bounded), then the call is served', async (t) => {
  const mock = await testMock(t);
  await mock.control('POST', '/__mock/faults', { operationId: 'listCountries', latency_ms: 150, count: 1 });
  const start = performance.now();
  const r = await mock.post('/countries/index', {});
  t.equal(r.status, 200);
  t.ok(performance.now() - start >= 140, 'the call waited');
  t.equal((await mock.control('POST', '/__mock/faults', { latency_ms: 3_600_000 })).status, 422, 'an hour is refused');
});

t.test('fault controls refuse what cannot be served', async (t) => {
  const mock = await testMock(t);
  const cases: Array<[unknown, number, RegExp]> = [
    [{ operationId: 'noSuchOp', status: 500 }, 400, /No operation noSuchOp/],
    [{ operationId: 'listPlans', status: 403 }, 400, /does not document status 403/],
    [
      {},
      422,
      /^A fault takes at least one of operationId, status, kind, latency_ms, count, retry_after or bytes_per_second\.$/,
    ],
    [{ status: 99 }, 422, /at least 100/],
  ];
  for (const [body, status, message] of cases) {
    const r = await mock.control('POST', '/__mock/faults', body);
    t.equal(r.status, status, JSON.stringify(body));
    t.match((r.body as { message: string }).message, message);
  }
});

t.test('reset brings back the seeded world and clears faults', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const c = clientsOf(mock.app.mock.store).find((x) => x.user_id === 1)!;
  await mock.post('/client/delete', { client_id: c.id }, bearer(token));
  await mock.control('POST', '/__mock/faults', { status: 500, operationId: 'listCountries' });
  t.equal((await mock.control('POST', '/__mock/reset')).status, 200);
  t.ok(mock.app.mock.store.client(c.id), 'the client is back');
  t.equal((await mock.post('/countries/index', {})).status, 200, 'faults cleared');
  t.equal((await mock.post('/user/get_profile', {}, bearer(token))).status, 401, 'sessions belong to the old world');
});

t.test('regression: a latency rule and a status rule that both match apply together, in either order', async (t) => {
  for (const order of [
    ['latency', 'status'],
    ['status', 'latency'],
  ] as const) {
    const mock = await testMock(t);
    const token = await mock.signin();
    for (const kind of order) {
      await mock.control(
        'POST',
        '/__mock/faults',
        kind === 'latency'
          ? { operationId: 'listClients', latency_ms: 300, count: 1 }
          : { operationId: 'listClients', status: 403, count: 1 },
      );
    }
    const started = performance.now();
    const r = await mock.post('/client/list', {}, bearer(token));
    const ms = performance.now() - started;
    t.equal(r.status, 403, `${order.join(' then ')}: the status applies`);
    t.ok(ms >= 290, `${order.join(' then ')}: and so does the latency (${Math.round(ms)} ms)`);
    t.same((await mock.control('GET', '/__mock/faults')).body, { faults: [] }, 'both rules spent');
    t.equal((await mock.post('/client/list', {}, bearer(token))).status, 200);
  }
});

t.test(
  'regression: fault rules were unbounded: past MAX_FAULT_RULES a new one is refused in the control shape',
  async (t) => {
    const mock = await testMock(t, { rateLimit: false });
    for (let i = 0; i < MAX_FAULT_RULES; i++) {
      const r = await mock.control('POST', '/__mock/faults', { operationId: 'getProfile', latency_ms: 0 });
      if (r.status !== 201) return t.fail(`rule ${i}: ${r.status}`);
    }
    const refused = await mock.control('POST', '/__mock/faults', { operationId: 'getProfile', latency_ms: 0 });
    t.equal(refused.status, 400);
    t.match(refused.body, { message: /At most 1000 fault rules at once: clear them first/ });
    t.equal(
      ((await mock.control('GET', '/__mock/faults')).body as { faults: unknown[] }).faults.length,
      MAX_FAULT_RULES,
    );
    t.equal((await mock.control('DELETE', '/__mock/faults')).status, 200);
    t.equal(
      (await mock.control('POST', '/__mock/faults', { status: 500, count: 1 })).status,
      201,
      'cleared: rules again',
    );
  },
);
