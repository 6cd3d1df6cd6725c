// POST /__mock/tokens/invalidate: reason logout ends one token, as POST
// /user/logout does (the named one, else the most recent session); the other
// reasons end every token of the user.
import t from 'tap';
import { bearer, testMock } from '../../helpers/mock.js';

const profile = '/user/get_profile';
const invalidate = '/__mock/tokens/invalidate';

t.test('logout without a token ends the most recent session only', async (t) => {
  const mock = await testMock(t);
  const older = await mock.signin();
  const newer = await mock.signin();
  const r = await mock.control('POST', invalidate, { email: 'demo@example.com', reason: 'logout' });
  t.equal(r.status, 200);
  t.same(r.body, {
    message:
      'Logged out the most recent session of demo@example.com (logout ends one token, as POST /user/logout does; its other sessions stay).',
    revoked: 1,
  });
  t.equal((await mock.post(profile, {}, bearer(newer))).status, 401, 'the newest session ended');
  t.equal((await mock.post(profile, {}, bearer(older))).status, 200, 'the older one stays, as after an API logout');
});

t.test('logout with a token ends that one; a token not the user’s is refused without ending anything', async (t) => {
  const mock = await testMock(t);
  const older = await mock.signin();
  const newer = await mock.signin();
  const other = await mock.signin('nosub@example.com');
  const foreign = await mock.control('POST', invalidate, { email: 'demo@example.com', reason: 'logout', token: other });
  t.equal(foreign.status, 422);
  t.same(foreign.body, {
    message: 'The token is not a live session of demo@example.com.',
    status: 422,
    errors: { token: ['The token is not a live session of demo@example.com.'] },
  });
  t.notMatch(JSON.stringify(foreign.body), other, 'the token is never echoed');
  t.equal((await mock.post(profile, {}, bearer(other))).status, 200, 'the other user’s session stays');
  const r = await mock.control('POST', invalidate, { email: 'demo@example.com', reason: 'logout', token: older });
  t.match(r.body, { message: /^Logged out the session named of demo@example.com/, revoked: 1 });
  t.equal((await mock.post(profile, {}, bearer(older))).status, 401);
  t.equal((await mock.post(profile, {}, bearer(newer))).status, 200);
});

t.test('logout of a user with no session ends nothing and says so', async (t) => {
  const mock = await testMock(t);
  const r = await mock.control('POST', invalidate, { email: 'demo@example.com', reason: 'logout' });
  t.same([r.status, r.body], [200, { message: 'demo@example.com has no session to log out.', revoked: 0 }]);
});

t.test('the other reasons end every token; a token is named only with logout', async (t) => {
  const mock = await testMock(t);
  const a = await mock.signin();
  const named = await mock.control('POST', invalidate, { email: 'demo@example.com', reason: 'breach', token: a });
  t.equal(named.status, 422);
  t.match(named.body, {
    errors: { token: ['A token is named only with reason logout; breach ends every token of the user.'] },
  });
  const b = await mock.signin();
  const r = await mock.control('POST', invalidate, { email: 'demo@example.com', reason: 'breach' });
  t.same(r.body, { message: 'Invalidated 2 token(s) of demo@example.com (breach).', revoked: 2 });
  for (const token of [a, b]) t.equal((await mock.post(profile, {}, bearer(token))).status, 401);
});

t.test('a misnamed token field is named with the one meant', async (t) => {
  const mock = await testMock(t);
  const r = await mock.control('POST', invalidate, { email: 'demo@example.com', reason: 'logout', api_token: 'x' });
  t.equal(r.status, 422);
  t.match(r.body, {
    message:
      'api_token is not a field of a token invalidation; did you mean token? A token invalidation takes email, reason and token.',
  });
});
