// Deployments on which a check could end the run's own session: a check that
// logs out does it with a disposable session, so the run's token outlives it;
// and a session that ends anyway (revoked mid-run) is said once, in a notice
// and a finding of the run, and the run signs in again, so the checks after it
// are not all 401 failures.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { brokenServer, type Defect, relay } from '../helpers/broken.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const tokenOf = (headers: Record<string, unknown>) =>
  String(headers.authorization ?? '').replace(/^Bearer /, '') || String(headers['x-api-token'] ?? '');

/** The run's own token: the first one the deployment issued on a password sign-in. */
function mainToken() {
  let main: string | undefined;
  return {
    seen: (path: string, r: { status: number; body: any }) => {
      if (path === '/user/signin' && r.status === 200 && main === undefined) main = r.body.data.api_token;
    },
    get: () => main,
  };
}

/** Logs out whatever token a logout carries, the platform header or not (the header is not looked at). */
const logoutIgnoresPlatform: Defect = ({ path, request, forward }) =>
  path === '/user/logout' && !request.headers.platform ? forward({ platform: 'WEB' }) : undefined;

/** Any method on /user/logout logs out (a route registered for every method). */
const logoutAnyMethod: Defect = async ({ mock, path, request, reply }) => {
  if (path !== '/user/logout' || request.method === 'POST') return undefined;
  const r = await mock.inject({ method: 'POST', url: request.url, headers: request.headers as Record<string, string> });
  return relay(reply, { status: r.statusCode, headers: r.headers, body: r.body });
};

/** Revokes the run's own token once, on its second call of user/get_company_user (after conformance). */
function revokesMidRun(): Defect {
  const main = mainToken();
  let calls = 0;
  return async ({ mock, path, request, reply, forward }) => {
    if (path === '/user/get_company_user' && main.get() && tokenOf(request.headers) === main.get() && ++calls === 2)
      mock.mock.store.revokeToken(main.get()!);
    const r = await forward();
    main.seen(path, r);
    return relay(reply, r);
  };
}

const cases: Array<{
  name: string;
  defect: () => Defect;
  run?: Partial<RunOptions>;
  /** Check ids allowed to fail: the defect's own. */
  failing: RegExp;
  /** Notices about the run's session, and findings of run:session. */
  lost: number;
}> = [
  {
    name: 'a logout that ignores a missing platform header',
    defect: () => logoutIgnoresPlatform,
    run: { allowWrites: true },
    failing: /^negative:logout:no-platform$/,
    lost: 0,
  },
  {
    name: 'a logout that answers every method',
    defect: () => logoutAnyMethod,
    run: { allowWrites: true },
    failing: /^negative:logout:method$/,
    lost: 0,
  },
  {
    name: 'a deployment that revokes the run token mid-run',
    defect: revokesMidRun,
    failing: /^run:session$/,
    lost: 1,
  },
  {
    name: 'the same with --allow-writes',
    defect: revokesMidRun,
    run: { allowWrites: true },
    failing: /^run:session$/,
    lost: 1,
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const url = await brokenServer(t, c.defect());
    const notices: string[] = [];
    const report = await runContracts(
      {
        baseUrl: url,
        world: 'default',
        credentials: demo,
        timeoutMs: 5000,
        onNotice: (line) => notices.push(line),
        ...c.run,
      },
      await spec(),
    );
    const failed = report.results.filter((r) => r.verdict === 'fail');
    t.same(
      failed.filter((r) => !c.failing.test(r.id)).map((r) => [r.id, r.problems[0]?.message]),
      [],
      'no other check fails',
    );
    // A 401 where the check expected none is the run's token refused (a read-only run's negative checks take
    // it as the 4xx they want, and the logout sequence as a logout that ended every session).
    t.same(
      report.results
        .filter((r) => !c.failing.test(r.id))
        .flatMap((r) => r.problems.map((p) => [r.id, p.message]))
        .filter(([, m]) => /answered 401/.test(m!)),
      [],
      'no unexpected 401 anywhere',
    );
    t.equal(notices.filter((n) => /the run's session ended/.test(n)).length, c.lost, 'said once, if at all');
    t.equal(report.results.filter((r) => r.id === 'run:session').length, c.lost, 'one finding of the run, if any');
    if (c.lost)
      t.match(report.results.find((r) => r.id === 'run:session')?.problems[0], {
        message: /the run's own token was refused \(401\) on \w+, and then on getProfile.*the run signs in again$/,
        severity: 'error',
      });
  });
}

t.test('revoked mid-run, with only a token: said once, and the run cannot sign in again', async (t) => {
  let token: string | undefined;
  let calls = 0;
  const url = await brokenServer(t, async ({ mock, path, request, forward, reply }) => {
    if (path === '/user/get_company_user' && tokenOf(request.headers) === token && ++calls === 2)
      mock.mock.store.revokeToken(token!);
    return relay(reply, await forward());
  });
  // The run's token, signed in before the run.
  const signin = await fetch(`${url}/api/v1/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', platform: 'WEB' },
    body: JSON.stringify({ ...demo, device_token: '', platform: 'WEB' }),
  });
  token = ((await signin.json()) as { data: { api_token: string } }).data.api_token;
  const notices: string[] = [];
  const report = await runContracts(
    { baseUrl: url, world: 'default', credentials: { token }, timeoutMs: 5000, onNotice: (l) => notices.push(l) },
    await spec(),
  );
  const said = notices.filter((n) => /the run's session ended/.test(n));
  t.equal(said.length, 1, 'said once');
  t.match(said[0], /no --email\/--password to sign in again/);
  t.equal(report.results.filter((r) => r.id === 'run:session').length, 1, 'one finding of the run');
});
