// The proxy's log (issue 29): one line per violation, each naming its exchange;
// ignored body fields as observations; a count per operation at
// GET /__proxy/summary; no secret in any line. The CLI's summary at exit is in
// proxy-cli.test.ts.
import t from 'tap';
import { proxySummary, SUMMARY_PATH } from '../../proxy/server.js';
import { alter, brokenServer } from '../helpers/broken.js';
import { nearMisses } from '../helpers/path-tokens.js';
import { json, proxy, upstreamMock } from '../helpers/proxy.js';

const countries = '/api/v1/countries/index';

t.test('a broken answer: one line per violation, each naming method, path, status and operation', async (t) => {
  const upstream = await brokenServer(
    t,
    alter(
      (p) => p === '/countries/index',
      () => ({ status: 200, body: { status: 1, data: [1, 2, 3].map(() => ({ id: 'x', name: 2, code: 3 })) } }),
    ),
  );
  const { app, lines } = await proxy(t, upstream);
  const r = await app.inject({ method: 'POST', url: `${countries}?page=2`, headers: json, payload: '{}' });
  t.equal(r.statusCode, 200, 'passed on');
  const flagged = JSON.parse(r.headers['sl-violations'] as string) as string[];
  // The status, then each field's violation once for the three items, with its places.
  t.equal(flagged.length, 4, `${flagged.length} violations`);
  for (const field of ['id', 'name', 'code'])
    t.ok(
      flagged.some((v) => v.includes(`/data/*/${field}: `) && v.includes('(at 3 places: ')),
      `${field}: folded`,
    );
  t.equal(lines.length, flagged.length, 'one line each');
  for (const [i, line] of lines.entries()) {
    t.match(line, /^✗ POST \/api\/v1\/countries\/index\?page=2 200 listCountries \(\d+ ms\): listCountries 200 /);
    t.ok(line.endsWith(flagged[i]!), 'the violation, whole');
    t.notMatch(line, /; /, 'never joined');
  }
  await app.inject({ method: 'POST', url: '/api/v1/user/settings', headers: json, payload: '{}' });
  await app.inject({ method: 'GET', url: '/api/v1/no/such/path', headers: json });
  const summary = (await app.inject({ method: 'GET', url: SUMMARY_PATH })).json();
  t.same(summary, proxySummary(app), 'the same counts in the library');
  t.match(summary, { exchanges: 3, withViolations: 2, violations: flagged.length + 1, observations: 0 });
  t.same(
    summary.operations.map((o: any) => [o.operationId, o.exchanges, o.withViolations, o.violations]),
    [
      ['listCountries', 1, 1, flagged.length],
      ['(no operation)', 1, 1, 1],
      ['getSettings', 1, 0, 0],
    ],
    'most violations first',
  );
});

t.test('ignored body fields are observations, never violations; a correct body has none', async (t) => {
  const { app, lines } = await proxy(t, await upstreamMock(t), { errors: true });
  const signin = await app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: json,
    payload: { email: 'demo@example.com', password: 'demo-password', platfrom: 'WEB' },
  });
  t.equal(signin.statusCode, 200, 'passed on even with --errors');
  const auth = { ...json, authorization: `Bearer ${signin.json().data.api_token}` };
  const cases: Array<[string, string, Record<string, unknown>, string]> = [
    [
      'updateClient',
      '/client/update',
      { client_id: 148, name: 'A', surname: 'B', email: 'a@b.c', zipcode: '1' },
      'zipcode',
    ],
    ['listClients', '/client/list', { keyword: '', limt: 5 }, 'limt'],
    [
      'addEditAwningMeasurement',
      '/measurements/awning_measurement_add_edit',
      { client_id: 148, room_id: 442, awning_type: 'retractable', width: 1, projection: 1, mount_height: 1, widht: 1 },
      'widht',
    ],
  ];
  for (const [, path, payload] of cases)
    await app.inject({ method: 'POST', url: `/api/v1${path}`, headers: auth, payload });
  const expected = [['signin', '/user/signin', {}, 'platfrom'] as const, ...cases];
  t.equal(lines.length, expected.length, lines.join('\n'));
  for (const [i, [operationId, path, , field]] of expected.entries())
    t.match(
      lines[i],
      new RegExp(
        `^○ POST /api/v1${path} \\d{3} ${operationId} \\(\\d+ ms\\): field \`${field}\` is not part of ${operationId}'s body and was ignored$`,
      ),
      operationId,
    );
  const summary = (await app.inject({ method: 'GET', url: SUMMARY_PATH })).json();
  t.match(summary, { violations: 0, observations: 4 });
  lines.length = 0;
  await app.inject({ method: 'POST', url: '/api/v1/client/list', headers: auth, payload: { keyword: '', limit: 5 } });
  t.same(lines, [], 'a correct body: no line');
});

t.test('no secret in the log: path token, query, credentials, secret body fields', async (t) => {
  const upstream = await brokenServer(
    t,
    alter(
      () => true,
      (r) => ({ status: r.status, body: { ...r.body, extra: 1 }, contentType: 'text/plain' }),
    ),
  );
  const { app, lines } = await proxy(t, upstream);
  const token = 'reset-token-5d41402abc4b2a76';
  await app.inject({
    method: 'POST',
    url: `/api/v1/user/reset_password/${token}?api_token=query-secret-123`,
    headers: { ...json, authorization: 'Bearer header-secret-123', 'x-api-token': 'other-secret-456' },
    payload: { email: 'a@b.c', password: 'body-secret-789', password_confirmation: 'body-secret-789', tokn: 1 },
  });
  t.ok(lines.length >= 2, lines.join('\n'));
  t.match(
    lines[0],
    /^✗ POST \/api\/v1\/user\/reset_password\/\[REDACTED\]\?api_token=\[REDACTED\] \d{3} resetPassword/,
  );
  t.ok(
    lines.some((l) => l.startsWith('○') && l.includes('field `tokn`')),
    'the ignored field named',
  );
  for (const secret of [token, 'query-secret-123', 'header-secret-123', 'other-secret-456', 'body-secret-789'])
    t.notOk(
      lines.some((l) => l.includes(secret)),
      `${secret} not logged`,
    );
});

t.test('no reset token in the log nor the summary, in any near miss of its path (issue 29 attack pass)', async (t) => {
  const { app, lines } = await proxy(t, await upstreamMock(t));
  const rows = nearMisses('ResetTok0123456789abcdef');
  for (const row of rows) {
    const from = lines.length;
    await app.inject({
      method: row.method,
      url: row.url,
      headers: json,
      payload: row.method === 'POST' ? '{}' : undefined,
    });
    const logged = lines.slice(from);
    t.ok(logged.length > 0, `${row.name}: logged`);
    const leaks = row.forms.filter((f) => logged.some((l) => l.toLowerCase().includes(f.toLowerCase())));
    t.same(leaks, [], `${row.name}: ${logged[0]}`);
  }
  const summary = (await app.inject({ method: 'GET', url: SUMMARY_PATH })).body.toLowerCase();
  t.notOk(
    rows.some((r) => r.forms.some((f) => summary.includes(f.toLowerCase()))),
    'nor the summary',
  );
});
