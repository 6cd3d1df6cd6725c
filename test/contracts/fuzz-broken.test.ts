// --fuzz against deliberately broken servers: a defect that only some values
// of a field trigger is found, shrunk to the boundary, and reported with a
// redacted request and a curl command. Small N, one operation, fixed seeds.
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
  t.ok(ms < 30_000, `bounded time: ${Math.round(ms)} ms`);
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
  t.match(r.notes.join('\n'), /^--seed 1: generated request \d+ of 200 failed, shrunk in \d+ steps/);
  const failed = report.results.filter((x) => x.verdict === 'fail').map((x) => x.id);
  t.ok(
    failed.every((id) => id.startsWith('fuzz:listClients:')),
    `only the fuzz checks of listClients failed: ${failed}`,
  );
});

t.test('a body off the spec for keywords with a quote: found and shrunk to the keyword alone', async (t) => {
  const { check } = await fuzzAgainst(t, async ({ path, request, reply, forward }) => {
    const keyword = bodyOf(request.body).keyword;
    if (path !== '/client/list' || typeof keyword !== 'string' || !keyword.includes("'")) return undefined;
    const r = await forward();
    if (r.status === 200) r.body.data.total = String(r.body.data.total);
    return relay(reply, r);
  });
  const r = check('fuzz:listClients:valid');
  t.equal(r.verdict, 'fail');
  t.match(r.problems[0]?.message, /^listClients 200 \/data\/total: must be integer \(fuzz: a valid request/);
  const body = bodyOf(r.problems[0]?.reproduce?.request.body);
  t.same(Object.keys(body), ['keyword'], 'page, limit and the query dropped');
  t.ok(["'", "' OR 1=1 --"].includes(body.keyword as string), `the smallest keyword found: ${body.keyword}`);
});

t.test('a limit above its maximum accepted: the invalid requests find it, shrunk to limit 101', async (t) => {
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
  t.equal(r.verdict, 'fail');
  t.match(
    r.problems[0]?.message,
    /^listClients answered 200, expected 4xx \(fuzz: "limit": 101 \(above its maximum 100\), body \{"limit":101\}/,
  );
  t.same(bodyOf(r.problems[0]?.reproduce?.request.body), { limit: 101 });
});

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
  t.match(r.notes.join('\n'), /stopped after \d+ of 200 generated requests/);
  t.equal(throttled, 2, 'one throttled request for each of the two checks, and no shrinking');
});
