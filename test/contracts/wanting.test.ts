// A check skipped for want of an input is named in the verdict, with the flag
// that gives it: the no-plan account of the subscription gate and the account
// of the password-change sequence, as the company and the credentials are.
import t from 'tap';
import { renderHuman } from '../../contracts/reporters/human.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { injectFetch } from '../../lib/inject-fetch.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };

async function run(options: Partial<RunOptions>) {
  const loaded = await spec();
  const mock = await buildMock({ spec: loaded, rateLimit: false });
  t.teardown(() => mock.close());
  return runContracts(
    { baseUrl: 'http://mock.test', credentials: demo, fetch: injectFetch(mock), world: 'default', ...options },
    loaded,
  );
}

const rows: Array<[string, Partial<RunOptions>, Record<string, string[]>]> = [
  [
    'a plain read-only run',
    {},
    {
      '--nosub-email/--nosub-password': ['subscription'],
      '--password-account-email/--password-account-password or --allow-writes': ['sequences:password-change'],
    },
  ],
  ['with a no-plan account and writes (which sign one up)', { nosub, allowWrites: true }, {}],
];

for (const [name, options, wanted] of rows)
  t.test(name, async (t) => {
    const report = await run(options);
    t.same(
      Object.fromEntries((report.summary.wanting ?? []).map((w) => [w.flag, w.checks])),
      wanted,
      'the JSON summary names each input, its flag and its checks',
    );
    const verdict = renderHuman(report)
      .split('\n')
      .find((l) => l.startsWith('Verdict:'))!;
    for (const flag of Object.keys(wanted)) t.ok(verdict.includes(`(${flag} gives it)`), `the verdict names ${flag}`);
    if (!Object.keys(wanted).length) t.notMatch(verdict, /Not checked/);
    // Each skip names the flags that give its input once ("...--password-account-email... or --allow-writes to
    // sign one up; --password-account-email/--password-account-password or --allow-writes gives it").
    for (const r of report.results.filter((r) => r.wants))
      for (const flag of r.wants!.flag.split(/\/| or /))
        t.equal(r.notes[0]!.split(flag).length - 1, 1, `${r.id}: its reason names ${flag} once`);
  });

t.test('a --company the deployment contradicts is said before the company checks fail on it', async (t) => {
  // --company Nope failed client/user_client with "answered 404, expected 2xx" and no word of --company.
  const notices: string[] = [];
  const report = await run({
    company: 'Nope',
    only: ['getProfile', 'listCompanyClients'],
    onNotice: (l) => notices.push(l),
  });
  t.match(notices, [
    /^--company names "Nope", where the deployment names "Demo Blinds Co" \(the profile or the sign-in's user\): the company checks ask for --company's$/,
  ]);
  t.ok(report.summary.checks.failed > 0, 'and the checks ask for Nope');
  const quiet: string[] = [];
  await run({ company: 'Demo Blinds Co', only: ['getProfile'], onNotice: (l) => quiet.push(l) });
  t.same(
    quiet.filter((l) => l.startsWith('--company')),
    [],
    'the same name: nothing to say',
  );
});
