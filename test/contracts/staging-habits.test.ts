// The Laravel staging (test/helpers/laravel-staging) shows the habits the
// verdict tests judge the suite against: if it stopped doing one, a row of
// staging-defects or staging-deviations would pass for the wrong reason.
import t from 'tap';
import { startStaging } from '../helpers/laravel-staging/server.js';
import { DEFAULT_ACCOUNTS } from '../helpers/laravel-staging/store.js';
import { ALL_DEVIATIONS } from '../helpers/laravel-staging/switches.js';

const staging = await startStaging({ deviations: ALL_DEVIATIONS, rateLimit: { limit: 3, windowMs: 60_000 } });
t.teardown(() => staging.close());

async function call(
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${staging.url}/api/v1${path}`, {
    method: init.method ?? 'POST',
    headers: {
      platform: 'WEB',
      accept: 'application/json',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    signal: AbortSignal.timeout(5000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const signin = await call('/user/signin', { body: DEFAULT_ACCOUNTS.main });
const token: string = signin.body.data.api_token;
const list = await call('/client/list', { body: { page: 2 }, token });
const company = await call('/client/user_client', {
  body: { company_name: 'Harbor Blinds & Shutters', page: 2 },
  token,
});
const wrongMethod = await call('/client/list', { method: 'GET', token });
const invalid = await call('/client/update', { body: { client_id: 'x' }, token });
const anonymous = await call('/user/get_profile', { body: {} });
const throttled = await call('/user/get_profile', { body: {}, token });

const cases: [string, () => void][] = [
  ['a Sanctum token: id|40 characters', () => t.match(token, /^\d+\|[A-Za-z0-9]{40}$/)],
  ['a list answer is chunked', () => t.equal(list.headers.get('transfer-encoding'), 'chunked')],
  [
    "Laravel's paginator: URLs and labels",
    () =>
      t.match(list.body.data, {
        current_page: 2,
        first_page_url: `${staging.url}/api/v1/client/list?page=1`,
        prev_page_url: `${staging.url}/api/v1/client/list?page=1`,
        path: `${staging.url}/api/v1/client/list`,
        links: [{ label: '&laquo; Previous' }],
        per_page: 20,
      }),
  ],
  ['created_at with microseconds and Z', () => t.match(list.body.data.data[0].created_at, /\.\d{6}Z$/)],
  ['extra timestamps in records', () => t.match(list.body.data.data[0], { updated_at: /\.\d{6}Z$/, deleted_at: null })],
  ['oldest first (a deviation)', () => t.ok(list.body.data.data[0].id < list.body.data.data[1].id)],
  [
    "the company list's last page has the colleague's clients",
    () => t.ok(company.body.data.data.some((c: { user_id: number }) => c.user_id === 2)),
  ],
  [
    '405 with Allow',
    () => {
      t.equal(wrongMethod.status, 405);
      t.equal(wrongMethod.headers.get('allow'), 'POST');
    },
  ],
  ['422 {message, errors} without status', () => t.same(Object.keys(invalid.body).sort(), ['errors', 'message'])],
  [
    '401 {message: Unauthenticated., status: 401}',
    () => t.same(anonymous.body, { message: 'Unauthenticated.', status: 401 }),
  ],
  [
    '429 with Retry-After and X-RateLimit-*',
    () => {
      t.equal(throttled.status, 429);
      t.ok(Number(throttled.headers.get('retry-after')) > 0);
      t.equal(throttled.headers.get('x-ratelimit-limit'), '3');
      t.equal(throttled.headers.get('x-ratelimit-remaining'), '0');
    },
  ],
];
for (const [name, check] of cases) t.test(name, async () => check());
