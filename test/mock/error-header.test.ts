// Every error answer names its stable code in `x-mock-error` (issue 27), and the
// journal records it: a developer tells a refused token from a forced fault
// without reading the mock's code. An answer that is no error carries none.
import type { InjectOptions } from 'fastify';
import t from 'tap';
import { MOCK_ERROR_HEADER } from '../../mock/errors.js';
import { bearer, type TestMock, testMock } from '../helpers/mock.js';

const JSON_WEB = { platform: 'WEB', 'content-type': 'application/json' };

type Entry = { id: number; error: string | null };
const newest = async (mock: TestMock) =>
  ((await mock.control('GET', '/__mock/requests?limit=1')).body as { requests: Entry[] }).requests[0];

/** The answer's status and code, and the code the journal recorded for it ('not recorded' when it made no entry). */
async function codeOf(mock: TestMock, request: InjectOptions) {
  const before = (await newest(mock))?.id ?? 0;
  const r = await mock.app.inject(request);
  const entry = await newest(mock);
  const journal = entry && entry.id > before ? entry.error : 'not recorded';
  return { status: r.statusCode, header: r.headers[MOCK_ERROR_HEADER], journal };
}

t.test('each kind of error answer carries its code, and the journal records it', async (t) => {
  const mock = await testMock(t, { bodyLimit: 1024 });
  const demo = { ...JSON_WEB, ...bearer(await mock.signin()) };
  const nosub = { ...JSON_WEB, ...bearer(await mock.signin('nosub@example.com')) };
  const post = (url: string, headers: Record<string, string>, payload?: string): InjectOptions => ({
    method: 'POST',
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const rows: Array<[string, InjectOptions, number, string, string?]> = [
    ['no token', post('/client/list', JSON_WEB, '{}'), 401, 'MCS_ERR_UNAUTHENTICATED'],
    [
      'a wrong password (a handler raises)',
      post('/user/signin', JSON_WEB, '{"email":"demo@example.com","password":"nope"}'),
      401,
      'MCS_ERR_INVALID_CREDENTIALS',
    ],
    ['no plan', post('/client/list', nosub, '{}'), 403, 'MCS_ERR_SUBSCRIPTION_REQUIRED'],
    ['an unknown client', post('/client/delete', demo, '{"client_id":99999999}'), 404, 'MCS_ERR_CLIENT_NOT_FOUND'],
    ['an unknown path', post('/nope', JSON_WEB, '{}'), 404, 'MCS_ERR_ROUTE_NOT_FOUND'],
    ['a wrong method', { method: 'GET', url: '/api/v1/client/list' }, 405, 'MCS_ERR_METHOD_NOT_ALLOWED'],
    ['a missing field', post('/client/update', demo, '{}'), 422, 'MCS_ERR_VALIDATION'],
    [
      "a 422 in the awning's own shape",
      post('/measurements/awning_measurement_add_edit', demo, '{"client_id":"x"}'),
      422,
      'MCS_ERR_VALIDATION',
    ],
    ['no platform header', post('/user/settings', {}), 400, 'MCS_ERR_PLATFORM'],
    ["malformed JSON (Fastify's parser)", post('/client/list', demo, '{"page": '), 400, 'MCS_ERR_MALFORMED_JSON'],
    [
      "a body over the limit (Fastify's parser)",
      post('/client/list', demo, JSON.stringify({ keyword: 'x'.repeat(2000) })),
      413,
      'MCS_ERR_BODY_TOO_LARGE',
    ],
    [
      'not JSON',
      post('/client/list', { ...demo, 'content-type': 'text/plain' }, 'page=1'),
      415,
      'MCS_ERR_UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a URL that does not decode (refused before routing, so no journal entry)',
      post('/user/reset_password/%ZZ', JSON_WEB),
      400,
      'MCS_ERR_BAD_REQUEST',
      'not recorded',
    ],
    [
      'a 4xx Fastify raises itself keeps its FST_ERR_ code',
      post('/countries/index', { ...JSON_WEB, 'content-length': '1' }, '{}'),
      400,
      'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
    ],
    [
      'a bad Prefer header',
      post('/user/settings', { platform: 'WEB', prefer: 'code=abc' }),
      400,
      'MCS_ERR_MOCK_CONTROL',
    ],
    ['Prefer: code=403 (forced)', post('/client/list', { ...demo, prefer: 'code=403' }, '{}'), 403, 'MCS_ERR_FORCED'],
  ];
  for (const [what, request, status, code, journal = code] of rows) {
    const seen = await codeOf(mock, request);
    t.same([seen.status, seen.header, seen.journal], [status, code, journal], what);
  }
  const ok = await codeOf(mock, post('/user/settings', { platform: 'WEB' }));
  t.same([ok.status, ok.header, ok.journal], [200, undefined, null], 'a success carries no code');
  const forcedOk = await codeOf(mock, post('/user/settings', { platform: 'WEB', prefer: 'code=200' }));
  t.same([forcedOk.status, forcedOk.header, forcedOk.journal], [200, undefined, null], 'nor does a forced success');
});

t.test('a fault rule forcing an error says so; the rate limit has its own code', async (t) => {
  // A forced answer is sent before the rate limit counts the call: two calls reach it.
  const mock = await testMock(t, { rateLimit: { max: 2 } });
  const rule = { operationId: 'listCountries', status: 500, count: 1 };
  t.equal((await mock.control('POST', '/__mock/faults', rule)).status, 201);
  const countries = { method: 'POST', url: '/api/v1/countries/index', headers: { platform: 'WEB' } } as const;
  const forced = await codeOf(mock, countries);
  t.same([forced.status, forced.header, forced.journal], [500, 'MCS_ERR_FORCED', 'MCS_ERR_FORCED'], 'forced 500');
  t.equal((await codeOf(mock, countries)).status, 200, 'the rule is spent');
  t.equal((await codeOf(mock, countries)).status, 200, 'the second call the limit counts');
  const limited = await codeOf(mock, countries);
  t.same(
    [limited.status, limited.header, limited.journal],
    [429, 'MCS_ERR_TOO_MANY_REQUESTS', 'MCS_ERR_TOO_MANY_REQUESTS'],
    'past the limit',
  );
});

t.test('the controls answer their errors with codes too, and a browser app may read the header', async (t) => {
  const mock = await testMock(t);
  const refused = await mock.app.inject({
    method: 'POST',
    url: '/__mock/reset',
    headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
    payload: '{}',
  });
  t.same([refused.statusCode, refused.headers[MOCK_ERROR_HEADER]], [403, 'MCS_ERR_MOCK_CONTROL_REFUSED']);
  const noUser = await mock.control('POST', '/__mock/subscription', { email: 'nobody@example.com', plan_id: null });
  t.same([noUser.status, noUser.headers[MOCK_ERROR_HEADER]], [404, 'MCS_ERR_MOCK_USER_NOT_FOUND']);
  const cors = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/client/list',
    headers: { origin: 'http://localhost:5173', platform: 'WEB' },
  });
  t.match(String(cors.headers['access-control-expose-headers']), new RegExp(`\\b${MOCK_ERROR_HEADER}\\b`));
  t.equal(cors.headers[MOCK_ERROR_HEADER], 'MCS_ERR_UNAUTHENTICATED');
});

t.test("a custom handler raises through its input's errors, with the code the catalogue gives", async (t) => {
  const mock = await testMock(t, {
    handlers: {
      listCountries: ({ errors }) => {
        throw errors.MEASUREMENT_NOT_FOUND();
      },
    },
  });
  const r = await mock.post('/countries/index', {});
  t.same(
    [r.status, r.headers[MOCK_ERROR_HEADER], r.body],
    [404, 'MCS_ERR_MEASUREMENT_NOT_FOUND', { message: 'Measurement not found.', status: 404 }],
  );
});
