// Every status the spec lists for an operation can be produced by a real
// request to the mock (issue 13: GET plans/index listed 413 and 415 that no
// request could get; a 405's Allow named HEAD, which the spec does not have).
import t from 'tap';
import type { OperationEntry } from '../../spec/load.js';
import { bearer, spec, testMock } from '../helpers/mock.js';

/** Statuses no request can produce on purpose, and why they stay documented. */
const ONLY_BY_FAULT: Record<string, string> = {
  'listCountries 500':
    'the documented "Failed to fetch countries" is a server-side failure; /__mock/faults produces it',
};

const NO_SUCH = 999_999;

function unknownIds(op: OperationEntry): Record<string, unknown> {
  const example = structuredClone((op.requestBody?.examples[0] ?? {}) as Record<string, unknown>);
  for (const k of Object.keys(example)) {
    if (
      /(^|_)id$/.test(k) &&
      typeof example[k] === 'number' &&
      !['user_id', 'measurement_type_id', 'lead_source_id'].includes(k)
    )
      example[k] = NO_SUCH;
  }
  if ('company_name' in example) example.company_name = 'No Such Company Ltd';
  if ('email' in example && op.isPublic) example.email = 'nobody@example.invalid';
  return example;
}

t.test('each documented error status comes from a real request', async (t) => {
  const loaded = await spec();
  const mock = await testMock(t, { rateLimit: false });
  const limited = await testMock(t, { rateLimit: { max: 1, windowMs: 60_000 } });
  const token = await mock.signin();
  const nosub = await mock.signin('nosub@example.com');
  const limitedToken = await limited.signin();
  const missing: string[] = [];
  for (const op of loaded.operations) {
    const url = `/api/v1${op.path.replace('{token}', 'no-such-reset-token')}`;
    const method = op.method.toUpperCase() as 'POST';
    const auth = op.isPublic ? {} : bearer(token);
    const body = op.requestBody ? unknownIds(op) : undefined;
    const send = (headers: Record<string, string>, payload?: string | object, app = mock.app) =>
      app.inject({
        method,
        url,
        headers: { platform: 'WEB', ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    const producers: Record<string, () => Promise<number>> = {
      400: async () => (await mock.app.inject({ method, url, headers: { ...auth } })).statusCode,
      // Protected: no token. Public: credentials no account has.
      401: async () =>
        (
          await send(
            {},
            op.isPublic
              ? {
                  ...body,
                  ...('password' in (body ?? {}) ? { email: 'demo@example.com', password: 'wrong-password' } : {}),
                  ...('qr_code' in (body ?? {}) ? { qr_code: 'no-such-code' } : {}),
                }
              : undefined,
          )
        ).statusCode,
      403: async () => (await send(bearer(nosub), body ?? {})).statusCode,
      404: async () => (await send(auth, body ?? {})).statusCode,
      413: async () =>
        (await send({ ...auth, 'content-type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(1_100_000) })))
          .statusCode,
      415: async () => (await send({ ...auth, 'content-type': 'text/plain' }, 'hello')).statusCode,
      422: async () => {
        const names = Object.keys((op.requestBody?.schema.properties as object | undefined) ?? {});
        return (
          await send(
            auth,
            names.length ? Object.fromEntries(names.map((k) => [k, { wrong: true }])) : { unexpected: true },
          )
        ).statusCode;
      },
      429: async () => {
        const h = op.isPublic ? {} : bearer(limitedToken);
        await send(h, body ?? {}, limited.app);
        return (await send(h, body ?? {}, limited.app)).statusCode;
      },
    };
    for (const status of Object.keys(op.responses)) {
      if (status.startsWith('2')) continue; // success answers: the traffic and contract tests
      const key = `${op.operationId} ${status}`;
      if (ONLY_BY_FAULT[key]) continue;
      const produce = producers[status];
      const got = produce ? await produce() : undefined;
      if (got !== Number(status)) missing.push(`${key} (a request for it got ${got ?? 'no producer'})`);
    }
  }
  t.same(missing, [], 'every documented status is reachable');
});

t.test(
  'regression: a 405 names in Allow only methods the spec has for the path; HEAD is one the spec lacks',
  async (t) => {
    const mock = await testMock(t);
    const loaded = await spec();
    for (const op of loaded.operations) {
      const wrong = op.method === 'get' ? 'POST' : 'GET';
      const r = await mock.app.inject({
        method: wrong,
        url: `/api/v1${op.path.replace('{token}', 'x')}`,
        headers: { platform: 'WEB' },
      });
      if (r.statusCode !== 405) continue;
      const allowed = loaded.operations.filter((o) => o.path === op.path).map((o) => o.method.toUpperCase());
      t.same(String(r.headers.allow).split(', ').sort(), allowed.sort(), `${wrong} ${op.path}`);
    }
    const head = await mock.app.inject({ method: 'HEAD', url: '/api/v1/plans/index', headers: { platform: 'WEB' } });
    t.equal(head.statusCode, 405);
    t.equal(head.headers.allow, 'GET');
  },
);

t.test('the plan, country and awning operations fail in their {status: "error", message} shape', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const plans = await mock.app.inject({ method: 'GET', url: '/api/v1/plans/index', headers: bearer(token) });
  t.same(
    [plans.statusCode, plans.json()],
    [400, { status: 'error', message: 'The platform header is required and must be one of WEB, IOS, ANDROID.' }],
  );
  const countries = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/countries/index',
    headers: { platform: 'WEB', 'content-type': 'text/plain' },
    payload: 'x',
  });
  t.same([countries.statusCode, countries.json().status], [415, 'error']);
  const awning = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/measurements/awning_measurement_add_edit',
    headers: { platform: 'WEB', 'content-type': 'application/json', ...bearer(token) },
    payload: '{"client_id": ',
  });
  t.same(
    [awning.statusCode, awning.json()],
    [400, { status: 'error', message: 'The request body is not valid JSON.' }],
  );
});
