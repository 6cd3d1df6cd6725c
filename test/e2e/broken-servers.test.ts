// Deliberately broken servers: each defect is caught with a message that
// names it, the run goes on, and nothing crashes.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import { alter, brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';
import { usersOf } from '../helpers/world.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };

/** A row's request timeout: only the hanging endpoint needs a short one (each of its calls waits it out); the
 *  others get room, since a loaded machine answered a keyword page in 300+ ms in CI, near the 400 ms. */
const cases: Array<{ name: string; defect: Defect; expect: RegExp; check?: RegExp; timeoutMs?: number }> = [
  {
    name: 'a field missing',
    defect: alter(
      (p, s) => p === '/client/list' && s === 200,
      (r) => (delete r.body.data.total, r),
    ),
    expect: /listClients 200 \/data\/total: must have required property 'total'/,
  },
  {
    name: 'a wrong type',
    defect: alter(
      (p, s) => p === '/client/list' && s === 200,
      (r) => ((r.body.data.current_page = String(r.body.data.current_page)), r),
    ),
    expect: /listClients 200 \/data\/current_page: must be integer/,
  },
  {
    name: 'an undocumented status code',
    defect: alter(
      (p) => p === '/countries/index',
      (r) => ({ ...r, status: 418 }),
    ),
    expect: /listCountries answered 418, expected 2xx \(a status the spec does not document/,
  },
  {
    name: 'a wrong error shape',
    defect: alter(
      (_p, s) => s === 401,
      () => ({ status: 401, body: { error: 'unauthorized' } }),
    ),
    expect: /^\w+ 401 \/message: must have required property 'message'/,
  },
  {
    name: 'regression: a wrong body on a response whose status is assumed is a violation, not an observation',
    defect: alter(
      (_p, s) => s === 400,
      () => ({ status: 400, body: { error: 'bad request' } }),
    ),
    expect: /^\w+ 400 \/message: must have required property 'message'/,
  },
  {
    name: 'auth not enforced',
    defect: async ({ mock, request, forward, reply }) => {
      if (request.headers.authorization || request.headers['x-api-token']) return undefined;
      // Serve the call as if the demo user had sent it.
      const r = await forward({ 'x-api-token': mock.mock.store.issueToken(1, 'WEB', '') });
      return reply.code(r.status).header('content-type', 'application/json').send(JSON.stringify(r.body));
    },
    expect: /^\w+ answered 200, expected 401/,
  },
  {
    name: 'regression: auth not enforced on an operation the spec marks assumed (profile)',
    defect: async ({ mock, request, path, forward, reply }) => {
      if (path !== '/user/get_profile' || request.headers.authorization || request.headers['x-api-token'])
        return undefined;
      return relay(reply, await forward({ 'x-api-token': mock.mock.store.issueToken(1, 'WEB', '') }));
    },
    expect: /^getProfile answered 200, expected 401/,
  },
  {
    name: 'a wrong content type',
    defect: alter(
      (p) => p === '/user/settings',
      (r) => ({ ...r, contentType: 'text/plain' }),
    ),
    expect: /getSettings 200 came as text\/plain, not JSON/,
  },
  {
    name: 'an endpoint that hangs',
    defect: ({ path }) => (path === '/adminroom/index' ? 'hang' : undefined),
    expect: /listAdminRoomTypes: no answer within 400 ms/,
    timeoutMs: 400,
  },
  {
    name: 'a connection that drops',
    defect: ({ path }) => (path === '/user/get_company_user' ? 'drop' : undefined),
    expect: /listCompanyUsers: connection closed before a complete answer/,
  },
  {
    name: 'an HTML error page',
    defect: alter(
      (p) => p === '/room/measurement_type',
      () => ({ status: 500, body: '<!DOCTYPE html><html><body>Server Error</body></html>', contentType: 'text/html' }),
    ),
    expect: /listMeasurementTypes 500 came with an HTML page/,
  },
  {
    name: 'an empty body',
    defect: alter(
      (p) => p === '/how-works/get',
      (r) => ({ ...r, body: '' }),
    ),
    expect: /getHowItWorks 200 came with an empty body/,
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const url = await brokenServer(t, c.defect);
    const report = await runContracts(
      { baseUrl: url, credentials: demo, timeoutMs: c.timeoutMs ?? 5000 },
      await spec(),
    );
    const failures = report.results
      .filter((r) => r.verdict === 'fail')
      .flatMap((r) => r.problems.map((p) => p.message));
    t.ok(
      failures.some((m) => c.expect.test(m)),
      `caught: ${c.expect}`,
      { failures: failures.slice(0, 8) },
    );
    t.ok(report.summary.checks.failed > 0);
    t.ok(report.summary.checks.passed > 100, 'the run went on with the other checks');
  });
}

t.test('regression: a 429 in the wrong shape fails the rate-limit check', async (t) => {
  let calls = 0;
  const url = await brokenServer(t, async ({ path, reply }) => {
    if (path !== '/user/get_profile' || ++calls < 30) return undefined;
    return reply
      .code(429)
      .header('content-type', 'application/json')
      .send(JSON.stringify({ error: 'slow down' }));
  });
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 2000, checkRateLimit: true, maxWaitMs: 10 },
    await spec(),
  );
  const check = report.results.find((r) => r.group === 'rate-limit')!;
  t.equal(check.verdict, 'fail');
  t.ok(
    check.problems.some(
      (p) =>
        /getProfile 429 \/message: must have required property 'message'/.test(p.message) && p.severity === 'error',
    ),
  );
  t.ok(
    check.problems.some((p) => /no Retry-After/.test(p.message) && p.severity === 'observation'),
    'the missing header is an observation (x-assumed)',
  );
});

t.test('a deployment with no subscription gate at all fails', async (t) => {
  const url = await brokenServer(t, async ({ mock, request, forward, reply }) => {
    const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (mock.mock.store.userByToken(token)?.email !== 'nosub@example.com') return undefined;
    return relay(reply, await forward({ authorization: `Bearer ${mock.mock.store.issueToken(1, 'WEB', '')}` }));
  });
  const report = await runContracts(
    {
      baseUrl: url,
      credentials: demo,
      nosub: { email: 'nosub@example.com', password: 'demo-password' },
      timeoutMs: 2000,
    },
    await spec(),
  );
  const most = report.results.find((r) => r.id === 'subscription:most-gated')!;
  t.equal(most.verdict, 'fail');
  t.match(most.problems[0]?.message, /only 0 of the 13 selected gated operations refused the account without a plan/);
  t.ok(
    report.results.filter((r) => r.group === 'subscription' && r.verdict === 'observation').length >= 13,
    'each ungated operation is an observation',
  );
});

t.test('regression: no negative check can create an account, even where platform is not enforced', async (t) => {
  let users = 0;
  const url = await brokenServer(t, async ({ mock, request, forward, reply }) => {
    const r = await forward(request.headers.platform ? {} : { platform: 'WEB' });
    users = usersOf(mock.mock.store).length;
    return relay(reply, r);
  });
  const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 2000 }, await spec());
  t.ok(report.results.some((r) => r.id === 'negative:signup:no-platform'));
  const signups = report.results.filter((r) => r.operationId === 'signup');
  t.ok(
    signups.every((r) => !r.problems.some((p) => /answered 200/.test(p.message))),
    'no sign-up was accepted',
  );
  t.equal(users, 14, 'the world still has its 14 users');
});

t.test(
  "regression: an answer no conformance call sees (the writes' re-reads) is still checked against the spec",
  async (t) => {
    let writing = false;
    const url = await brokenServer(t, async ({ path, request, reply, forward }) => {
      // From the write checks' first add on (their measurements are named so): only their re-reads see it.
      if (path.startsWith('/measurements/') && String(request.body).includes('"Contract check ')) writing = true;
      if (path !== '/room/get' || !writing) return undefined; // the conformance reads are left alone
      const r = await forward();
      return reply
        .code(r.status)
        .header('content-type', 'application/json')
        .send(JSON.stringify({ ...r.body, message: 42 }));
    });
    const report = await runContracts(
      { baseUrl: url, credentials: demo, timeoutMs: 5000, allowWrites: true },
      await spec(),
    );
    t.equal(
      report.results.find((r) => r.id.startsWith('conformance:getRoomMeasurements'))?.verdict,
      'pass',
      'the conformance read saw a good answer',
    );
    const writes = report.results.filter((r) => r.group === 'writes' && r.verdict === 'fail');
    t.ok(
      writes.some((r) => r.problems.some((p) => /getRoomMeasurements 200 \/message: must be string/.test(p.message))),
      'the re-read inside a write check is validated too',
      { failures: writes.flatMap((r) => r.problems.map((p) => p.message)).slice(0, 5) },
    );
  },
);

t.test('each failure carries the request, the answer and a curl command, redacted', async (t) => {
  const url = await brokenServer(
    t,
    alter(
      (p, s) => p === '/client/list' && s === 200,
      (r) => (delete r.body.data.total, r),
    ),
  );
  const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000 }, await spec());
  const check = report.results.find((r) => r.id.startsWith('conformance:listClients'))!;
  const r = check.problems.find((p) => p.reproduce)!.reproduce!;
  t.equal(r.request.method, 'POST');
  t.equal(r.request.url, `${url}/api/v1/client/list`);
  t.equal(r.request.headers.platform, 'WEB');
  t.equal(r.request.headers.authorization, 'Bearer [REDACTED]');
  t.equal(r.request.body, '{"page":1}');
  t.match(r.response, { status: 200, contentType: /application\/json/, body: /"current_page":1/ });
  t.match(
    r.curl,
    /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/client\/list' \\\n {2}-H 'accept: application\/json'/,
  );
  t.match(r.curl, /-H "authorization: Bearer \$MCS_TOKEN"/);
  t.match(r.curl, /--data-raw '\{"page":1\}'$/);
});

t.test(
  'regression: list reads look for records that exercise the schema, and skip with a reason when there are none',
  async (t) => {
    let firstRooms = true;
    let firstMeasurements = true;
    const empty = (reply: any, r: any) =>
      reply
        .code(200)
        .header('content-type', 'application/json')
        .send(JSON.stringify({ ...r.body, data: [] }));
    const url = await brokenServer(t, async ({ path, reply, forward }) => {
      if (path === '/room/get-by-client-id' && firstRooms) {
        firstRooms = false;
        return empty(reply, await forward());
      }
      if (path === '/room/get' && firstMeasurements) {
        firstMeasurements = false;
        return empty(reply, await forward());
      }
      return undefined;
    });
    const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000 }, await spec());
    const verdict = (op: string) => report.results.find((r) => r.id.startsWith(`conformance:${op}`))?.verdict;
    t.equal(verdict('getRoomsByClientId'), 'pass', 'another client, one with rooms, was read');
    t.equal(verdict('getRoomMeasurements'), 'pass', 'another room, one with measurements, was read');

    const none = await brokenServer(t, async ({ path, reply, forward }) =>
      path === '/room/get' ? empty(reply, await forward()) : undefined,
    );
    const bare = await runContracts({ baseUrl: none, credentials: demo, timeoutMs: 5000 }, await spec());
    const skipped = bare.results.find((r) => r.id.startsWith('conformance:getRoomMeasurements'))!;
    t.equal(skipped.verdict, 'skip', 'no room with measurements: nothing was proven');
    t.match(skipped.notes.join(), /has a measurement, so a measurement record was never checked/);
  },
);
