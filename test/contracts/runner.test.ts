// The contract suite against the mock, in every mode: zero failures.
import t, { type Test } from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions, RunReport } from '../../contracts/types.js';
import { RunAborted } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };

async function against(t: Tap, mockOptions: Parameters<typeof buildMock>[0], run: Partial<RunOptions>) {
  const mock = await buildMock({ spec: await spec(), ...mockOptions });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const report = await runContracts(
    { baseUrl: url, world: 'default', credentials: demo, timeoutMs: 5000, ...run },
    await spec(),
  );
  return { report, mock };
}
type Tap = Test;

function noFailures(t: Tap, report: RunReport) {
  const failed = report.results.filter((r) => r.verdict !== 'pass' && r.verdict !== 'skip');
  t.same(
    failed.map((r) => `${r.id}: ${r.problems.map((p) => p.message).join('; ')}`),
    [],
    'no failure and no observation',
  );
  t.equal(report.summary.operations.covered, report.summary.operations.total, 'every operation covered');
  const ledger = report.ledger!;
  t.equal(ledger.contradicted, 0, 'the mock contradicts none of its own assumptions');
  t.ok(
    ledger.confirmed > 0 && ledger.headline.includes(`on ${ledger.confirmed} of ${ledger.confirmed} `),
    ledger.headline,
  );
}

t.test('read-only, with the no-plan account', async (t) => {
  const { report } = await against(t, { rateLimit: false }, { nosub });
  noFailures(t, report);
  t.same(report.modes, ['read-only', 'no-plan account']);
  const groups = new Set(report.results.filter((r) => r.verdict === 'pass').map((r) => r.group));
  t.same([...groups].sort(), ['auth', 'conformance', 'meaning', 'negative', 'paging', 'sequences', 'subscription']);
  t.same(
    report.results
      .filter((r) => r.verdict === 'skip')
      .map((r) => r.group)
      .sort(),
    // negative: the awning probe of unknown ids, which needs --allow-writes (contracts/checks/probes.ts);
    // conformance: the rooms of a client without any (contracts/checks/no-rooms.ts), as every client of the mock has some.
    [
      'conformance',
      'negative',
      'rate-limit',
      'sequences',
      'sequences',
      'sequences',
      'writes',
      'writes',
      'writes',
      'writes',
      'writes',
      'writes',
    ],
  );
  t.equal(
    report.results.filter((r) => r.group === 'subscription' && r.verdict === 'pass').length,
    1 + 13 + 1 + 3,
    'sign-in, 13 gated, most gated, 3 open',
  );
});

t.test(
  'regression: a main account without a plan is a setup mistake (exit 2, one line), not a page of 403 violations',
  async (t) => {
    const mock = await buildMock({ spec: await spec(), rateLimit: false });
    const url = await mock.listen({ host: '127.0.0.1', port: 0 });
    t.teardown(() => mock.close());
    await t.rejects(
      runContracts({ baseUrl: url, world: 'default', credentials: nosub, timeoutMs: 5000 }, await spec()),
      new RunAborted(
        'the account has no active plan, so every operation that needs one answers 403 Subscription required.: sign in with an account that has a plan (an account without one goes in --nosub-email / MCS_NOSUB_EMAIL)',
      ),
    );
  },
);

t.test("regression: a --client-id that is not the account's is a setup mistake", async (t) => {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const foreign = clientsOf(mock.mock.store).find(
    (c) => mock.mock.store.userById(c.user_id)!.company_id !== mock.mock.store.userById(1)!.company_id,
  )!;
  await t.rejects(
    runContracts(
      {
        baseUrl: url,
        world: 'default',
        credentials: demo,
        timeoutMs: 5000,
        allowDestructive: true,
        clientId: foreign.id,
      },
      await spec(),
    ),
    {
      name: 'RunAborted',
      message: new RegExp(
        `^--client-id ${foreign.id} is not a client of this account \\(room/get-by-client-id answered 404\\)`,
      ),
    },
  );
  t.ok(mock.mock.store.client(foreign.id), 'nothing was deleted');
});

t.test(
  'regression: --only and --skip with a name that is no operationId or tag is a usage error naming the nearest',
  async (t) => {
    const mock = await buildMock({ spec: await spec(), rateLimit: false });
    const url = await mock.listen({ host: '127.0.0.1', port: 0 });
    t.teardown(() => mock.close());
    await t.rejects(
      runContracts({ baseUrl: url, world: 'default', credentials: demo, only: ['listClient'] }, await spec()),
      {
        name: 'ContractOptionsError',
        code: 'MCS_ERR_CONTRACT_OPTIONS',
        options: ['only'],
        message:
          /^only names listClient, which is no operationId or tag of the spec \(did you mean listClients\?\); tags: .*Clients.*; operationIds: .*listCountries/,
      },
    );
    await t.rejects(
      runContracts({ baseUrl: url, world: 'default', credentials: demo, skip: ['zzzzzzzzzzzz'] }, await spec()),
      {
        message: /^skip names zzzzzzzzzzzz, which is no operationId or tag of the spec; tags:/,
      },
    );
  },
);

t.test('writes: the update round-trip and all measurement forms', async (t) => {
  const { report } = await against(t, { rateLimit: false }, { allowWrites: true });
  noFailures(t, report);
  t.equal(
    report.results.filter((r) => r.group === 'writes' && r.verdict === 'pass').length,
    6,
    'four forms, the update, the awning_type refused',
  );
});

t.test('destructive: the named client is deleted and gone', async (t) => {
  const { report, mock } = await against(
    t,
    { rateLimit: false },
    { allowDestructive: true, allowWrites: true, clientId: 146 },
  );
  noFailures(t, report);
  t.equal(report.results.find((r) => r.id === 'sequences:deleted-client-gone')?.verdict, 'pass');
  t.notOk(mock.mock.store.client(146), 'client 146 is gone');
  t.ok(mock.mock.store.client(140), 'and only that one');
});

t.test('rate limit: the call past the limit answers 429; the suite waits out its own throttling', async (t) => {
  // A window long enough that the run's own calls reach the limit inside it even on a loaded machine.
  const { report } = await against(t, { rateLimit: { windowMs: 4000 } }, { checkRateLimit: true, maxWaitMs: 30_000 });
  noFailures(t, report);
  t.equal(report.results.find((r) => r.group === 'rate-limit')?.verdict, 'pass');
  t.ok(
    report.results.some((r) => r.notes.some((n) => /throttled \(429\)/.test(n))),
    'it was throttled and waited',
  );
});

t.test('--only and --skip select operations and tags', async (t) => {
  const { report } = await against(t, { rateLimit: false }, { only: ['Clients'], skip: ['deleteClient'] });
  const ran = new Set(report.results.filter((r) => r.verdict !== 'skip').map((r) => r.operationId));
  t.ok(ran.has('listClients') && ran.has('updateClient'));
  t.notOk(ran.has('deleteClient'));
  t.notOk(ran.has('listCountries'));
  t.equal(report.summary.operations.total, 3, 'three Clients operations selected');
  const ids = report.ledger!.entries.map((e) => e.id);
  t.ok(
    ids.includes('/components/schemas/ClientPage/properties/from'),
    "the ledger holds the selected operations' assumptions",
  );
  t.notOk(ids.includes('/paths/~1user~1signup/post'), "and not the others'");
  const selected = new Set(['listClients', 'listCompanyClients', 'updateClient']);
  t.same(
    report.ledger!.entries.filter((e) => !e.operations.every((o) => selected.has(o))),
    [],
    "the ledger holds the selected operations' assumptions only",
  );
});
