// Where a deployment names the caller's company (flat or nested, in the
// sign-in's user or in the profile), or --company: the company checks run on
// every one of them; where nothing names it they are skipped and the verdict
// says for want of what, and which flag gives it.
import t from 'tap';
import { renderHtml } from '../../contracts/reporters/html.js';
import { renderHuman } from '../../contracts/reporters/human.js';
import type { RunOptions } from '../../contracts/types.js';
import { type Defect, relay, runBroken } from '../helpers/broken.js';
import { clientsOf } from '../helpers/world.js';

const COMPANY_CHECKS = [
  'conformance:listCompanyClients',
  'meaning:listCompanyClients:members',
  'paging:listCompanyClients:envelope',
  // The list probes of client/user_client's x-list (contracts/checks/list-probes.ts).
  'paging:listCompanyClients:per-page',
  'paging:listCompanyClients:order',
];
type User = Record<string, unknown>;

/** The user records of the sign-in and the profile passed through `signin` and `profile`. */
function users(signin: (u: User) => void, profile: (u: User) => void, also?: Defect): Defect {
  return async (ctx) => {
    const change = ctx.path === '/user/signin' ? signin : ctx.path === '/user/get_profile' ? profile : undefined;
    if (!change) return also?.(ctx);
    const r = await ctx.forward();
    if (r.status === 200) change(ctx.path === '/user/signin' ? r.body.data.user : r.body.data);
    return relay(ctx.reply, r);
  };
}
const keep = () => undefined;
/** The profile answered as a list of one, as a Spring deployment answers every read; the sign-in names nothing. */
const listedProfile: Defect = async (ctx) => {
  if (ctx.path !== '/user/signin' && ctx.path !== '/user/get_profile') return undefined;
  const r = await ctx.forward();
  if (r.status === 200 && ctx.path === '/user/signin') delete r.body.data.user.company_name;
  if (r.status === 200 && ctx.path === '/user/get_profile') r.body.data = [r.body.data];
  return relay(ctx.reply, r);
};
const nest = (u: User) => {
  u.company = { id: u.company_id, name: u.company_name };
  delete u.company_name;
};
const drop = (u: User) => {
  delete u.company_name;
};
/** client/user_client carries a client of a user outside the caller's company. */
const leak: Defect = async ({ mock, path, reply, forward }) => {
  if (path !== '/client/user_client') return undefined;
  const r = await forward();
  const s = mock.mock.store;
  const own = s.userById(1)!.company_id;
  if (r.status === 200) r.body.data.data.push(clientsOf(s).find((c) => s.userById(c.user_id)!.company_id !== own));
  return relay(reply, r);
};

const cases: Array<{ name: string; defect: Defect; run?: Partial<RunOptions>; skipped?: boolean; leak?: boolean }> = [
  { name: 'the profile nests the company; the sign-in user names it flat', defect: users(keep, nest) },
  { name: 'both nest it', defect: users(nest, nest) },
  { name: 'only the sign-in user names it', defect: users(keep, drop) },
  { name: 'only the profile names it, answered as a list of one', defect: listedProfile },
  { name: 'nothing names it: --company does', defect: users(drop, drop), run: { company: 'Demo Blinds Co' } },
  { name: 'nothing names it, and no --company', defect: users(drop, drop), skipped: true },
  {
    name: 'the profile nests the company, and client/user_client leaks another company client',
    defect: users(keep, nest, leak),
    leak: true,
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const report = await runBroken(t, c.defect, c.run);
    const of = (id: string) => report.results.find((r) => r.id === id);
    for (const id of COMPANY_CHECKS)
      t.equal(of(id)?.verdict === 'skip', !!c.skipped, `${id}: ${c.skipped ? 'skipped' : 'run'}`, {
        notes: of(id)?.notes,
      });
    if (c.leak) t.equal(of('meaning:listCompanyClients:members')?.verdict, 'fail', 'the leak is caught');
    // Only the company's want: a run without a no-plan or password account wants those too (wanting.test.ts).
    const wanting = (report.summary.wanting ?? []).filter((w) => w.flag === '--company NAME');
    const verdict = renderHuman(report)
      .split('\n')
      .find((l) => l.startsWith('Verdict:'))!;
    if (c.skipped) {
      t.same(
        wanting.map((w) => [w.flag, w.checks.sort()]),
        [['--company NAME', [...COMPANY_CHECKS].sort()]],
        'the JSON summary names the input, its flag and the checks',
      );
      t.match(verdict, /Not checked: 5 checks for want of the caller's company name \(--company NAME gives it\)[.;]/);
      t.match(of('meaning:listCompanyClients:members')?.notes[0], /--company NAME gives it$/);
      t.match(
        renderHtml(report),
        /<p class="wanting" id="wanting">Not checked: 5 checks for want of the caller&#39;s company name \(--company NAME gives it\)[.;]/,
        'the HTML report says it beside its verdict',
      );
    } else {
      t.same(wanting, [], 'nothing wanting');
      t.notMatch(verdict, /want of the caller's company/);
      t.notMatch(renderHtml(report), /want of the caller&#39;s company/);
    }
  });
}
