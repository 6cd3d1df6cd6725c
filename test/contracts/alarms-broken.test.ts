// Deployments broken (or merely different) in the ways that raised false
// alarms and misdiagnoses: each is judged by what the finding rests on, the
// checks a missing precondition stops are recorded as skips, the auth checks
// send bodies the operation takes, and reproductions send what the check sent.
import t, { type Test } from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions, RunReport } from '../../contracts/types.js';
import { alter, brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };

async function run(t: Test, defect: Defect, options: Partial<RunOptions> = {}): Promise<RunReport> {
  const url = await brokenServer(t, defect);
  return runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000, ...options }, await spec());
}

const failed = (report: RunReport, group?: string) =>
  report.results
    .filter((r) => r.verdict === 'fail' && (!group || r.group === group))
    .map((r) => `${r.id}: ${r.problems.map((p) => p.message).join('; ')}`);

t.test('a 405 without Allow, on every path: an observation resting on the HTTP rule, never a failure', async (t) => {
  const report = await run(t, async ({ reply, forward }) => {
    const r = await forward();
    if (r.status !== 405) return relay(reply, r);
    const { allow: _gone, ...headers } = r.headers;
    return relay(reply, { ...r, headers });
  });
  const method = report.results.filter((r) => r.id.endsWith(':method'));
  t.ok(method.length >= 20, 'every path was asked with a method it lacks');
  t.same(failed(report), [], 'no failure');
  t.same([...new Set(method.map((r) => r.verdict))], ['observation']);
  t.same([...new Set(method.flatMap((r) => r.problems.map((p) => p.assumption)))], ['http:405-allow']);
});

t.test(
  '422 for a missing platform header: judged the same on every operation, by the one assumed refusal',
  async (t) => {
    // In each operation's documented failure shape (section 7): only the status differs from the spec.
    const statusShaped = new Set(['/countries/index', '/measurements/awning_measurement_add_edit', '/plans/index']);
    const report = await run(t, async ({ path, request, reply, forward }) => {
      if (request.headers.platform) return undefined;
      const r = await forward({ platform: 'WEB' });
      const body = statusShaped.has(path)
        ? { status: 'error', message: 'Validation failed' }
        : {
            message: 'The platform field is required.',
            status: 422,
            errors: { platform: ['The platform field is required.'] },
          };
      return relay(reply, { ...r, status: 422, body });
    });
    const checks = report.results.filter((r) => r.id.endsWith(':no-platform'));
    t.equal(checks.length, 26);
    t.same(failed(report, 'negative'), [], 'no failure: which status refuses it is assumed');
    const observed = checks.filter((r) => r.verdict === 'observation');
    t.ok(observed.length >= 5, 'an observation where the spec does not document 422');
    for (const r of observed)
      t.match(
        r.problems[0],
        // One assumption for every operation (x-platform-refusal), not BadRequest and StatusBadRequest apart.
        { assumption: '/x-platform-refusal', message: /for this request it documents 400/ },
        r.id,
      );
    t.same(
      checks.filter((r) => r.verdict !== 'observation').map((r) => r.verdict),
      checks.filter((r) => r.verdict !== 'observation').map(() => 'pass'),
      'the others document 422: nothing to say',
    );
  },
);

t.test(
  'a no-plan sign-in that gives no token: every subscription check is there, skipped with the reason',
  async (t) => {
    const report = await run(
      t,
      alter(
        (p, s) => p === '/user/signin' && s === 200,
        (r) => (r.body.data.user.email === nosub.email ? (delete r.body.data.api_token, r) : r),
      ),
      { nosub },
    );
    const group = report.results.filter((r) => r.group === 'subscription');
    t.match(
      group.find((r) => r.id === 'subscription:signin'),
      { verdict: 'fail' },
    );
    const skipped = group.filter((r) => r.verdict === 'skip');
    t.equal(skipped.length, 13 + 1 + 3, 'the 13 gated, most-gated and the 3 open');
    t.same(
      [...new Set(skipped.flatMap((r) => r.notes))],
      ['the account without a plan could not sign in (subscription:signin says why)'],
    );
    t.equal(report.summary.checks.skipped, report.results.filter((r) => r.verdict === 'skip').length, 'counted');
  },
);

t.test('a main sign-in whose api_token is empty: a clear reason, not "sign-in refused: 200"', async (t) => {
  const url = await brokenServer(
    t,
    alter(
      (p, s) => p === '/user/signin' && s === 200,
      (r) => ((r.body.data.api_token = ''), r),
    ),
  );
  await t.rejects(runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000 }, await spec()), {
    name: 'RunAborted',
    message:
      'sign-in answered 200 but gave no token (data.api_token is ""; the spec requires a non-empty string, the token to present afterwards): no protected operation can be checked',
  });
});

t.test('a server that validates bodies before it authenticates: no auth or subscription finding', async (t) => {
  let valid = '';
  const report = await run(
    t,
    async ({ path, request, reply, forward }) => {
      if (path === '/user/signin') {
        const r = await forward();
        if (r.status === 200 && r.body.data.user.email === demo.email) valid ||= r.body.data.api_token;
        return relay(reply, r);
      }
      // Validated as the account with a plan would be: a body the operation refuses is 422 whoever sends it
      // (a logout takes no body, and the probe must not end the run's session).
      if (!valid || !request.headers.platform || path === '/user/logout') return undefined;
      const probe = await forward({ authorization: `Bearer ${valid}`, 'x-api-token': valid });
      return probe.status === 422 ? relay(reply, probe) : undefined;
    },
    { nosub },
  );
  t.same([...failed(report, 'auth'), ...failed(report, 'subscription')], []);
  t.ok(report.results.filter((r) => r.group === 'auth' && r.verdict === 'pass').length >= 40);
});

t.test(
  'reproductions send the token the check sent: made up (written out), or logged out (named, never written: it may be live)',
  async (t) => {
    const loaded = await spec();
    const issued: string[] = [];
    const report = await run(t, async ({ path, request, reply, forward }) => {
      // A logout that ends nothing.
      if (path === '/user/logout')
        return relay(reply, {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: loaded.byId.get('logout')!.responses['200']!.examples[0],
        });
      // A made-up token is served as if it were the run's own.
      const madeUp = String(request.headers.authorization ?? '').startsWith('Bearer made-up-');
      const r = await forward(madeUp ? { authorization: `Bearer ${issued[0]}` } : {});
      if (path === '/user/signin' || path === '/user/qrcode_signin') issued.push(r.body?.data?.api_token);
      return relay(reply, r);
    });
    const madeUp = report.results.find((r) => r.id === 'auth:listClients:made-up')!;
    t.equal(madeUp.verdict, 'fail');
    const curl = madeUp.problems[0]!.reproduce!.curl;
    t.match(curl, /^MCS_CHECK_TOKEN='made-up-[0-9a-f]{32}'\ncurl /, 'the made-up token, written out');
    t.match(curl, /-H "authorization: Bearer \$MCS_CHECK_TOKEN"/);
    const afterLogout = report.results.find((r) => r.id === 'sequences:logged-out-token')!;
    t.equal(afterLogout.verdict, 'fail');
    const second = afterLogout.problems.find((p) => /after logout/.test(p.message) && p.reproduce)!.reproduce!.curl;
    // A logout that ended nothing left that token live: it is sent as $MCS_CHECK_TOKEN, never written out.
    t.match(second, /^# MCS_CHECK_TOKEN: a token you signed in and then logged out/, 'the token to use, said');
    t.match(second, /-H "authorization: Bearer \$MCS_CHECK_TOKEN"/, 'sent as the check sent it');
    const json = JSON.stringify(report);
    for (const token of issued.filter(Boolean)) t.notOk(json.includes(token), 'no issued token appears, live or not');
  },
);
