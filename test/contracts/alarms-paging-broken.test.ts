// Deployments that follow the spec where it leaves room, on client/list's page:
// each verdict must be a pass (these were false alarms). The body's page wins
// over the query's (PageQuery), and a page past a last_page beyond the spec's
// page maximum may be refused as the invalid request it is.
import type { FastifyReply } from 'fastify';
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const MAX = 1_000_000;
const bodyOf = (raw: unknown) => {
  try {
    return typeof raw === 'string' && raw ? JSON.parse(raw) : {};
  } catch {
    return {};
  }
};
const send = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).header('content-type', 'application/json').send(JSON.stringify(body));

/** What the deployment received on client/list with a page past the maximum in the query. */
type Seen = Array<{ query: string; body: Record<string, unknown> }>;

const cases: Array<{
  name: string;
  check: string;
  run: Partial<RunOptions>;
  defect: (seen: Seen) => Defect;
  /** What the requests the deployment received must show for the row to say anything. */
  sent?: (seen: Seen) => string | undefined;
}> = [
  {
    name: "the body's page wins over the query's (Laravel's input(), body first): ?page past the maximum is a flaw only alone",
    check: 'fuzz:listClients:invalid',
    run: { fuzz: 30, seed: 2, only: ['listClients'] },
    defect:
      (seen) =>
      async ({ path, request, reply, mock }) => {
        if (path !== '/client/list') return undefined;
        const body = bodyOf(request.body);
        const query = new URL(request.url, 'http://x').searchParams.get('page');
        if (query !== null && Number(query) > MAX) seen.push({ query, body });
        if (body.page === undefined || query === null) return undefined;
        // The body's page is read: the query is not looked at (the mock is asked without it).
        const r = await mock.inject({
          method: 'POST',
          url: request.url.split('?')[0]!,
          headers: request.headers as Record<string, string>,
          payload: request.body as string,
        });
        return send(reply, r.statusCode, JSON.parse(r.body));
      },
    sent: (seen) => (seen.length ? undefined : 'no page past the maximum was sent in the query'),
  },
  {
    name: "a last_page beyond the spec's page maximum: the page after it refused with the documented 422",
    check: 'paging:listClients:pages-select',
    run: { only: ['listClients'] },
    defect:
      (seen) =>
      async ({ path, request, reply, forward }) => {
        if (path !== '/client/list') return undefined;
        const r = await forward();
        const page = bodyOf(request.body).page ?? 1;
        if (page > MAX) seen.push({ query: '', body: bodyOf(request.body) });
        // A deployment with a million pages: page 1 says so (the mock's own pages 2 and 3 still differ from it).
        if (r.status === 200 && page === 1) {
          const e = r.body.data;
          e.total = MAX * e.per_page;
          e.last_page = MAX;
          e.last_page_url = e.last_page_url.replace(/page=\d+/, `page=${MAX}`);
        }
        return relay(reply, r);
      },
    sent: (seen) => (seen.some((s) => s.body.page === MAX + 1) ? undefined : 'page 1000001 was not asked for'),
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const seen: Seen = [];
    const url = await brokenServer(t, c.defect(seen));
    const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000, ...c.run }, await spec());
    t.equal(c.sent?.(seen), undefined, 'the deployment was asked what the row is about');
    const check = report.results.find((r) => r.id === c.check)!;
    t.equal(check?.verdict, 'pass', `${c.check}: pass`, { problems: check?.problems.map((p) => p.message) });
    if (c.check.startsWith('fuzz:'))
      t.same(
        seen.filter((s) => s.body.page !== undefined),
        [],
        'a page past the maximum in the query never went with a page in the body',
      );
  });
}
