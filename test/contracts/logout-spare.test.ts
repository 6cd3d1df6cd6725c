// conformance:logout ends a session of the check's own, never the run's: the
// QR sign-in's spare one, else a disposable sign-in's when the run has the
// account's password. A deployment that gives an account one token for every
// sign-in has no session to spare: the check is skipped saying so, and the
// run's token is never logged out.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import { brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const tokenOf = (headers: Record<string, unknown>) =>
  String(headers.authorization ?? '').replace(/^Bearer /, '') || String(headers['x-api-token'] ?? '');

/** QR sign-in refused, as the Spring staging's is for a code it did not issue: no spare session. */
const qrRefused: Defect = ({ path, reply }) =>
  path === '/user/qrcode_signin'
    ? reply
        .code(401)
        .header('content-type', 'application/json')
        .send(JSON.stringify({ status: 'error', message: 'Unauthenticated.' }))
    : undefined;

/** Every sign-in answered with the first token issued (one token per account). */
function oneTokenPerAccount(): Defect {
  let first: string | undefined;
  return async ({ path, reply, forward }) => {
    if (path !== '/user/signin') return undefined;
    const r = await forward();
    if (r.status === 200) {
      first ??= r.body.data.api_token;
      r.body.data.api_token = first;
    }
    return relay(reply, r);
  };
}

const cases: Array<{ name: string; defect: () => Defect; verdict: string; note?: RegExp; ownEnded?: boolean }> = [
  { name: 'QR sign-in gives a spare session: that one is logged out', defect: () => () => undefined, verdict: 'pass' },
  { name: 'QR sign-in refused: a disposable sign-in is logged out', defect: () => qrRefused, verdict: 'pass' },
  {
    // No session of its own to end: it ends the run's (which a logout that ends nothing, Prism's, would hide if
    // skipped), and says so.
    name: "one token per account: the run's own is logged out, said",
    defect: oneTokenPerAccount,
    verdict: 'pass',
    note: /gave the run's own token back/,
    ownEnded: true,
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    let main: string | undefined;
    const loggedOut: string[] = [];
    const defect = c.defect();
    const url = await brokenServer(t, async (ctx) => {
      if (ctx.path === '/user/logout') loggedOut.push(tokenOf(ctx.request.headers));
      // The run's own token is the first the deployment issued, whichever defect relays it.
      const forward: typeof ctx.forward = async (headers) => {
        const r = await ctx.forward(headers);
        if (ctx.path === '/user/signin' && r.status === 200) main ??= r.body.data.api_token;
        return r;
      };
      const answered = await defect({ ...ctx, forward });
      if (answered !== undefined || ctx.reply.sent) return answered;
      return relay(ctx.reply, await forward());
    });
    const report = await runContracts(
      { baseUrl: url, world: 'default', credentials: demo, timeoutMs: 5000 },
      await spec(),
    );
    const check = report.results.find((r) => r.id === 'conformance:logout');
    t.equal(check?.verdict, c.verdict, `conformance:logout ${c.verdict}`, {
      notes: check?.notes,
      problems: check?.problems.map((p) => p.message),
    });
    // Said by the check that first ends the run's session (the logged-out-token sequence comes before it).
    if (c.note)
      t.ok(
        report.results.some((r) => c.note!.test(r.notes.join(' '))),
        'says why',
      );
    t.ok(main, 'the run signed in');
    if (!c.ownEnded) t.notOk(loggedOut.includes(main!), "the run's own token was never logged out");
    if (c.verdict === 'pass') t.ok(loggedOut.length > 0, 'a session of its own was logged out');
    const lost = report.results.filter((r) => r.id.startsWith('run:session'));
    // One token per account: its logout ends the run's session, which the run says once (and signs in again).
    t.same(
      lost.map((r) => r.id),
      c.ownEnded ? ['run:session'] : [],
      c.ownEnded ? 'the lost session said once' : 'the run kept its session',
    );
  });
}
