// Section 8: 60 requests a minute per token (per address without one), then 429.
import t from 'tap';
import { bearer, testMock } from '../helpers/mock.js';

t.test('the 61st call of a token in a minute gets 429 with the document message and headers', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  for (let i = 1; i <= 60; i++) {
    const r = await mock.post('/adminroom/index', {}, bearer(token));
    if (r.status !== 200) t.fail(`call ${i} answered ${r.status}`);
    if (i === 60) t.equal(r.headers['x-ratelimit-remaining'], '0');
  }
  const r = await mock.post('/adminroom/index', {}, bearer(token));
  t.equal(r.status, 429);
  t.same(r.body, { message: 'Too many requests. Please try again later.', status: 429 });
  t.equal(r.headers['x-ratelimit-limit'], '60');
  t.equal(r.headers['x-ratelimit-remaining'], '0');
  t.ok(Number(r.headers['retry-after']) > 0, 'Retry-After in seconds');
  const other = await mock.signin('nosub@example.com');
  t.equal((await mock.post('/user/get_profile', {}, bearer(other))).status, 200, 'another token has its own quota');
});

t.test('regression: the quota is shared by all operations, not counted per operation', async (t) => {
  const mock = await testMock(t, { rateLimit: { max: 3 } });
  const token = await mock.signin();
  const statuses = [];
  for (const path of ['/adminroom/index', '/user/get_profile', '/room/measurement_type', '/user/get_company_user']) {
    statuses.push((await mock.post(path, {}, bearer(token))).status);
  }
  t.same(statuses, [200, 200, 200, 429]);
});

t.test('regression: made-up tokens count per address, so rotating them does not escape the limit', async (t) => {
  const mock = await testMock(t, { rateLimit: { max: 3 } });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await mock.post('/user/get_profile', {}, bearer(`made-up-${i}`))).status);
  t.same(statuses, [401, 401, 401, 429]);
});

t.test('calls without a token count per address', async (t) => {
  const mock = await testMock(t, { rateLimit: { max: 3 } });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await mock.post('/countries/index', {})).status);
  t.same(statuses, [200, 200, 200, 429]);
});

t.test('--no-rate-limit turns it off; controls are never limited', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  let last = 0;
  for (let i = 0; i < 70; i++) last = (await mock.post('/adminroom/index', {}, bearer(token))).status;
  t.equal(last, 200);
  const limited = await testMock(t, { rateLimit: { max: 1 } });
  for (let i = 0; i < 3; i++) t.equal((await limited.control('GET', '/__mock/accounts')).status, 200);
});
