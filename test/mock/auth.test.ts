// Tokens: either header, several devices, and every invalidation of section 3.
import t from 'tap';
import { bearer, testMock } from '../helpers/mock.js';

const profile = '/user/get_profile';

t.test('the token works as Bearer and as X-API-Token; a made-up one does not', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  t.equal((await mock.post(profile, {}, bearer(token))).status, 200);
  t.equal((await mock.post(profile, {}, { 'x-api-token': token })).status, 200);
  for (const headers of [{}, bearer('made-up'), { 'x-api-token': 'made-up' }, { authorization: token }] as Array<
    Record<string, string>
  >) {
    const r = await mock.post(profile, {}, headers);
    t.equal(r.status, 401, `refused with ${JSON.stringify(Object.keys(headers))}`);
    t.same(r.body, { message: 'Unauthenticated.', status: 401 });
  }
});

t.test('sign-in returns a fresh random token each time; a user holds several at once', async (t) => {
  const mock = await testMock(t);
  const a = await mock.signin();
  const b = await mock.signin();
  t.not(a, b);
  t.match(a, /^[0-9a-f]{64}$/);
  t.equal((await mock.post(profile, {}, bearer(a))).status, 200);
  t.equal((await mock.post(profile, {}, bearer(b))).status, 200);
});

t.test('wrong credentials are refused without saying which was wrong', async (t) => {
  const mock = await testMock(t);
  for (const body of [
    { email: 'demo@example.com', password: 'nope' },
    { email: 'nobody@example.com', password: 'demo-password' },
  ]) {
    const r = await mock.post('/user/signin', body);
    t.same([r.status, r.body], [401, { message: 'Invalid email or password.', status: 401 }]);
  }
});

t.test('logout ends only the device that logs out', async (t) => {
  const mock = await testMock(t);
  const web = await mock.signin();
  const phone = await mock.signin();
  t.equal((await mock.post('/user/logout', {}, bearer(phone))).status, 200);
  t.equal((await mock.post(profile, {}, bearer(phone))).status, 401);
  t.equal((await mock.post(profile, {}, bearer(web))).status, 200);
});

t.test('a password change ends every session of the user', async (t) => {
  const mock = await testMock(t);
  const a = await mock.signin();
  const b = await mock.signin();
  const r = await mock.post('/user/update_password', {
    email: 'demo@example.com',
    current_password: 'demo-password',
    new_password: 'brand-new-pass',
    new_password_confirmation: 'brand-new-pass',
  });
  t.equal(r.status, 200);
  for (const token of [a, b]) t.equal((await mock.post(profile, {}, bearer(token))).status, 401);
  t.equal(
    (await mock.post('/user/signin', { email: 'demo@example.com', password: 'demo-password' })).status,
    401,
    'old password refused',
  );
  t.equal(
    (await mock.post('/user/signin', { email: 'demo@example.com', password: 'brand-new-pass' })).status,
    200,
    'new one works',
  );
});

t.test('the reset link flow: mail, reset, old sessions gone, token single-use', async (t) => {
  const mock = await testMock(t);
  const before = await mock.signin();
  t.equal((await mock.post('/user/forgot_password', { email: 'demo@example.com' })).status, 200);
  const unknown = await mock.post('/user/forgot_password', { email: 'nobody@example.com' });
  t.equal(unknown.status, 200, 'unknown addresses get the same answer');
  const mail = (await mock.control('GET', '/__mock/mail')).body as { mail: Array<{ to: string; reset_token: string }> };
  t.equal(mail.mail.length, 1, 'only the real account got mail');
  const token = mail.mail[0]!.reset_token;
  const body = { email: 'demo@example.com', password: 'reset-password', password_confirmation: 'reset-password' };
  t.equal((await mock.post(`/user/reset_password/${token}`, { ...body, password_confirmation: 'other' })).status, 422);
  t.equal((await mock.post(`/user/reset_password/${token}`, body)).status, 200);
  t.equal((await mock.post(`/user/reset_password/${token}`, body)).status, 422, 'single use');
  t.equal((await mock.post(profile, {}, bearer(before))).status, 401);
});

t.test('deactivation and a detected breach invalidate tokens (controls)', async (t) => {
  const mock = await testMock(t);
  for (const reason of ['breach', 'deactivation'] as const) {
    const token = await mock.signin();
    const r = await mock.control('POST', '/__mock/tokens/invalidate', { email: 'demo@example.com', reason });
    t.equal(r.status, 200);
    t.equal((await mock.post(profile, {}, bearer(token))).status, 401, `${reason} ends the session`);
  }
  const deactivated = await mock.post('/user/signin', { email: 'demo@example.com', password: 'demo-password' });
  t.same(
    [deactivated.status, deactivated.body],
    [401, { message: 'Your account has been deactivated.', status: 401 }],
    'a deactivated account cannot sign in, and is told why',
  );
  t.equal(deactivated.headers['x-mock-error'], 'MCS_ERR_ACCOUNT_DEACTIVATED');
  t.same(
    (await mock.post('/user/signin', { email: 'demo@example.com', password: 'wrong' })).body,
    { message: 'Invalid email or password.', status: 401 },
    'without the right password nobody learns that the account is deactivated',
  );
  t.equal(
    (await mock.control('POST', '/__mock/tokens/invalidate', { email: 'demo@example.com', reason: 'boredom' })).status,
    422,
  );
});

t.test('QR sign-in exchanges a live token for a new device token', async (t) => {
  const mock = await testMock(t);
  const web = await mock.signin();
  const r = await mock.post('/user/qrcode_signin', { qr_code: web, platform: 'IOS' }, { platform: 'IOS' });
  t.equal(r.status, 200);
  const phone = (r.body as { data: { api_token: string } }).data.api_token;
  t.not(phone, web);
  t.equal((await mock.post(profile, {}, bearer(phone))).status, 200);
  t.same((await mock.post('/user/qrcode_signin', { qr_code: 'stale' })).body, {
    message: 'Invalid QR code.',
    status: 401,
  });
});

t.test('plans/index refuses in its own documented shape', async (t) => {
  const mock = await testMock(t);
  const r = await mock.send({
    operationId: 'listPlans',
    method: 'GET',
    path: '/plans/index',
    headers: { platform: 'WEB' },
  });
  t.same([r.status, r.body], [401, { status: 'error', message: 'Unauthorized' }]);
});

t.test('GET /__mock/accounts marks a deactivated account', async (t) => {
  const mock = await testMock(t);
  type Row = { email: string; active: boolean };
  const read = async () =>
    (await mock.control('GET', '/__mock/accounts')).body as { accounts: Row[]; demo_company: { members: Row[] } };
  const before = await read();
  t.ok(before.accounts.every((a) => a.active) && before.demo_company.members.every((m) => m.active), 'all active');
  const member = before.demo_company.members.find((m) => m.email !== 'demo@example.com')!;
  await mock.control('POST', '/__mock/tokens/invalidate', { email: member.email, reason: 'deactivation' });
  await mock.control('POST', '/__mock/tokens/invalidate', { email: 'nosub@example.com', reason: 'deactivation' });
  const after = await read();
  t.same(
    after.demo_company.members.filter((m) => !m.active).map((m) => m.email),
    [member.email],
    'the deactivated member is marked',
  );
  t.same(
    after.accounts.map((a) => [a.email, a.active]),
    [
      ['demo@example.com', true],
      ['nosub@example.com', false],
    ],
  );
});

// Review of issue 31: with the rate limit on (the default), its key and the token check each asked the store
// for the token's user: twice on every protected request. Now once; a reset between them is still seen.
t.test('a protected request asks its store for the token once, with the rate limit on', async (t) => {
  const mock = await testMock(t, { rateLimit: { max: 1000, windowMs: 60_000 } });
  const token = await mock.signin();
  const store = mock.app.mock.store;
  let asked = 0;
  const userByToken = store.userByToken.bind(store);
  store.userByToken = (tk: string) => (asked++, userByToken(tk));
  t.equal((await mock.post(profile, {}, bearer(token))).status, 200);
  t.equal(asked, 1, 'one lookup for the rate limit, auth and the journal');
  t.equal((await mock.post(profile, {}, bearer('made-up'))).status, 401);
  t.equal(asked, 2, 'one for a refused token too');
});
