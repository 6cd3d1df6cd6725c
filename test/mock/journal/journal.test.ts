// The request journal: what the app sent and what the mock answered, bounded,
// filtered, redacted, with the exchange validator's findings.
import t from 'tap';
import {
  JOURNAL_DEFAULTS,
  Journal,
  type Recorded,
  redactBody,
  redactHeaders,
  secretHeaders,
} from '../../../mock/journal/journal.js';
import { listExchange } from '../../helpers/journal.js';
import { testMock } from '../../helpers/mock.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

t.test('answers "was client/update called with this email?"', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const example = mock.app.mock.ctx.spec.byId.get('updateClient')!.requestBody!.examples[0] as Record<string, unknown>;
  const list = await mock.post('/client/list', { keyword: '', page: 1, limit: 1 }, bearer(token));
  const id = (list.body as any).data.data[0].id;
  await mock.post('/client/update', { ...example, client_id: id, email: 'new.address@example.com' }, bearer(token));
  const r = await mock.control('GET', '/__mock/requests?operationId=updateClient');
  t.equal(r.status, 200);
  const [entry] = (r.body as any).requests;
  t.equal(entry.operationId, 'updateClient');
  t.equal(entry.method, 'POST');
  t.equal(entry.url, '/api/v1/client/update');
  t.equal(entry.account, 'demo@example.com', 'the signed-in account, by email');
  t.equal(JSON.parse(entry.request.body).email, 'new.address@example.com');
  t.equal(entry.status, 200);
  t.same(entry.findings, [], "the mock's own answer conforms");
  t.equal((r.body as any).requests.length, 1, 'filtered to the operation');
});

t.test('never keeps a token or a password', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  await mock.post('/user/get_profile', {}, { 'x-api-token': token });
  const all = JSON.stringify((await mock.control('GET', '/__mock/requests')).body);
  t.notOk(all.includes(token), 'no token, in headers or in the sign-in answer');
  t.notOk(all.includes('demo-password'), 'no password from the sign-in body');
  t.match(all, /\[REDACTED\]/);
});

t.test('filters: status, after (a cursor), limit; newest first; DELETE clears', async (t) => {
  const mock = await testMock(t);
  for (let i = 0; i < 3; i++) await mock.post('/countries/index', {});
  await mock.post('/client/list', {}); // 401: no token
  const byStatus = (await mock.control('GET', '/__mock/requests?status=401')).body as any;
  t.same(
    byStatus.requests.map((e: any) => [e.operationId, e.status, e.account]),
    [['listClients', 401, null]],
  );
  const all = (await mock.control('GET', '/__mock/requests')).body as any;
  t.same(
    all.requests.map((e: any) => e.id),
    [4, 3, 2, 1],
    'newest first',
  );
  t.same(
    ((await mock.control('GET', '/__mock/requests?after=2')).body as any).requests.map((e: any) => e.id),
    [4, 3],
  );
  t.same(
    ((await mock.control('GET', '/__mock/requests?limit=1')).body as any).requests.map((e: any) => e.id),
    [4],
  );
  t.match((await mock.control('DELETE', '/__mock/requests')).body, { message: 'Journal cleared (4 exchanges).' });
  t.same(((await mock.control('GET', '/__mock/requests')).body as any).requests, []);
});

t.test('bad filters are refused in the error shape, naming the filter', async (t) => {
  const mock = await testMock(t);
  const cases: Array<[string, number, RegExp]> = [
    ['status=abc', 422, /The status field must be an integer/],
    ['since=yesterday', 422, /The since field must be a valid date-time/],
    ['operationId=noSuchOperation', 400, /No operation noSuchOperation in the spec/],
  ];
  for (const [q, status, message] of cases) {
    const r = await mock.control('GET', `/__mock/requests?${q}`);
    t.equal(r.status, status, q);
    t.match(r.body, { message, status }, q);
  }
  t.equal(
    (await mock.control('GET', '/__mock/requests?color=red')).status,
    200,
    'an unknown filter is ignored, as Laravel ignores unknown input',
  );
});

t.test(
  'findings on an answer that breaks the spec (a forced fault still conforms; a 404 route has no operation)',
  async (t) => {
    const mock = await testMock(t);
    await mock.post('/no/such/route', {});
    const [entry] = ((await mock.control('GET', '/__mock/requests')).body as any).requests;
    t.equal(entry.operationId, null);
    t.equal(entry.status, 404);
    const journal = new Journal(5, () => [
      { at: '/data', expected: 'array', actual: '1', message: 'must be array', severity: 'error' },
    ]);
    journal.record({
      method: 'POST',
      url: '/api/v1/countries/index',
      operationId: 'listCountries',
      status: 200,
      ms: 1,
      account: null,
      headers: {},
      requestBody: undefined,
      contentType: 'application/json',
      responseText: '{"data":1}',
    });
    t.equal(journal.list()[0]!.findings![0]!.message, 'must be array');
  },
);

t.test('regression: recording walks no body (redacting every 11 KB page cut client/list to a tenth)', async (t) => {
  const journal = new Journal(2, () => []);
  let touched = 0;
  const body = new Proxy(
    { password: 'secret-pass', page: 1 },
    {
      ownKeys: (target) => (touched++, Reflect.ownKeys(target)),
      get: (target, key) => (touched++, Reflect.get(target, key)),
    },
  );
  const exchange = (i: number) => listExchange(i, body, '{"message":"ok","data":[]}');
  for (let i = 0; i < 7; i++) journal.record(exchange(i));
  t.equal(touched, 0, 'nothing read at record time');
  const entries = journal.list();
  t.same(
    entries.map((e) => e.url),
    ['/api/v1/client/list?i=6', '/api/v1/client/list?i=5'],
    'still bounded to the last N',
  );
  t.equal(journal.count, 2);
  t.ok(touched > 0, 'read when listed');
  t.notMatch(JSON.stringify(entries), /secret-pass|live-token/, 'redacted when shown');
  t.same(journal.list(), entries, 'shown once, the same on the next read');
});

t.test('bounded: keeps the last N, cuts bodies after redacting them; size 0 turns it off', async (t) => {
  const journal = new Journal(3);
  const long = JSON.stringify({ password: 'p'.repeat(20000), note: 'x'.repeat(20000) });
  for (let i = 0; i < 5; i++)
    journal.record({
      method: 'POST',
      url: `/api/v1/x/${i}`,
      operationId: null,
      status: 200,
      ms: 1,
      account: null,
      headers: {},
      requestBody: long,
      contentType: null,
      responseText: null,
    });
  const entries = journal.list();
  t.same(
    entries.map((e) => e.url),
    ['/api/v1/x/4', '/api/v1/x/3', '/api/v1/x/2'],
  );
  t.ok(entries[0]!.request.truncated);
  t.ok(entries[0]!.request.body!.length <= 8192);
  t.notMatch(entries[0]!.request.body!, /pppp/, 'redacted before cut: no piece of the password survives');
  const off = await testMock(t, { journal: 0 });
  await off.post('/countries/index', {});
  t.same(((await off.control('GET', '/__mock/requests')).body as any).requests, []);
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

// One row per way a secret reaches the journal. Each row sends one request to
// the mock as a client would (raw text, so malformed forms arrive as written)
// and names the secrets that must not appear in the journal, in any case, nor
// their first 8 or last 12 characters (a cut that leaves the start of a secret
// in view, or an encoding that hides only its first character, still leaks).
interface Live {
  token: string;
  reset: string;
}
interface Row {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  secrets: string[];
}
const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const uEsc = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const cut = 8192;
const secretRows = ({ token, reset }: Live): Row[] => [
  // Bodies: malformed JSON and its escapes.
  {
    name: 'malformed JSON (trailing comma): current_password and new_password',
    url: '/user/update_password',
    body: '{"email":"demo@example.com","current_password":"cur-secret-1","new_password":"new-secret-1",}',
    secrets: ['cur-secret-1', 'new-secret-1'],
  },
  {
    name: 'malformed JSON: the part of a password after an escaped quote',
    url: '/user/signin',
    body: '{"email":"demo@example.com","password":"abc\\"after-quote-secret", oops}',
    secrets: ['after-quote-secret'],
  },
  {
    name: 'malformed JSON: the part after \\u0022',
    url: '/user/signin',
    body: '{"password":"abc\\u0022tail-u0022-secret" x',
    secrets: ['tail-u0022-secret'],
  },
  {
    name: 'malformed JSON: \\/ inside the password',
    url: '/user/signin',
    body: '{"password":"a\\/slash-secret-3" x',
    secrets: ['slash-secret-3'],
  },
  {
    name: 'malformed JSON: key spelled with \\u escapes',
    url: '/user/signin',
    body: '{"pass\\u0077ord":"enc-key-secret",}',
    secrets: ['enc-key-secret'],
  },
  {
    name: 'malformed JSON: key in another case',
    url: '/user/update_password',
    body: '{"New_Password":"case-key-secret" x',
    secrets: ['case-key-secret'],
  },
  {
    name: 'valid JSON: duplicate keys',
    url: '/user/signin',
    body: '{"password":"dup-first-secret","password":"dup-last-secret"}',
    secrets: ['dup-first-secret', 'dup-last-secret'],
  },
  {
    name: 'malformed JSON: duplicate keys',
    url: '/user/signin',
    body: '{"password":"dupm-first-secret","password":"dupm-last-secret" x',
    secrets: ['dupm-first-secret', 'dupm-last-secret'],
  },
  {
    name: 'valid JSON: nested object and array under innocent keys',
    url: '/user/signin',
    body: '{"user":{"credentials":[{"password":"nested-arr-secret"}]}}',
    secrets: ['nested-arr-secret'],
  },
  {
    name: 'malformed JSON: an object under a secret key',
    url: '/user/signin',
    body: '{"password":{"value":"obj-val-secret","more":["obj-arr-secret"]} x',
    secrets: ['obj-val-secret', 'obj-arr-secret'],
  },
  {
    name: 'malformed JSON: a number as the password',
    url: '/user/signin',
    body: '{"password":98765432109876, x',
    secrets: ['98765432109876'],
  },
  {
    name: 'truncated body: escaped quote, then the end',
    url: '/user/signin',
    body: '{"email":"demo@example.com","password":"x\\"trunc-after-secret',
    secrets: ['trunc-after-secret'],
  },
  {
    name: 'truncated body: bare value, then the end',
    url: '/user/signin',
    body: '{"password": trunc-bare-secret',
    secrets: ['trunc-bare-secret'],
  },
  {
    name: 'form-encoded body, names encoded',
    url: '/user/update_password',
    body: 'email=demo%40example.com&current_password=form-cur-secret&new%5Fpassword=form-new-secret',
    secrets: ['form-cur-secret', 'form-new-secret'],
  },
  {
    name: 'single-quoted keys (a Python repr)',
    url: '/user/signin',
    body: "{'email': 'demo@example.com', 'password': 'single-q-secret'}",
    secrets: ['single-q-secret'],
  },
  {
    name: 'unquoted keys (a JavaScript literal)',
    url: '/user/signin',
    body: '{email: "demo@example.com", password: "bare-key-secret"}',
    secrets: ['bare-key-secret'],
  },
  {
    name: 'valid JSON: a JSON document inside a string',
    url: '/user/signin',
    body: JSON.stringify(JSON.stringify({ password: 'inner-json-secret' })),
    secrets: ['inner-json-secret'],
  },
  {
    name: 'valid JSON: a live token under an innocent key',
    url: '/user/signin',
    body: JSON.stringify({ email: 'demo@example.com', note: `see ${token}` }),
    secrets: [token],
  },
  {
    name: 'valid JSON: a live token written in \\u escapes',
    url: '/user/signin',
    body: `{"note":"${uEsc(token)}"}`,
    secrets: [token, uEsc(token)],
  },
  {
    name: 'body cut at bodyChars: a live token straddling the cut',
    url: '/user/signin',
    body: JSON.stringify({ note: `${'n'.repeat(cut - 20)}${token}`, more: 'x'.repeat(100) }),
    secrets: [token],
  },
  {
    name: 'body cut at bodyChars: a password straddling the cut',
    url: '/user/signin',
    body: `{"note":"${'n'.repeat(cut - 24)}","password":"straddle-pass-secret-${'p'.repeat(40)}"}`,
    secrets: ['straddle-pass-secret'],
  },
  {
    name: 'text body: a live reset token in plain prose',
    url: '/user/signin',
    body: `my reset token is ${reset} thanks`,
    secrets: [reset],
  },
  {
    name: 'valid JSON: \\u0022 inside the password',
    url: '/user/signin',
    body: '{"password":"abc\\u0022valid-u22-secret"}',
    secrets: ['valid-u22-secret'],
  },
  {
    name: "a PHP array export ('password' => '...')",
    url: '/user/signin',
    body: "array ( 'email' => 'demo@example.com', 'password' => 'php-arrow-secret', )",
    secrets: ['php-arrow-secret'],
  },
  // The URL: path tokens and query parameters.
  {
    name: 'path: the reset token of /user/reset_password/{token}',
    url: '/user/reset_password/path-reset-secret-1',
    body: JSON.stringify({ email: 'demo@example.com', password: 'x12345678', password_confirmation: 'x12345678' }),
    secrets: ['path-reset-secret-1'],
  },
  {
    name: 'path: the reset token, echoed in the body',
    url: '/user/reset_password/path-reset-secret-5',
    body: JSON.stringify({ email: 'demo@example.com', note: 'path-reset-secret-5' }),
    secrets: ['path-reset-secret-5'],
  },
  {
    name: 'path: the reset token percent-encoded',
    url: `/user/reset_password/${pct('path-reset-secret-2')}`,
    body: JSON.stringify({ email: 'demo@example.com', password: 'x12345678', password_confirmation: 'x12345678' }),
    secrets: ['path-reset-secret-2', pct('path-reset-secret-2')],
  },
  {
    name: 'path: empty segments, a trailing slash',
    url: '//user//reset_password//path-reset-secret-3/',
    body: '{}',
    secrets: ['path-reset-secret-3'],
  },
  {
    name: 'path: dot segments, encoded',
    url: '/user/x/%2e%2e/RESET_PASSWORD/path-reset-secret-4',
    body: '{}',
    secrets: ['path-reset-secret-4'],
  },
  {
    name: 'path: a live token in an unknown route',
    url: `/no/such/${token}`,
    body: '{}',
    secrets: [token],
  },
  {
    name: 'query: api_token, any case, repeated, name encoded',
    url: '/user/signin?api_token=q-secret-1&API_TOKEN=q-secret-2&token=q-secret-3&token=q-secret-4&api%5Ftoken=q-secret-5',
    body: '{}',
    secrets: ['q-secret-1', 'q-secret-2', 'q-secret-3', 'q-secret-4', 'q-secret-5'],
  },
  {
    name: 'query: a password in a PHP array name',
    url: '/user/signin?user[password]=q-arr-secret&user%5Bnew_password%5D=q-arr2-secret',
    body: '{}',
    secrets: ['q-arr-secret', 'q-arr2-secret'],
  },
  {
    name: 'query: a live token under an innocent name, plain and encoded',
    url: `/user/signin?q=${token}&r=${pct(reset)}`,
    body: '{}',
    secrets: [token, reset, pct(reset)],
  },
  // Headers.
  {
    name: 'header: a live token in an unusual header',
    url: '/user/signin',
    headers: { 'x-my-header': token },
    body: '{}',
    secrets: [token],
  },
  {
    name: 'header: a live token in capitals',
    url: '/user/signin',
    headers: { 'x-other': `id=${token.toUpperCase()}` },
    body: '{}',
    secrets: [token],
  },
  {
    name: 'header: a secret name (x-auth-token, x-api-key)',
    url: '/user/signin',
    headers: { 'x-auth-token': 'hdr-name-secret-1', 'x-api-key': 'hdr-name-secret-2' },
    body: '{}',
    secrets: ['hdr-name-secret-1', 'hdr-name-secret-2'],
  },
  {
    name: 'header: Authorization without a scheme',
    url: '/user/signin',
    headers: { authorization: 'noscheme-auth-secret' },
    body: '{}',
    secrets: ['noscheme-auth-secret'],
  },
  {
    name: 'header: Basic auth, and on Proxy-Authorization',
    url: '/user/signin',
    headers: {
      authorization: `Basic ${Buffer.from('demo@example.com:basic-pass-secret').toString('base64')}`,
      'proxy-authorization': `Basic ${Buffer.from('u:proxy-basic-secret').toString('base64')}`,
    },
    body: '{}',
    secrets: [
      Buffer.from('demo@example.com:basic-pass-secret').toString('base64'),
      Buffer.from('u:proxy-basic-secret').toString('base64'),
    ],
  },
  {
    name: 'header: cookies',
    url: '/user/signin',
    headers: { cookie: 'laravel_session=cookie-secret-1; XSRF-TOKEN=cookie-secret-2' },
    body: '{}',
    secrets: ['cookie-secret-1', 'cookie-secret-2'],
  },
];

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

const exchange = (over: Partial<Recorded>): Recorded => ({
  method: 'POST',
  url: '/api/v1/user/signin',
  operationId: null,
  status: 200,
  ms: 1,
  account: null,
  headers: {},
  requestBody: undefined,
  contentType: null,
  responseText: null,
  ...over,
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

t.test('regression: raw texts held until read are bounded in characters, not only in count', async (t) => {
  const journal = new Journal(200);
  const mib = 'x'.repeat(1024 * 1024);
  for (let i = 0; i < 100; i++) journal.record(exchange({ requestBody: `{"n":${i},"t":"${mib}"}`, responseText: mib }));
  t.ok(journal.heldChars <= JOURNAL_DEFAULTS.heldChars + 2 * 1024 * 1024 + 64, `held ${journal.heldChars} characters`);
  const entries = journal.list();
  t.equal(entries.length, 100, 'every exchange still listed');
  t.match(entries[0]!.request.body, /^\{"n":99,"t":"xxx/);
  t.match(entries[99]!.request.body, /^\{"n":0,"t":"xxx/, 'the oldest, cut to its start');
  t.equal(journal.heldChars, 0, 'nothing raw held once shown');
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
