// The sequences group against the in-process mock: what each sequence does to
// the deployment, what it leaves behind, and when it runs or says why not.
import { setTimeout as sleep } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { main, parseContractArgs } from '../../cli/contracts.js';
import { updatableStrings } from '../../contracts/checks/client-fields.js';
import { runContracts } from '../../contracts/runner.js';
import { DEADLINE_SKIP } from '../../contracts/session.js';
import type { RunOptions } from '../../contracts/types.js';
import type { FetchLike } from '../../lib/http.js';
import { injectFetch } from '../../lib/inject-fetch.js';
import { capture } from '../helpers/cli-io.js';
import { spec, testMock } from '../helpers/mock.js';
import { type Exchange, recordingFetch } from '../helpers/recording-fetch.js';
import { clientsOf } from '../helpers/world.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const thora = { email: 'thora.smith@example.com', password: 'demo-password' };

async function run(t: Test, options: Partial<RunOptions>, before?: Parameters<typeof recordingFetch>[1]) {
  const mock = await testMock(t, { rateLimit: false });
  const { fetch, seen } = recordingFetch(injectFetch(mock.app) as FetchLike, before);
  const report = await runContracts(
    { baseUrl: 'http://mock.test', world: 'default', credentials: demo, timeoutMs: 5000, fetch, ...options },
    await spec(),
  );
  const seq = (name: string) => report.results.find((r) => r.id === `sequences:${name}`)!;
  return { report, mock, seen, seq, store: mock.app.mock.store };
}

const calls = (seen: Exchange[], path: string) => seen.filter((x) => x.path === path);
/** The calls of a path that were served (2xx). */
const served = (seen: Exchange[], path: string) => calls(seen, path).filter((x) => x.status < 300);

t.test('read-only: the logged-out token sequence runs; the others say what they need', async (t) => {
  const { seq, seen, report } = await run(t, {});
  t.equal(seq('logged-out-token').verdict, 'pass');
  t.match(seq('update-then-read'), { verdict: 'skip', notes: [/read-only run; --allow-writes adds it/] });
  t.match(seq('password-change'), {
    verdict: 'skip',
    notes: [
      /^no account whose password may be changed and restored \(MCS_PW_EMAIL and MCS_PW_PASSWORD name one too; .*\); --password-account-email\/--password-account-password or --allow-writes gives it$/,
    ],
  });
  t.match(seq('deleted-client-gone'), { verdict: 'skip', notes: ['needs --allow-destructive --client-id N'] });
  t.equal(report.summary.checks.failed, 0);
  t.same(served(seen, '/client/update'), [], 'nothing was written');
  t.same(served(seen, '/user/update_password'), [], 'no password was changed');
});

t.test(
  'logged-out token: a second session is signed in, logged out, and refused by every protected operation',
  async (t) => {
    const { seq, seen, store } = await run(t, {});
    t.equal(seq('logged-out-token').verdict, 'pass');
    // The sequence's logout: the one whose token is then tried on every protected operation (the negative checks
    // log their disposable sessions out too).
    const logout = served(seen, '/user/logout').find((l) =>
      seen
        .slice(seen.indexOf(l) + 1)
        .some((x) => x.path === '/client/update' && x.headers.authorization === l.headers.authorization),
    )!;
    const token = logout.headers.authorization!.replace('Bearer ', '');
    const main = seen[0]!.answer.data.api_token;
    t.not(token, main, "the run's own token is not the one logged out");
    t.ok(store.userByToken(main), "the run's own session is still valid");
    t.notOk(store.userByToken(token), 'the logged-out one is not');
    const after = seen.slice(seen.indexOf(logout) + 1).filter((x) => x.headers.authorization === `Bearer ${token}`);
    const protectedOps = (await spec()).operations.filter((o) => !o.isPublic).length;
    t.equal(after.length, protectedOps, 'every protected operation was called with it');
    t.ok(
      after.every((x) => x.status === 401),
      'and each answered 401',
    );
    const update = after.find((x) => x.path === '/client/update')!;
    t.equal(update.body.client_id, 2_147_480_000, 'writes name a client that does not exist');
  },
);

t.test('given only a token, what would end or spend a session is skipped, and the verdict says so', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const { fetch, seen } = recordingFetch(injectFetch(mock.app) as FetchLike);
  const report = await runContracts(
    { baseUrl: 'http://mock.test', world: 'default', credentials: { token }, fetch },
    await spec(),
  );
  const ids = [
    'sequences:logged-out-token',
    'conformance:qrcodeSignin:signs a second device in from a QR code',
    'conformance:logout',
    'negative:logout:no-platform',
    'negative:logout:method',
  ];
  for (const id of ids)
    t.match(
      report.results.find((r) => r.id === id),
      { verdict: 'skip', notes: [/--email\/--password/] },
      id,
    );
  t.same(
    report.summary.wanting
      ?.filter((w) => w.flag.includes('--email'))
      .flatMap((w) => w.checks)
      .sort(),
    [...ids].sort(),
    'the JSON summary names them under the input they want',
  );
  t.equal(served(seen, '/user/signin').length, 0, 'no password, no sign-in');
  t.notOk(
    calls(seen, '/user/logout').some((x) => Object.values(x.headers).some((v) => String(v).includes(token))),
    "no logout carried the run's token",
  );
  t.notOk(
    seen.some((x) => x.body?.qr_code === token),
    "the run's token is never shown as a QR code",
  );
  t.ok(mock.app.mock.store.userByToken(token), 'the given token still works');
  t.equal(report.summary.checks.failed, 0);
});

t.test('update then read: the changed values are listed everywhere, then the client is restored', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const before = structuredClone(clientsOf(mock.app.mock.store));
  const { fetch, seen } = recordingFetch(injectFetch(mock.app) as FetchLike);
  const report = await runContracts(
    { baseUrl: 'http://mock.test', world: 'default', credentials: demo, allowWrites: true, fetch },
    await spec(),
  );
  t.equal(report.results.find((r) => r.id === 'sequences:update-then-read')?.verdict, 'pass');
  const updates = served(seen, '/client/update').filter((x) => /^QA\d{14}$/.test(x.body.quote_no));
  t.equal(updates.length, 1, 'one update wrote changed values');
  t.match(updates[0]!.body, { end_client_known: Boolean });
  // Every optional text the listing gives back is changed (a field dropped by the deployment then shows), and the
  // restore writes each original back.
  const all = served(seen, '/client/update');
  const restore = all.filter((x) => x.body.client_id === updates[0]!.body.client_id).at(-1)!;
  for (const f of updatableStrings(await spec()).filter((x) => !x.required))
    t.not(updates[0]!.body[f.name], restore.body[f.name], `${f.name} is changed, then restored`);
  t.ok(
    seen.some((x) => x.path === '/client/list' && x.body?.keyword === updates[0]!.body.quote_no),
    'the list was searched for the new quote number',
  );
  t.ok(calls(seen, '/client/user_client').length > 1, "the company's list was read after the update");
  t.same(clientsOf(mock.app.mock.store), before, 'every client is as it was');
});

t.test('password change: an account of its own is signed up under --allow-writes', async (t) => {
  const { seq, seen, store } = await run(t, { allowWrites: true });
  t.equal(seq('password-change').verdict, 'pass');
  const signup = served(seen, '/user/signup')[0]!;
  t.match(signup.body.email, /^mcs-contracts-\w+@example\.com$/);
  t.equal(signup.status, 200);
  const user = store.userByEmail(signup.body.email)!;
  t.notOk(store.checkPassword(user, signup.body.password), 'its password was changed');
  const changes = served(seen, '/user/update_password');
  t.equal(changes.length, 1, 'and not restored: the account is the run own');
  t.ok(store.checkPassword(user, changes[0]!.body.new_password));
  t.ok(store.checkPassword(store.userByEmail('demo@example.com')!, 'demo-password'), "the main account's is unchanged");
});

t.test(
  'password change on a given account: old tokens refused, new password works, the original restored',
  async (t) => {
    const { seq, seen, store, report, mock } = await run(t, { passwordAccount: thora });
    t.equal(seq('password-change').verdict, 'pass');
    t.ok(report.modes.includes('password-change account'));
    t.same(served(seen, '/user/signup'), [], 'no account was signed up');
    const changes = served(seen, '/user/update_password');
    t.equal(changes.length, 2, 'changed, then changed back');
    t.equal(changes[1]!.body.new_password, 'demo-password');
    const user = store.userByEmail(thora.email)!;
    t.ok(store.checkPassword(user, 'demo-password'), 'the original password works again');
    const refusedOld = seen.filter((x) => x.path === '/user/get_profile' && x.status === 401);
    t.ok(refusedOld.length >= 2, 'both old tokens were refused');
    // The run can be repeated.
    const fetch = injectFetch(mock.app) as FetchLike;
    const again = await runContracts(
      { baseUrl: 'http://mock.test', world: 'default', credentials: demo, passwordAccount: thora, fetch },
      await spec(),
    );
    t.equal(again.results.find((r) => r.id === 'sequences:password-change')?.verdict, 'pass');
  },
);

t.test("never the main account's password", async (t) => {
  await t.rejects(
    runContracts(
      {
        baseUrl: 'http://mock.test',
        world: 'default',
        credentials: demo,
        passwordAccount: { ...demo, email: 'Demo@Example.com' },
      },
      await spec(),
    ),
    { name: 'ContractOptionsError', message: /^passwordAccount\.email names the run's main account/ },
  );
  // Given only a token, the run knows its account by the profile's user id.
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  const { fetch, seen } = recordingFetch(injectFetch(mock.app) as FetchLike);
  const report = await runContracts(
    { baseUrl: 'http://mock.test', world: 'default', credentials: { token }, passwordAccount: demo, fetch },
    await spec(),
  );
  t.match(
    report.results.find((r) => r.id === 'sequences:password-change'),
    {
      verdict: 'skip',
      notes: [/is the run's main account, whose password is never changed/],
    },
  );
  t.same(served(seen, '/user/update_password'), [], 'no password was changed');
  t.ok(mock.app.mock.store.userByToken(token), 'the main token still works');
});

t.test('deleted client: deleted once, then gone from the lists and refused by rooms, update and delete', async (t) => {
  const { seq, seen, store } = await run(t, { allowWrites: true, allowDestructive: true, clientId: 146 });
  t.equal(seq('deleted-client-gone').verdict, 'pass');
  t.notOk(store.client(146));
  const deletes = calls(seen, '/client/delete').filter((x) => x.body?.client_id === 146);
  t.same(
    deletes.map((x) => x.status),
    [200, 404],
    'one delete, then a refused one',
  );
  const after = seen.slice(seen.indexOf(deletes[0]!) + 1);
  for (const path of ['/room/get-by-client-id', '/room/get', '/client/update'])
    t.ok(
      after.some((x) => x.path === path && x.body?.client_id === 146 && x.status === 404),
      `${path} refused it`,
    );
  t.ok(
    after.some((x) => x.path === '/client/user_client'),
    "the company's list was walked",
  );
  t.equal(seen.filter((x) => x.path === '/client/delete' && x.status === 200).length, 1, 'no other client was deleted');
});

t.test('--only and --skip: a sequence runs when its subject operation is selected', async (t) => {
  const clients = await run(t, { only: ['Clients'], allowWrites: true, passwordAccount: thora });
  t.equal(clients.seq('update-then-read').verdict, 'pass');
  t.match(clients.seq('logged-out-token'), { verdict: 'skip', notes: ['not selected by --only/--skip'] });
  t.match(clients.seq('password-change'), { verdict: 'skip', notes: ['not selected by --only/--skip'] });

  const noSignup = await run(t, { skip: ['signup'], allowWrites: true });
  t.match(noSignup.seq('password-change'), { verdict: 'skip', notes: [/sign-up is not selected by --only\/--skip/] });

  const noClients = await run(t, { skip: ['Clients'] });
  t.equal(noClients.seq('logged-out-token').verdict, 'pass');
  const logout = served(noClients.seen, '/user/logout')[0]!;
  const after = noClients.seen.slice(noClients.seen.indexOf(logout) + 1);
  t.notOk(
    after.some((x) => x.path.startsWith('/client/')),
    'the operations not selected are not called with the logged-out token',
  );
});

t.test("the run's deadline: a sequence cut off fails, the ones left are skipped", async (t) => {
  let hung = false;
  // The deadline leaves the checks before the sequences time to finish on a loaded machine
  // (at 1.5 s, under four parallel test files, they did not, and the sequence was skipped, not cut);
  // each call may take longer than the deadline, so that it is the deadline that cuts the hang.
  const { report, seq } = await run(
    t,
    { deadlineMs: 8000, timeoutMs: 60_000, allowWrites: true },
    async (path, init, seen) => {
      // The logout sequence's own sign-in (the first after the update sequence wrote its QA quote number) hangs
      // until the deadline cuts it off.
      const updated = seen.some((x) => x.path === '/client/update' && /^QA\d/.test(String(x.body?.quote_no)));
      if (path === '/user/signin' && updated && !hung) {
        hung = true;
        await sleep(120_000, undefined, { signal: init.signal! }).catch(() => undefined);
      }
      return undefined;
    },
  );
  t.equal(seq('logged-out-token').verdict, 'fail');
  t.match(seq('logged-out-token').problems[0]?.message, /the run's deadline passed/);
  t.match(seq('password-change'), { verdict: 'skip', notes: [DEADLINE_SKIP] });
  t.match(seq('deleted-client-gone'), { verdict: 'skip' });
  t.equal(report.results.at(-1)?.id, 'run:deadline');
});

t.test('a throttled call inside a sequence is waited out, as everywhere', async (t) => {
  let throttled = false;
  const { seq } = await run(t, {}, async (path, init, seen) => {
    // The sequence's logout: it follows the profile read that shows its session works (a disposable session's
    // logout follows a QR sign-in or another logout).
    const bearer = (init.headers as Record<string, string>).authorization;
    const after = seen.at(-1);
    const its = after?.path === '/user/get_profile' && after.headers.authorization === bearer;
    if (path !== '/user/logout' || throttled || !its) return undefined;
    throttled = true;
    return new Response(JSON.stringify({ message: 'Too Many Attempts.', status: 429 }), {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': '1' },
    });
  });
  t.equal(seq('logged-out-token').verdict, 'pass');
  t.match(seq('logged-out-token').notes, [/throttled \(429\) on logout; waited 1 s and retried/]);
});

t.test('the command line: the password-change account, from flags or the environment', async (t) => {
  const base = ['--base-url', 'http://h', '--email', 'a@example.com', '--password', 'p'];
  const env = {};
  const flags = parseContractArgs(
    [...base, '--password-account-email', 'b@example.com', '--password-account-password', 'q'],
    env,
  );
  t.same(flags.ok && flags.plan.options.passwordAccount, { email: 'b@example.com', password: 'q' });
  const fromEnv = parseContractArgs(base, { MCS_PW_EMAIL: 'c@example.com', MCS_PW_PASSWORD: 'r' });
  t.same(fromEnv.ok && fromEnv.plan.options.passwordAccount, { email: 'c@example.com', password: 'r' });
  const none = parseContractArgs(base, env);
  t.equal(none.ok && none.plan.options.passwordAccount, undefined);
  t.match(parseContractArgs(base, { MCS_PW_EMAIL: 'c@example.com' }), {
    ok: false,
    message: /--password-account-email and --password-account-password go together/,
  });
  // The suite refuses it (ContractOptionsError); the CLI names the variable it came from, exit 2.
  const io = capture();
  t.equal(await main(base, { MCS_PW_EMAIL: 'A@example.com', MCS_PW_PASSWORD: 'r' }, io), 2);
  t.equal(
    io.err.at(-1),
    "contracts: MCS_PW_EMAIL names the run's main account: give another account (its password is changed, then restored) (--help shows the usage)",
  );
});
