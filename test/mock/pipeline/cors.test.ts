// Issue 41: a CORS preflight from an origin the mock does not allow (a LAN dev
// server) answered "No route OPTIONS ..." or "Method OPTIONS is not allowed".
// It now names the origin refused and how to allow it, in the API's shape and
// the journal; an allowed origin's preflight is still granted (204).
import t from 'tap';
import { MOCK_ERROR_HEADER } from '../../../mock/errors.js';
import type { MockOptions } from '../../../mock/options.js';
import { testMock } from '../../helpers/mock.js';

const LAN_ORIGIN = 'http://192.168.1.20:5173';
const ALLOW_LAN = `start the mock with --cors-origin ${LAN_ORIGIN} \\(corsOrigins: \\['${LAN_ORIGIN}'\\] for buildMock\\)`;

type Row = [
  label: string,
  options: MockOptions,
  request: { url: string; headers: Record<string, string> },
  expected: { status: number; code?: string; message?: RegExp; grant?: string },
];

const preflight = (origin: string, method = 'POST') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': 'platform,authorization,content-type',
});

const rows: Row[] = [
  [
    'regression: a LAN dev server on an operation (was 405 "Method OPTIONS is not allowed")',
    {},
    { url: '/api/v1/client/list', headers: preflight(LAN_ORIGIN) },
    {
      status: 403,
      code: 'MCS_ERR_CORS_ORIGIN_REFUSED',
      message: new RegExp(
        `^The browser origin http://192\\.168\\.1\\.20:5173 is not allowed to call the mock \\(its CORS preflight for POST was refused\\)\\. Allow it: ${ALLOW_LAN}\\.$`,
      ),
    },
  ],
  [
    'regression: on a path the spec lacks (was 404 "No route OPTIONS")',
    {},
    { url: '/api/v1/client/nothing', headers: preflight(LAN_ORIGIN) },
    { status: 403, code: 'MCS_ERR_CORS_ORIGIN_REFUSED', message: new RegExp(ALLOW_LAN) },
  ],
  [
    'in a world, by its prefix',
    {},
    { url: '/worlds/w1/api/v1/client/list', headers: preflight(LAN_ORIGIN) },
    { status: 403, code: 'MCS_ERR_CORS_ORIGIN_REFUSED', message: new RegExp(ALLOW_LAN) },
  ],
  [
    'on a control',
    {},
    { url: '/__mock/reset', headers: preflight(LAN_ORIGIN) },
    { status: 403, code: 'MCS_ERR_CORS_ORIGIN_REFUSED', message: new RegExp(ALLOW_LAN) },
  ],
  [
    'an origin spelt in capitals and a trailing slash: the flag names it as browsers send it',
    {},
    { url: '/api/v1/client/list', headers: preflight('HTTP://Dev.Example:8080/', 'GET') },
    {
      status: 403,
      code: 'MCS_ERR_CORS_ORIGIN_REFUSED',
      message: /http:\/\/dev\.example:8080 is not allowed .* for GET .* --cors-origin http:\/\/dev\.example:8080 /,
    },
  ],
  [
    'an opaque origin (a file:// page, a sandboxed frame): no option can allow it, and the answer says so',
    {},
    { url: '/api/v1/user/signin', headers: preflight('null') },
    {
      status: 403,
      code: 'MCS_ERR_CORS_ORIGIN_REFUSED',
      message: /origin "null" is not allowed .* no origin option can allow it: serve the page from http:\/\/localhost/,
    },
  ],
  [
    "this machine's dev server: granted",
    {},
    { url: '/api/v1/client/list', headers: preflight('http://localhost:5173') },
    { status: 204, grant: 'http://localhost:5173' },
  ],
  [
    'the LAN dev server once allowed (corsOrigins, --cors-origin): granted',
    { corsOrigins: [LAN_ORIGIN] },
    { url: '/api/v1/client/list', headers: preflight(LAN_ORIGIN) },
    { status: 204, grant: LAN_ORIGIN },
  ],
  [
    'an OPTIONS that is no preflight (no Access-Control-Request-Method): the method the path lacks, as before',
    {},
    { url: '/api/v1/client/list', headers: { origin: LAN_ORIGIN } },
    { status: 405, code: 'MCS_ERR_METHOD_NOT_ALLOWED' },
  ],
  [
    'an OPTIONS without Origin (curl): as before',
    {},
    { url: '/api/v1/client/list', headers: { 'access-control-request-method': 'POST' } },
    { status: 405, code: 'MCS_ERR_METHOD_NOT_ALLOWED' },
  ],
];

t.test('a CORS preflight: granted to allowed origins, refused with the way to allow the others', async (t) => {
  for (const [label, options, request, expected] of rows)
    t.test(label, async (t) => {
      const mock = await testMock(t, options);
      const r = await mock.app.inject({ method: 'OPTIONS', ...request });
      t.equal(r.statusCode, expected.status, 'status');
      t.equal(r.headers[MOCK_ERROR_HEADER], expected.code, 'its code');
      if (expected.grant) {
        t.equal(r.headers['access-control-allow-origin'], expected.grant, 'the grant');
        t.equal(r.headers['access-control-allow-credentials'], 'true');
        t.match(String(r.headers['access-control-allow-methods']), /POST/);
        t.match(String(r.headers['access-control-allow-headers']), /platform,authorization,content-type/);
        t.equal(r.headers['access-control-max-age'], '600');
        return;
      }
      t.equal(r.headers['access-control-allow-origin'], undefined, 'no grant');
      if (expected.message) {
        t.same(Object.keys(r.json()), ['message', 'status'], "the API's {message, status}");
        t.match(r.json(), { message: expected.message, status: 403 });
      }
    });
});

t.test('the journal records the refused preflight with its code and answer', async (t) => {
  const mock = await testMock(t);
  await mock.app.inject({ method: 'OPTIONS', url: '/api/v1/client/list', headers: preflight(LAN_ORIGIN) });
  const { requests } = (await mock.app.inject({ method: 'GET', url: '/__mock/requests' })).json();
  t.match(requests, [
    {
      method: 'OPTIONS',
      url: '/api/v1/client/list',
      status: 403,
      error: 'MCS_ERR_CORS_ORIGIN_REFUSED',
      request: { headers: { origin: LAN_ORIGIN } },
      response: { body: /--cors-origin http:\/\/192\.168\.1\.20:5173/ },
    },
  ]);
});
