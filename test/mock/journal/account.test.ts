// Issue 29: the console showed account "—" for a 429 and for a fault-forced
// 401 although a valid token was sent: the journal took the account from the
// token check, which an answer made before it (a fault, the rate limit, the
// platform header) never reaches. A protected operation's valid token names
// its account whatever answered; what the rate limit counts per address (a
// public operation, an unknown token) names none.
import t from 'tap';
import { bearer, testMock } from '../../helpers/mock.js';

const entries = async (mock: Awaited<ReturnType<typeof testMock>>) =>
  ((await mock.control('GET', '/__mock/requests')).body as any).requests.map((e: any) => [
    e.operationId,
    e.status,
    e.error,
    e.account,
  ]);

t.test('a 429 carries the account of the valid token that was sent', async (t) => {
  const mock = await testMock(t, { rateLimit: { max: 2 } });
  const token = await mock.signin();
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await mock.post('/user/get_profile', {}, bearer(token))).status);
  t.same(statuses, [200, 200, 429]);
  t.same((await entries(mock))[0], ['getProfile', 429, 'MCS_ERR_TOO_MANY_REQUESTS', 'demo@example.com']);
});

t.test('a fault-forced 401 (and Prefer: code=401) carries the account of the valid token', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const fault = await mock.control('POST', '/__mock/faults', { operationId: 'listClients', status: 401, count: 1 });
  t.equal(fault.status, 201, 'the fault is set');
  t.equal((await mock.post('/client/list', { page: 1 }, bearer(token))).status, 401, 'forced by the fault');
  t.equal(
    (await mock.post('/client/list', { page: 1 }, { ...bearer(token), prefer: 'code=401' })).status,
    401,
    'forced by Prefer',
  );
  t.same((await entries(mock)).slice(0, 2), [
    ['listClients', 401, 'MCS_ERR_FORCED', 'demo@example.com'],
    ['listClients', 401, 'MCS_ERR_FORCED', 'demo@example.com'],
  ]);
});

t.test(
  'a platform 400 before the token check names the account too; unknown tokens and public operations none',
  async (t) => {
    const mock = await testMock(t, { rateLimit: false });
    const token = await mock.signin();
    await mock.post('/client/list', { page: 1 }, { ...bearer(token), platform: 'NOKIA' });
    await mock.post('/client/list', { page: 1 }, bearer('made-up-token'));
    await mock.post('/countries/index', {}, bearer(token));
    const [publicCall, unknown, platform] = await entries(mock);
    t.same(platform, ['listClients', 400, 'MCS_ERR_PLATFORM', 'demo@example.com'], 'a refused platform header');
    t.same(unknown, ['listClients', 401, 'MCS_ERR_UNAUTHENTICATED', null], 'a made-up token names no account');
    t.same(publicCall, ['listCountries', 200, null, null], 'a public operation is no account’s call');
  },
);
