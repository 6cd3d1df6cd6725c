// The Spring-style staging itself: clean, it keeps the interface document's
// stated facts (sign-in, the paged envelope, the error shapes, token
// invalidation) and its framework habits where the document is silent; each
// switch changes something a request can observe.
import t, { type Test } from 'tap';
import {
  DEFAULT_ACCOUNTS,
  DEFECT_NAMES,
  DEVIATION_NAMES,
  type SpringStaging,
  startSpringStaging,
} from '../helpers/spring-staging/index.js';
import { call, signin } from './api.js';
import { DEFECT_PROBES, DEVIATION_PROBES, type Probe } from './probes.js';

async function withServer<T>(
  o: Parameters<typeof startSpringStaging>[0],
  fn: (s: SpringStaging) => Promise<T>,
): Promise<T> {
  const s = await startSpringStaging(o);
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

const ENVELOPE_KEYS = [
  'current_page',
  'data',
  'first_page_url',
  'from',
  'last_page',
  'last_page_url',
  'links',
  'next_page_url',
  'path',
  'per_page',
  'prev_page_url',
  'to',
  'total',
];

t.test('clean: the documented facts', async (t) => {
  const s = await startSpringStaging();
  t.teardown(() => s.close());
  t.match(s.url, /^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);

  const signed = await call(s, '/user/signin', { ...DEFAULT_ACCOUNTS.main, device_token: '', platform: 'WEB' });
  t.equal(signed.status, 200);
  t.type(signed.json.message, 'string');
  t.type(signed.json.data.api_token, 'string');
  t.type(signed.json.data.user, 'object');
  const token = signed.json.data.api_token as string;

  const page = await call(s, '/client/list', { page: 1, limit: 10 }, { token });
  t.equal(page.status, 200);
  t.same(Object.keys(page.json.data).sort(), ENVELOPE_KEYS, 'the envelope of §2.5, key for key');
  t.equal(page.json.data.per_page, 20, 'per_page 20 although limit is 10, as in the sample');
  t.equal(page.json.data.last_page, Math.ceil(page.json.data.total / 20));
  for (const c of page.json.data.data) {
    t.ok(c.end_client_known === 0 || c.end_client_known === 1);
    t.match(c.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
  }
  t.ok(page.json.data.data.some((c: { id: number }) => c.id === s.store.disposableClientId));
  t.equal(page.headers.get('transfer-encoding'), 'chunked', 'a long answer is chunked, as Tomcat does');
  t.equal(page.headers.get('x-content-type-options'), 'nosniff');

  t.same((await call(s, '/client/list', {})).json, { message: 'Unauthenticated.', status: 401 });
  t.same((await call(s, '/client/list', {}, { headers: { 'x-api-token': token } })).status, 200, 'X-API-Token works');
  const nosub = await signin(s, DEFAULT_ACCOUNTS.nosub);
  t.same((await call(s, '/client/list', {}, { token: nosub })).json, {
    message: 'Subscription required.',
    status: 403,
  });
  const countries = await call(s, '/countries/index', {});
  t.equal(countries.json.status, 'success');
  t.type(countries.json.data[0].code, 'string');
  const awning = await call(s, '/measurements/awning_measurement_add_edit', { width: 3 }, { token });
  t.match(awning.json, { status: 'error', message: 'Validation failed' });
  const kept = await call(s, '/measurements/awning_measurement_add_edit', { client_id: 1, width: 90 }, { token });
  t.match(kept.json, { status: 'success', data: { dimensions: { width: 90, projection: 0, mount_height: 0 } } });
  t.type(kept.json.data.id, 'number');
});

t.test('clean: Spring habits where the document is silent', async (t) => {
  const s = await startSpringStaging();
  t.teardown(() => s.close());
  const token = await signin(s);
  const wrongMethod = await call(s, '/client/list', undefined, { token, method: 'GET' });
  t.equal(wrongMethod.status, 405);
  t.equal(wrongMethod.headers.get('allow'), 'POST');
  t.match(wrongMethod.json, { status: 405, error: 'Method Not Allowed', path: '/api/v1/client/list' });
  t.match((await call(s, '/nowhere', undefined, { token })).json, { status: 404, error: 'Not Found' });
  t.equal((await call(s, '/client/list', undefined, { token, raw: '{"page":' })).status, 400, 'malformed JSON');
  const text = await call(s, '/client/list', undefined, {
    token,
    raw: 'page=1',
    headers: { 'content-type': 'text/plain' },
  });
  t.equal(text.status, 415);
  t.equal((await call(s, '/client/list', undefined, { token, raw: 'x'.repeat(1024 * 1024 + 10) })).status, 413);
  t.equal((await call(s, '/client/list', { page: '2' }, { token })).json.data.current_page, 2, 'Jackson coerces "2"');
  const invalid = await call(s, '/client/update', { client_id: 1 }, { token });
  t.equal(invalid.status, 400);
  t.match(invalid.json, { status: 400, message: /Validation failed/ });
  t.equal((await call(s, '/client/list', {}, { token, headers: { platform: '' } })).status, 400);
  t.equal((await call(s, '/plans/index', undefined, { token, method: 'HEAD' })).status, 200);
  t.equal((await call(s, '/client/list', {}, { token, headers: { accept: 'text/html' } })).status, 406);
  t.equal((await call(s, '/client/list', {}, { token, headers: { accept: 'text/html, */*;q=0.8' } })).status, 200);
  t.equal((await call(s, '/client/list', undefined, { method: 'OPTIONS' })).headers.get('allow'), 'POST,OPTIONS');
});

t.test('clean: writes persist and tokens die on password change', async (t) => {
  const s = await startSpringStaging();
  t.teardown(() => s.close());
  const token = await signin(s);
  const id = s.store.disposableClientId;
  const update = { client_id: id, name: 'Dora', surname: 'Fixture', email: 'dora@mail.test', billing_city: 'Zeeland' };
  t.same((await call(s, '/client/update', update, { token })).json, {
    message: 'Client details updated successfully.',
    data: [],
  });
  const found = (await call(s, '/client/list', { keyword: 'dora' }, { token })).json.data.data;
  t.match(found, [{ id, name: 'Dora', billing_city: 'Zeeland' }]);
  await call(s, '/client/update', { ...update, city: null, location: null }, { token });
  const nulled = (await call(s, '/client/list', { keyword: 'dora' }, { token })).json.data.data[0];
  t.type(nulled.city, 'string', 'a null never blanks a column §2.1 types as string');
  t.equal(nulled.location, null, 'location is "string or null"');
  t.same((await call(s, '/client/delete', { client_id: id }, { token })).json, {
    message: 'Client deleted successfully.',
    data: [],
  });
  t.equal((await call(s, '/client/list', { keyword: 'dora' }, { token })).json.data.total, 0);
  const { email, password } = DEFAULT_ACCOUNTS.password;
  const old = await signin(s, DEFAULT_ACCOUNTS.password);
  const changed = await call(s, '/user/update_password', {
    email,
    old_password: password,
    new_password: 'Next-Pass-2',
  });
  t.equal(changed.status, 200);
  t.equal((await call(s, '/client/list', {}, { token: old })).status, 401, 'the old token is invalidated');
  t.equal((await call(s, '/client/list', {}, { token })).status, 200, 'another user keeps theirs');
});

t.test('a 429 answer as documented', async (t) => {
  await withServer({ rateLimit: { limit: 3 } }, async (s) => {
    for (let i = 0; i < 3; i++) t.equal((await call(s, '/countries/index', {})).status, 200);
    const refused = await call(s, '/client/list', {});
    t.equal(refused.status, 429);
    t.same(refused.json, { message: 'Too many requests. Please try again later.', status: 429 });
  });
});

async function observe(t: Test, probe: Probe, switched: Parameters<typeof startSpringStaging>[0]): Promise<void> {
  const base = { ...switched, defects: [], deviations: [] };
  const clean = await withServer(base, probe);
  const changed = await withServer(switched, probe);
  t.notSame(changed, clean, `clean: ${JSON.stringify(clean)}; switched: ${JSON.stringify(changed)}`);
}

for (const name of DEFECT_NAMES) {
  t.test(`defect ${name} is observable`, async (t) => {
    const { probe, options } = DEFECT_PROBES[name];
    await observe(t, probe, { ...options, defects: [name] });
  });
}

for (const name of DEVIATION_NAMES) {
  t.test(`deviation ${name} is observable`, async (t) => {
    await observe(t, DEVIATION_PROBES[name], { deviations: [name] });
  });
}

t.test('an unknown switch is refused', async (t) => {
  await t.rejects(startSpringStaging({ defects: ['no-such-defect' as never] }), /unknown spring-staging switch/);
});

const PATHS = [
  '/user/signup',
  '/user/signin',
  '/user/qrcode_signin',
  '/user/forgot_password',
  '/user/reset_password/abc',
  '/user/update_password',
  '/user/settings',
  '/countries/index',
  '/how-works/get',
  '/plans/index',
  '/client/list',
  '/client/user_client',
  '/client/update',
  '/client/delete',
  '/measurements/awning_measurement_add_edit',
  '/measurements/single_window_photo_add_edit',
  '/measurements/specialty_window_add_edit',
  '/measurements/series_window_with_draperies_add_edit',
  '/room/get',
  '/room/get-by-client-id',
  '/room/measurement_type',
  '/adminroom/index',
  '/user/get_company_user',
  '/user/get_profile',
  '/transactions/get_user_current_plan',
];

const HOSTILE: string[] = [
  '',
  'null',
  '[]',
  '"text"',
  '{"client_id":"abc","room_id":{},"page":-1,"limit":1e30,"keyword":"\' OR 1=1 --"}',
  '{"client_id":9007199254740993,"email":["x"],"name":null,"width":-5,"awning_type":"folding"}',
  `{"keyword":"${'é'.repeat(300)}","company_name":"\\u0000","client_id":1.5,"end_client_known":"maybe"}`,
  '{"user_id":1,"client_id":1,"room_id":1,"measurement_type_id":99,"unit_type":"inch","window_name":"w","window_type":"x"}',
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}',
];

t.test('clean: hostile bodies never give a 500', async (t) => {
  const s = await startSpringStaging();
  t.teardown(() => s.close());
  const token = await signin(s);
  for (const path of PATHS) {
    for (const raw of HOSTILE) {
      const a = await call(s, path, undefined, { token, raw });
      t.ok(a.status < 500, `${path} ${raw.slice(0, 40)} -> ${a.status}`);
      t.ok(a.text === '' || a.json !== undefined, `${path}: a JSON answer`);
    }
  }
  t.equal(({} as Record<string, unknown>).polluted, undefined);
});

t.test('the switch tables are complete and match the README', async (t) => {
  const { DEFECTS, DEVIATIONS } = await import('../helpers/spring-staging/index.js');
  const { readFile } = await import('node:fs/promises');
  const readme = await readFile(new URL('../helpers/spring-staging/README.md', import.meta.url), 'utf8');
  t.ok(DEFECT_NAMES.length >= 12, `${DEFECT_NAMES.length} defects`);
  t.ok(DEVIATION_NAMES.length >= 8 && DEVIATION_NAMES.length <= 12, `${DEVIATION_NAMES.length} deviations`);
  for (const [name, row] of [...Object.entries(DEFECTS), ...Object.entries(DEVIATIONS)]) {
    t.ok(readme.includes(`| \`${name}\` |`), `README lists ${name}`);
    t.ok(row.modes.length > 0, `${name} names its modes`);
    for (const op of row.operations) t.ok(PATHS.includes(op), `${name}: ${op} is a documented path`);
  }
});
