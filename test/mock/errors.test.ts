// Bad input gets a clear JSON error in the API's {message, status} shape, never a 500.
import t from 'tap';
import { testMock } from '../helpers/mock.js';

t.test('bad requests, table-driven', async (t) => {
  const mock = await testMock(t, { bodyLimit: 1024 });
  const token = await mock.signin();
  const auth = { authorization: `Bearer ${token}` };
  const cases: Array<{
    what: string;
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
    status: number;
    message: RegExp;
    allow?: string;
  }> = [
    {
      what: 'malformed JSON',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: '{"page": ',
      status: 400,
      message: /not valid JSON/,
    },
    {
      what: 'JSON prototype poisoning',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: '{"__proto__": {"x": 1}}',
      status: 400,
      message: /not valid JSON/,
    },
    {
      what: 'wrong content type',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'text/plain', ...auth },
      payload: 'page=1',
      status: 415,
      message: /Unsupported content type text\/plain/,
    },
    {
      what: 'form body',
      url: '/api/v1/user/signin',
      headers: { platform: 'WEB', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
      status: 415,
      message: /send application\/json/,
    },
    {
      what: 'oversized body',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: JSON.stringify({ keyword: 'x'.repeat(2000) }),
      status: 413,
      message: /too large \(limit 1024 bytes\)/,
    },
    {
      what: 'unknown path',
      url: '/api/v1/nope',
      headers: { platform: 'WEB' },
      status: 404,
      message: /No route POST \/api\/v1\/nope/,
    },
    { what: 'outside the API', method: 'GET', url: '/', status: 404, message: /No route GET \// },
    {
      what: 'wrong method',
      method: 'DELETE',
      url: '/api/v1/client/list',
      status: 405,
      message: /allowed: POST/,
      allow: 'POST',
    },
    {
      what: 'POST on a GET',
      method: 'POST',
      url: '/api/v1/plans/index',
      status: 405,
      message: /allowed: GET/,
      allow: 'GET',
    },
    { what: 'no platform header', url: '/api/v1/user/settings', status: 400, message: /platform header is required/ },
    {
      what: 'unknown platform',
      url: '/api/v1/user/settings',
      headers: { platform: 'windows-phone' },
      status: 400,
      message: /WEB, IOS, ANDROID/,
    },
    {
      what: 'lower-case platform',
      url: '/api/v1/user/settings',
      headers: { platform: 'web' },
      status: 400,
      message: /platform header/,
    },
    {
      what: 'regression: a URL that does not decode',
      url: '/api/v1/user/reset_password/%ZZ',
      headers: { platform: 'WEB' },
      status: 400,
      message: /The request URL is not valid/,
    },
    {
      what: 'array body',
      url: '/api/v1/client/update',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: '[1,2]',
      status: 422,
      message: /must be a JSON object/,
    },
    {
      what: 'missing required body',
      url: '/api/v1/client/update',
      headers: { platform: 'WEB', ...auth },
      status: 422,
      message: /must be a JSON object/,
    },
    {
      what: 'bad Prefer',
      url: '/api/v1/user/settings',
      headers: { platform: 'WEB', prefer: 'code=abc' },
      status: 400,
      message: /three-digit status/,
    },
  ];
  for (const c of cases) {
    const r = await mock.app.inject({
      method: (c.method ?? 'POST') as 'POST',
      url: c.url,
      headers: c.headers,
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    t.equal(r.statusCode, c.status, c.what);
    t.match(r.headers['content-type'], /^application\/json/, `${c.what}: JSON`);
    const body = r.json();
    const keys = c.status === 422 ? ['errors', 'message', 'status'] : ['message', 'status'];
    t.same(Object.keys(body).sort(), keys, `${c.what}: {message, status}${c.status === 422 ? ' + errors' : ''}`);
    t.equal(body.status, c.status, `${c.what}: status in the body`);
    t.match(body.message, c.message, c.what);
    if (c.allow) t.equal(r.headers.allow, c.allow, `${c.what}: Allow`);
  }
});

t.test('regression: fields sent to a no-body operation are ignored, not refused', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const r = await mock.post('/room/measurement_type', { a: 1 }, { authorization: `Bearer ${token}` });
  t.equal(r.status, 200);
});

t.test('regression: a trailing slash reaches the operation instead of a contradictory 405', async (t) => {
  const mock = await testMock(t);
  const r = await mock.app.inject({ method: 'POST', url: '/api/v1/countries/index/', headers: { platform: 'WEB' } });
  t.equal(r.statusCode, 200);
  const wrong = await mock.app.inject({ method: 'GET', url: '/api/v1/countries/index/' });
  t.same([wrong.statusCode, wrong.headers.allow], [405, 'POST']);
});

t.test('an empty JSON body is read as no body, as Laravel does', async (t) => {
  const mock = await testMock(t);
  const r = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/countries/index',
    headers: { platform: 'WEB', 'content-type': 'application/json' },
    payload: '',
  });
  t.equal(r.statusCode, 200);
});
