// --fuzz against deliberately broken servers: a defect that only some values
// of a field trigger is found, by the boundary phase or by generated requests
// shrunk to the boundary, and reported with a redacted request and a curl
// command. Small N, one operation, fixed seeds. (test/contracts/fuzz-boundary.test.ts:
// the values that break real backends, and defects that used to hide others.)
import t, { type Test } from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { CheckResult, RunOptions } from '../../contracts/types.js';
import { brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };

const bodyOf = (text: unknown): Record<string, unknown> => {
  try {
    return JSON.parse(String(text)) ?? {};
  } catch {
    return {};
  }
};

async function fuzzAgainst(t: Test, defect: Defect, run: Partial<RunOptions> = {}) {
  const url = await brokenServer(t, defect);
  const started = performance.now();
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 2000, only: ['listClients'], fuzz: 400, seed: 1, ...run },
    await spec(),
  );
  const ms = performance.now() - started;
  // Bounded, not fast: a run that waited out its 2 s timeouts (400 cases) or shrank without end would take many
  // minutes; 120 s leaves room over the 12.4 s a row took with two busy CPUs and 12 other test files (2.9 s in CI).
  t.ok(ms < 120_000, `bounded time: ${Math.round(ms)} ms`);
  const check = (id: string) => report.results.find((r) => r.id === id) as CheckResult;
  return { report, check };
}

t.test('a 500 for limit 37 to 41 only: found and shrunk to limit 37, with a curl command', async (t) => {
  const { report, check } = await fuzzAgainst(t, ({ path, request, reply }) => {
    const limit = bodyOf(request.body).limit;
    if (path === '/client/list' && typeof limit === 'number' && limit >= 37 && limit <= 41)
      return reply.code(500).header('content-type', 'application/json').send('{"message":"Server Error"}');
    return undefined;
  });
  const r = check('fuzz:listClients:valid');
  t.equal(r.verdict, 'fail', 'the valid requests of listClients fail');
  const [first] = r.problems;
  t.match(
    first?.message,
    /^listClients answered 500 \(a server error\), expected 200 or .*\(fuzz: a valid request, body \{"limit":37\}/,
  );
  const repro = first?.reproduce;
  t.same(bodyOf(repro?.request.body), { limit: 37 }, 'shrunk to the boundary, every other field dropped');
  t.equal(repro?.response?.status, 500);
  t.match(repro?.curl, /curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/client\/list'/);
  t.match(repro?.curl, /-H "authorization: Bearer \$MCS_TOKEN"/, 'the token comes from the environment');
  t.match(repro?.curl, /--data-raw '\{"limit":37\}'/);
  t.equal(repro?.request.headers.authorization, 'Bearer [REDACTED]', 'redacted like every finding');
  t.match(
    r.notes.join('\n'),
    /^--seed 1: 17 boundary values and 183 generated requests: 5xx \d+\n5xx: first at generated request \d+, shrunk in \d+ steps \(\d+ more requests\); the request shown is the smallest found$/,
  );
  const failed = report.results.filter((x) => x.verdict === 'fail').map((x) => x.id);
  t.ok(
    failed.every((id) => id.startsWith('fuzz:listClients:')),
    `only the fuzz checks of listClients failed: ${failed}`,
  );
});

t.test('a body off the spec for keywords with a quote: found by the boundary phase, the quote alone', async (t) => {
  const { check } = await fuzzAgainst(t, async ({ path, request, reply, forward }) => {
    const keyword = bodyOf(request.body).keyword;
    if (path !== '/client/list' || typeof keyword !== 'string' || !keyword.includes("'")) return undefined;
    const r = await forward();
    if (r.status === 200) r.body.data.total = String(r.body.data.total);
    return relay(reply, r);
  });
  const r = check('fuzz:listClients:valid');
  t.equal(r.verdict, 'fail');
  t.match(
    r.problems[0]?.message,
    /^listClients 200 \/data\/total: must be integer \(fuzz: a valid boundary value "keyword": "'", body \{"keyword":"'"\}, platform WEB\) \[schema 200 \/data\/total type: \d+ of 200 requests, 3 shown\]$/,
  );
  t.same(bodyOf(r.problems[0]?.reproduce?.request.body), { keyword: "'" }, 'the one field, nothing else');
});

t.test(
  'a limit above its maximum accepted: the boundary phase finds it, 101 among the requests shown, resting on the assumed maximum',
  async (t) => {
    const { check } = await fuzzAgainst(t, async ({ mock, path, request, reply }) => {
      const body = bodyOf(request.body);
      if (path !== '/client/list' || typeof body.limit !== 'number' || body.limit <= 100) return undefined;
      // A server without the upper bound: it serves the request as if 100 had been asked.
      const { 'content-length': _, ...headers } = request.headers as Record<string, string>;
      const r = await mock.inject({ method: 'POST', url: request.url, headers, payload: { ...body, limit: 100 } });
      return reply.code(r.statusCode).header('content-type', 'application/json').send(r.body);
    });
    t.equal(check('fuzz:listClients:valid').verdict, 'pass', 'every valid request is answered well');
    const r = check('fuzz:listClients:invalid');
    // The document does not give limit's maximum (section 8): taking 101 contradicts the spec's assumption of 100.
    t.equal(r.verdict, 'observation');
    t.match(
      r.problems[0]?.message,
      /^listClients answered 200, expected 4xx \(fuzz: "limit": 2147483648 \(above its maximum 100\), body \{"limit":2147483648\}, platform WEB\) \[invalid accepted \(\/components\/schemas\/ClientListRequest\/properties\/limit\): \d+ of 200 requests, 3 shown\]$/,
    );
    t.same(
      [...new Set(r.problems.map((p) => p.assumption))],
      ['/components/schemas/ClientListRequest/properties/limit'],
    );
    t.same(
      r.problems.map((p) => bodyOf(p.reproduce?.request.body)),
      [{ limit: 2 ** 31 }, { limit: 101 }, { limit: 2 ** 53 }],
      'the boundary values past the maximum, in order, each with its reproduction',
    );
  },
);

t.test(
  'a limit of the wrong type accepted breaks a fact of the document: a failure, apart from the assumed maximum and a fraction (x-type-coercion)',
  async (t) => {
    const { check } = await fuzzAgainst(t, async ({ mock, path, request, reply }) => {
      const body = bodyOf(request.body);
      if (path !== '/client/list' || !('limit' in body) || Number.isInteger(body.limit)) return undefined;
      // A server that casts whatever limit it gets (Laravel without the integer rule): it serves 20.
      const { 'content-length': _, ...headers } = request.headers as Record<string, string>;
      const r = await mock.inject({ method: 'POST', url: request.url, headers, payload: { ...body, limit: 20 } });
      return reply.code(r.statusCode).header('content-type', 'application/json').send(r.body);
    });
    const r = check('fuzz:listClients:invalid');
    t.equal(r.verdict, 'fail');
    const wrongType = r.problems.filter((p) => /"limit": .* \(of the wrong type\)/.test(p.message));
    // A fraction is a wrong type some frameworks truncate (Jackson): that rests on x-type-coercion instead.
    const fraction = (p: (typeof wrongType)[number]) => /"limit": -?\d+\.\d+ \(of the wrong type\)/.test(p.message);
    const uncoercible = wrongType.filter((p) => !fraction(p));
    t.ok(uncoercible.length > 0, 'the wrong types are among the findings');
    t.same([...new Set(uncoercible.map((p) => p.severity))], ['error'], 'each an error resting on no assumption');
    t.same([...new Set(uncoercible.map((p) => p.assumption))], [undefined]);
    t.same(
      [...new Set(wrongType.filter(fraction).map((p) => p.assumption))],
      ['/x-type-coercion/fraction-as-integer'],
      'a fraction taken: an observation of x-type-coercion',
    );
  },
);

t.test('a throttle that outlasts the waiting stops the check: it is not shrunk', async (t) => {
  let throttled = 0;
  const { check } = await fuzzAgainst(
    t,
    ({ path, request, reply }) => {
      // Only the fuzz checks send another platform than the run's.
      if (path !== '/client/list' || !['IOS', 'ANDROID'].includes(String(request.headers.platform))) return undefined;
      throttled++;
      return reply
        .code(429)
        .header('content-type', 'application/json')
        .header('retry-after', '60')
        .send('{"message":"Too Many Attempts."}');
    },
    { maxWaitMs: 0 },
  );
  const r = check('fuzz:listClients:valid');
  t.equal(r.verdict, 'fail');
  t.match(r.problems[0]?.message, /stayed throttled \(429\)/);
  t.match(r.notes.join('\n'), /stopped after \d+ of 200 requests \(17 boundary values and \d+ generated requests\)/);
  t.equal(throttled, 2, 'one throttled request for each of the two checks, and no shrinking');
});
