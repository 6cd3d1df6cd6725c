// Every x-assumed point of the spec is observed by a run or says why not. The
// spec is walked for each node with `x-assumed: true`; each must be shown
// confirmed by a run against the mock in its fullest mode, or be listed in
// contracts/measures/unobserved.ts with the reason no request can show it. A
// new x-assumed point with neither fails here. A read-only run names, for each
// point it leaves unobserved, the flag that would show it. And deployments
// that choose otherwise where the document is silent show the point
// contradicted, with no failure.
import t, { type Test } from 'tap';
import { NO_ANSWER_SHOWED, NOT_OBSERVED, needsFlag } from '../../contracts/measures/unobserved.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions, RunReport } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { encodePointer } from '../../spec/schema.js';
import { brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };

/** Every node of the document that carries x-assumed, by its pointer as written (the ledger's id). */
function assumedPoints(raw: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (node === null || typeof node !== 'object') return;
    if ((node as Record<string, unknown>)['x-assumed'] === true) out.push(encodePointer(path));
    for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
  };
  walk(raw, []);
  return out;
}

async function againstMock(t: Test, run: Partial<RunOptions>, rateLimit: false | { windowMs: number } = false) {
  const mock = await buildMock({ spec: await spec(), rateLimit });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  return runContracts({ baseUrl: url, world: 'default', credentials: demo, timeoutMs: 5000, ...run }, await spec());
}

const failures = (report: RunReport) =>
  report.results.filter((r) => r.verdict === 'fail').map((r) => `${r.id}: ${r.problems[0]?.message}`);

t.test('every x-assumed point: confirmed against the mock with every flag, or a reason no run shows it', async (t) => {
  const points = assumedPoints((await spec()).raw);
  t.ok(points.length > 80, `the walk finds the spec's points (${points.length})`);
  for (const id of Object.keys(NOT_OBSERVED)) t.ok(points.includes(id), `${id}: the table names a point of the spec`);
  // A window long enough that the run's own calls reach the limit inside it even on a loaded machine.
  const report = await againstMock(
    t,
    {
      allowWrites: true,
      allowDestructive: true,
      clientId: 146,
      // No --password-account-email: the password-change sequence then signs an account up, showing the sign-up.
      nosub,
      checkRateLimit: true,
      maxWaitMs: 30_000,
    },
    { windowMs: 4000 },
  );
  t.same(failures(report), [], 'the mock fails no check');
  const ledger = new Map(report.ledger!.entries.map((e) => [e.id, e]));
  for (const id of points) {
    const e = ledger.get(id);
    const why = NOT_OBSERVED[id];
    if (why !== undefined && !needsFlag(why))
      t.equal(e?.status, 'not observed', `${id}: listed as not observable, and not observed`);
    else t.equal(e?.status, 'confirmed', `${id}: confirmed by the run (${e?.why ?? 'not in the ledger'})`);
  }
});

t.test('a read-only run: each point it does not observe says why, naming the flag that would show it', async (t) => {
  const report = await againstMock(t, {});
  t.same(failures(report), [], 'the mock fails no check');
  const ledger = new Map(report.ledger!.entries.map((e) => [e.id, e]));
  for (const id of assumedPoints((await spec()).raw)) {
    const e = ledger.get(id);
    t.ok(e, `${id}: in the ledger`);
    if (!e || e.status === 'confirmed') continue;
    t.equal(e.status, 'not observed', `${id}: not contradicted by the mock`);
    t.ok(
      e.why && e.why !== NO_ANSWER_SHOWED && (/--[a-z]/.test(e.why) || e.why === NOT_OBSERVED[id]),
      `${id}: ${e.why}`,
    );
  }
  const limit = ledger.get('/components/schemas/ClientListRequest/properties/limit');
  t.same(limit?.shownBy, ['paging:listClients:limit-cap'], 'the cap of limit is confirmed by its probe');
});

/** A deployment that answers client/list as the mock would to another body. */
const listWith =
  (change: (body: Record<string, unknown>) => Record<string, unknown>): Defect =>
  async ({ mock, request, reply, path }) => {
    if (path !== '/client/list' || typeof request.body !== 'string') return undefined;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body);
    } catch {
      return undefined;
    }
    const { 'content-length': _length, ...headers } = request.headers as Record<string, string>;
    const r = await mock.inject({ method: 'POST', url: request.url, headers, payload: JSON.stringify(change(body)) });
    const parsed = JSON.parse(r.body);
    return relay(reply, {
      status: r.statusCode,
      headers: r.headers,
      body: parsed,
    });
  };

const FORMS: Array<{ name: string; defect: Defect; contradicted: string }> = [
  {
    name: 'a wrong password refused with 422 and errors, as Laravel validates credentials',
    contradicted: '/x-situations/wrong-credentials',
    defect: async ({ path, reply, forward }) => {
      if (path !== '/user/signin') return undefined;
      const r = await forward();
      if (r.status !== 401) return relay(reply, r);
      const body = {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      };
      return relay(reply, { ...r, status: 422, body });
    },
  },
  {
    name: 'limit not capped at 100: limit 101 gives 101 to a page',
    contradicted: '/components/schemas/ClientListRequest/properties/limit',
    defect: listWith((b) => (typeof b.limit === 'number' && b.limit > 100 ? { ...b, limit: 100 } : b)),
  },
  {
    name: "per_page fixed at 20 whatever limit says (the document's own sample)",
    contradicted: '/paths/~1client~1list/post/x-list/page-size',
    defect: listWith(({ limit: _limit, ...rest }) => rest),
  },
];

for (const form of FORMS)
  t.test(`a deployment that chooses otherwise: ${form.name}`, async (t) => {
    const url = await brokenServer(t, form.defect);
    const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000 }, await spec());
    t.same(failures(report), [], 'no failure: the document leaves it open');
    const entry = report.ledger!.entries.find((e) => e.id === form.contradicted);
    t.equal(entry?.status, 'contradicted', `${form.contradicted} contradicted`);
    t.ok(entry?.contradictions?.[0]?.reproduce?.response, 'with the exchange that shows it');
  });
