// The request journal's redaction: no token, password or other secret is ever
// shown, whichever way it reached the journal (one row per way, in
// secret-rows.ts), and bodies are cut after redacting them.
import t from 'tap';
import { JOURNAL_DEFAULTS, Journal, redactBody, redactHeaders, secretHeaders } from '../../../mock/journal/journal.js';
import { exchange } from '../../helpers/journal.js';
import { testMock } from '../../helpers/mock.js';
import { secretRows } from './secret-rows.js';

t.test('never keeps a token or a password', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  await mock.post('/user/get_profile', {}, { 'x-api-token': token });
  const all = JSON.stringify((await mock.control('GET', '/__mock/requests')).body);
  t.notOk(all.includes(token), 'no token, in headers or in the sign-in answer');
  t.notOk(all.includes('demo-password'), 'no password from the sign-in body');
  t.match(all, /\[REDACTED\]/);
});

t.test('redaction helpers', async (t) => {
  t.same(redactBody({ email: 'a@b.c', password: 'x', data: [{ api_token: 't' }], device_token: '' }), {
    email: 'a@b.c',
    password: '[REDACTED]',
    data: [{ api_token: '[REDACTED]' }],
    device_token: '',
  });
  t.same(
    redactHeaders(
      { authorization: 'Bearer abc.def', 'x-api-token': 'abc', platform: 'WEB', accept: ['a', 'b'] },
      secretHeaders(['X-API-Token']),
    ),
    { authorization: 'Bearer [REDACTED]', 'x-api-token': '[REDACTED]', platform: 'WEB', accept: 'a, b' },
  );
});

/** Every string of an entry as shown (keys too), unescaped, so an escaped form is seen as written. */
const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : v && typeof v === 'object'
      ? Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)])
      : [];

t.test('regression: every way a secret reaches the journal is redacted', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const store = mock.app.mock.store;
  const reset = store.createResetToken(store.userByEmail('demo@example.com')!);
  for (const row of secretRows({ token, reset })) {
    await mock.app.inject({
      method: row.method ?? 'POST',
      url: `/api/v1${row.url}`,
      headers: { platform: 'WEB', 'content-type': 'application/json', ...row.headers },
      payload: row.body,
    });
    const [entry] = ((await mock.control('GET', '/__mock/requests?limit=1')).body as any).requests;
    const shown = strings(entry).join('\n').toLowerCase();
    const leaks = row.secrets.filter((s) =>
      [s, s.slice(0, 8), s.slice(-12)].some((form) => shown.includes(form.toLowerCase())),
    );
    t.same(leaks, [], row.name);
  }
  t.ok(store.userByToken(token), 'the session stayed live through the table');
});

t.test('regression: a body cut when recorded (too large) shows no start of a token cut in two', async (t) => {
  const token = 'f'.repeat(8) + '0123456789abcdef'.repeat(3) + 'e'.repeat(8);
  const journal = new Journal(5, undefined, undefined, { liveTokens: () => [token] });
  // The password's mask shrinks 25,000 characters to 10: what lay near the record-time cut comes into view.
  const head = `{"password":"${'p'.repeat(25_000)}","note":"`;
  const body = `${head}${'n'.repeat(JOURNAL_DEFAULTS.keepChars - head.length - 10)}${token}${'m'.repeat(20_000)}"}`;
  journal.record(exchange({ requestBody: body }));
  const [entry] = journal.list();
  t.ok(entry!.request.truncated);
  t.notMatch(entry!.request.body!, /ffffffff|pppp/, 'neither the password nor the start of the token');
  t.match(entry!.request.body!, /^\{"password":"\[REDACTED\]","note":"nnn/);
});

t.test('redaction keeps valid JSON valid, duplicates and empties as sent', async (t) => {
  const journal = new Journal(5);
  journal.record(
    exchange({
      requestBody: '{"password":"a","password":"b","device_token":"","n":{"token":[1,{"x":2}]},"ok":true}',
    }),
  );
  t.equal(
    journal.list()[0]!.request.body,
    '{"password":"[REDACTED]","password":"[REDACTED]","device_token":"","n":{"token":"[REDACTED]"},"ok":true}',
  );
});
