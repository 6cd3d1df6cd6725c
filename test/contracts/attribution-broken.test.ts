// A finding rests on the node it was judged against. Each row is a deployment
// that differs from the mock in one way, and says what the run must make of it:
// a defect against a fact of the document is an error in whatever check it
// shows (never filed under that check's assumption), and a choice the document
// leaves open is one contradicted assumption in the ledger, with the operations
// that showed it, and no failure.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunReport } from '../../contracts/types.js';
import { alter, brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };

interface Row {
  name: string;
  defect: Defect;
  /** The checks that must fail, each with an error that rests on no assumption and matches `error`. */
  fails?: { checks: RegExp; error: RegExp };
  /** The one assumption the ledger must show contradicted, and the operations it must name. */
  contradicts?: { id: string; operations: string[] };
  /** Ids the ledger must not list as contradicted. */
  notContradicted: string[];
}

const ROWS: Row[] = [
  {
    name: 'a plan price sent as a string (a fact: price number), met in a subscription check',
    defect: alter(
      (path, status) => path === '/plans/index' && status === 200,
      (r) => ({
        status: 200,
        body: { ...r.body, data: r.body.data.map((p: { price: number }) => ({ ...p, price: String(p.price) })) },
      }),
    ),
    fails: { checks: /^(conformance|subscription|auth):listPlans/, error: /price|must be number/ },
    notContradicted: ['/x-subscription'],
  },
  {
    name: 'the token refused in X-API-Token (a fact: either header), on the assumed get_profile',
    defect: async ({ path, request, reply }) => {
      if (path !== '/user/get_profile' || !request.headers['x-api-token'] || request.headers.authorization)
        return undefined;
      return relay(reply, {
        status: 401,
        headers: { 'content-type': 'application/json' },
        body: { message: 'Unauthenticated.', status: 401 },
      });
    },
    fails: { checks: /^auth:getProfile:x-api-token$/, error: /answered 401, expected 2xx/ },
    notContradicted: ['/paths/~1user~1get_profile/post'],
  },
  {
    name: 'a missing platform header answered as if present (the refusal is assumed)',
    defect: async ({ path, request, reply, forward }) => {
      if (request.headers.platform) return undefined;
      // Its logout says it logged out and ends nothing: which token that check sends is not this row's concern.
      if (path === '/user/logout')
        return relay(reply, {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: { message: 'Logged out successfully.', data: [] },
        });
      return relay(reply, await forward({ platform: 'WEB' }));
    },
    contradicts: {
      id: '/x-platform-refusal',
      operations: ['listCountries', 'listPlans', 'getProfile', 'listClients', 'logout'],
    },
    notContradicted: ['/components/responses/BadRequest', '/components/responses/StatusBadRequest'],
  },
];

async function run(url: string): Promise<RunReport> {
  return runContracts({ baseUrl: url, credentials: demo, nosub, timeoutMs: 5000 }, await spec());
}

for (const row of ROWS)
  t.test(row.name, async (t) => {
    const report = await run(await brokenServer(t, row.defect));
    const failed = report.results.filter((r) => r.verdict === 'fail');
    if (row.fails) {
      const { checks, error } = row.fails;
      t.ok(failed.length > 0, 'the defect fails checks');
      t.same(
        failed.filter((r) => !checks.test(r.id)).map((r) => r.id),
        [],
        'only the checks that met it',
      );
      for (const r of failed) {
        const errors = r.problems.filter((p) => p.severity === 'error');
        t.ok(
          errors.some((p) => error.test(p.message) && p.assumption === undefined),
          `${r.id}: an error resting on no assumption (${r.problems.map((p) => `${p.message} [${p.assumption ?? 'fact'}]`).join('; ')})`,
        );
      }
    } else
      t.same(
        failed.map((r) => `${r.id}: ${r.problems[0]?.message}`),
        [],
        'no check fails',
      );
    const ledger = report.ledger!;
    const contradicted = ledger.entries.filter((e) => e.status === 'contradicted');
    for (const id of row.notContradicted)
      t.notOk(
        contradicted.some((e) => e.id === id),
        `the ledger lists no contradiction of ${id} (${contradicted.map((e) => e.id).join(', ')})`,
      );
    if (row.contradicts) {
      t.same(
        contradicted.map((e) => e.id),
        [row.contradicts.id],
        'one contradicted assumption, the one the deployment chose otherwise on',
      );
      const entry = contradicted[0];
      for (const op of row.contradicts.operations)
        t.ok(entry?.operations.includes(op), `it names ${op} among the operations that showed it`);
      t.ok(
        entry?.contradictions?.some((c) => c.reproduce?.response?.status === 200 && /answered 200/.test(c.message)),
        'with the exchange that shows it',
      );
      t.match(entry?.reason, /never shows what a server does without it/, "with the spec's reason");
    } else
      t.same(
        contradicted.map((e) => e.id),
        [],
        'a defect against a fact contradicts no assumption',
      );
  });
