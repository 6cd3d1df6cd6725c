// Section 8: 60 requests a minute per user when signed in (per address otherwise), then 429.
import t from 'tap';
import { bearer, spec, testMock } from '../helpers/mock.js';

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

// Each form of token churn, with a quota of 3: the count must follow the user
// when signed in and the address otherwise, whatever tokens come and go
// (Laravel's default API limiter: by($request->user()?->id ?: $request->ip())).
t.test('regression: the quota was per token, so signing in again and again multiplied it', async (t) => {
  type Step = (m: Churn) => Promise<number>;
  interface Churn {
    mock: Awaited<ReturnType<typeof testMock>>;
    tokens: Record<string, string>;
  }
  /** Signs in (charged to the address), keeping the token under `name`; `carrying` sends a token along. */
  const signin =
    (name: string, email = 'demo@example.com', carrying?: string): Step =>
    async (c) => {
      const headers = carrying ? bearer(c.tokens[carrying] ?? carrying) : {};
      const r = await c.mock.post('/user/signin', { email, password: 'demo-password' }, headers);
      if (r.status === 200) c.tokens[name] = (r.body as { data: { api_token: string } }).data.api_token;
      return r.status;
    };
  const call =
    (name: string): Step =>
    async (c) =>
      (await c.mock.post('/user/get_profile', {}, bearer(c.tokens[name] ?? name))).status;
  const open: Step = async (c) => (await c.mock.post('/countries/index', {})).status;
  const rows: Array<[string, Step[], number[]]> = [
    [
      'one address signs in again and again, each new token calling',
      [signin('a'), call('a'), signin('b'), call('b'), signin('c'), call('c'), call('c'), signin('d')],
      [200, 200, 200, 200, 200, 200, 429, 429],
    ],
    [
      "many tokens of one user share the user's quota",
      [signin('a'), signin('b'), call('a'), call('b'), call('a'), call('b')],
      [200, 200, 200, 200, 200, 429],
    ],
    [
      'a sign-in carrying a valid token is charged to the address, not to that token',
      [signin('a'), call('a'), call('a'), call('a'), call('a'), signin('b', undefined, 'a')],
      [200, 200, 200, 200, 429, 200],
    ],
    [
      'made-up tokens are charged to the address, with the sign-ins',
      [signin('a'), call('made-up-1'), call('made-up-2'), call('made-up-3'), open],
      [200, 401, 401, 429, 429],
    ],
    [
      'two users from one address each have their own quota when signed in',
      [signin('a'), signin('b', 'nosub@example.com'), call('a'), call('a'), call('a'), call('a'), call('b')],
      [200, 200, 200, 200, 200, 429, 200],
    ],
    [
      "a user's spent quota leaves the address's alone",
      [signin('a'), call('a'), call('a'), call('a'), call('a'), open, open, open],
      [200, 200, 200, 200, 429, 200, 200, 429],
    ],
  ];
  for (const [name, steps, expected] of rows) {
    const churn: Churn = { mock: await testMock(t, { rateLimit: { max: 3 } }), tokens: {} };
    const got: number[] = [];
    for (const step of steps) got.push(await step(churn));
    t.same(got, expected, name);
  }
});

t.test('the spec marks the keying x-assumed, with Laravel’s limiter as its reason', async (t) => {
  const key = (await spec()).raw['x-rate-limit-key'];
  t.same(key.by, ['user', 'address']);
  t.equal(key['x-assumed'], true);
  t.match(key['x-assumed-reason'], /\$request->user\(\)\?->id \?: \$request->ip\(\)/);
});
