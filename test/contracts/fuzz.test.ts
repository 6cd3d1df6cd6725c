// --fuzz against the mock: nothing found, every operation fuzzed, nothing that
// exists changed (read-only), only the run's own records written
// (--allow-writes), the same requests for the same seed, and the run's
// selection, deadline and flags respected.
import t, { type Test } from 'tap';
import { type Io, main, parseContractArgs } from '../../cli/contracts.js';
import { isTargetId, NO_SUCH_ID } from '../../contracts/checks/negative.js';
import { MADE_UP_TOKEN } from '../../contracts/fuzz/safety.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { GeneratedWorld } from '../../fixtures/world.js';
import type { FetchLike } from '../../lib/http.js';
import { buildMock } from '../../mock/build.js';
import { MemoryStore } from '../../mock/store/memory-store.js';
import type { OverlaySnapshot } from '../../mock/store/overlay.js';
import { spec } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
/** The reads, as the spec marks them (x-read). */
const READS = new Set((await spec()).operations.filter((o) => o.read).map((o) => o.operationId));

interface Sent {
  operationId: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A mock, and a run whose requests made by the fuzz group are recorded. */
async function fuzzRun(t: Test, run: Partial<RunOptions>) {
  const loaded = await spec();
  const mock = await buildMock({ spec: loaded, rateLimit: false });
  const base = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const sent: Sent[] = [];
  const notices: string[] = [];
  let fuzzing = false;
  const opOf = (path: string) =>
    loaded.operations.find((o) => new RegExp(`^/api/v1${o.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path));
  const recording: FetchLike = async (input, init) => {
    const url = new URL(input);
    if (fuzzing)
      sent.push({
        operationId: opOf(url.pathname)?.operationId ?? '?',
        method: String(init.method),
        url: `${url.pathname}${url.search}`,
        headers: init.headers as Record<string, string>,
        body: typeof init.body === 'string' ? init.body : undefined,
      });
    return fetch(input, init);
  };
  const before = JSON.stringify(mock.mock.store.snapshot().overlay);
  const started = performance.now();
  const report = await runContracts(
    {
      baseUrl: base,
      world: 'default',
      credentials: demo,
      timeoutMs: 5000,
      fetch: recording,
      onNotice: (line) => {
        notices.push(line);
        fuzzing ||= line.startsWith('fuzz:');
      },
      onResult: (r) => {
        if (r.group !== 'fuzz') fuzzing = false;
      },
      ...run,
    },
    loaded,
  );
  const ms = Math.round(performance.now() - started);
  return { report, sent, notices, mock, before, ms, loaded };
}

const failures = (report: Awaited<ReturnType<typeof runContracts>>) =>
  report.results
    .filter((r) => r.verdict === 'fail' || r.verdict === 'observation')
    .map((r) => `${r.id}: ${r.problems.map((p) => p.message).join('; ')}`);

t.test('--fuzz 200 against the mock: nothing found, every operation fuzzed, nothing changed', async (t) => {
  const { report, sent, notices, mock, before, ms, loaded } = await fuzzRun(t, { fuzz: 200, seed: 7 });
  t.same(failures(report), [], 'no failure and no observation');
  t.same(report.modes, ['read-only', 'fuzz 200 (seed 7)']);
  t.match(notices, [
    /^fuzz: 200 requests per operation \(its boundary values first, then generated ones\), seed 7 \(--seed 7 repeats them\)$/,
  ]);
  t.equal(report.summary.operations.covered, report.summary.operations.total, 'every operation covered');
  const verdict = (id: string) => report.results.find((r) => r.id === id)?.verdict;
  const ids = loaded.operations.map((o) => o.operationId);
  t.same(
    ids.filter((id) => verdict(`fuzz:${id}:invalid`) !== 'pass'),
    [],
    'every operation refuses its invalid requests',
  );
  t.same(
    ids.filter((id) => verdict(`fuzz:${id}:valid`) === 'pass'),
    ids.filter((id) => READS.has(id)),
    'every read answers its valid requests',
  );
  const skipped = report.results.filter((r) => r.group === 'fuzz' && r.verdict === 'skip');
  t.equal(skipped.length, ids.length - READS.size, 'the other operations get no valid request...');
  t.ok(
    skipped.every((r) => /^no valid requests: ./.test(r.notes[0] ?? '')),
    '...each with its reason',
  );
  const perOperation = new Map<string, number>();
  for (const s of sent) perOperation.set(s.operationId, (perOperation.get(s.operationId) ?? 0) + 1);
  t.same(
    ids.filter((id) => perOperation.get(id) !== 200),
    [],
    '200 generated requests to every operation',
  );
  t.comment(`--fuzz 200 against the mock: ${sent.length} generated requests, whole run ${ms} ms`);

  t.equal(JSON.stringify(mock.mock.store.snapshot().overlay), before, 'no record of the world changed');
  t.same(unsafe(sent), [], 'no generated write names a record that exists, carries a password or ends our session');
});

/** What a generated write must never do: name an existing record, carry a password, end the run's session. */
function unsafe(sent: Sent[]): string[] {
  const found: string[] = [];
  for (const s of sent.filter((x) => !READS.has(x.operationId))) {
    const body = s.body === undefined ? {} : JSON.parse(s.body);
    for (const [k, v] of Object.entries(body))
      if (isTargetId(k) && typeof v === 'number' && v !== NO_SUCH_ID) found.push(`${s.operationId}: ${k} ${v}`);
    if (Object.keys(body).some((k) => /password/.test(k))) found.push(`${s.operationId}: a password`);
    if (s.operationId === 'logout' && s.headers.authorization !== `Bearer ${MADE_UP_TOKEN}`)
      found.push(`logout with ${s.headers.authorization}`);
    if (s.operationId === 'resetPassword' && !s.url.endsWith('/contract-fuzz-unknown-token'))
      found.push(`resetPassword ${s.url}`);
  }
  return found;
}

t.test('--allow-writes: valid edits go to measurements the run added, nothing else changes', async (t) => {
  // Not updatePassword: under --allow-writes its sequence signs up an account of its own (users change).
  const { report, mock, before } = await fuzzRun(t, {
    fuzz: 30,
    seed: 11,
    allowWrites: true,
    skip: ['updatePassword'],
  });
  t.same(failures(report), []);
  const forms = [...report.results.filter((r) => r.group === 'fuzz' && /^fuzz:addEdit\w+:valid$/.test(r.id))];
  t.equal(forms.length, 4);
  for (const r of forms) t.equal(r.verdict, 'pass', `${r.operationId}: ${r.notes.join('; ')}`);
  const was = JSON.parse(before) as OverlaySnapshot;
  const now = mock.mock.store.snapshot().overlay;
  for (const kind of ['users', 'companies', 'subscriptions'] as const)
    t.same(now[kind], was[kind], `${kind} unchanged`);
  // The update-then-read sequence restores what it changed: the clients read as they were made.
  const store = mock.mock.store;
  t.same(
    clientsOf(store),
    clientsOf(new MemoryStore(new GeneratedWorld({ seed: store.seed, clients: store.size }))),
    'clients as they were',
  );
  // Measurements the world was made with have ids up to 45 a client (three rooms of fifteen).
  const generated = mock.mock.store.size * 45;
  t.same(
    now.measurements.filter((m) => m.id <= generated),
    was.measurements.filter((m) => m.id <= generated),
    'every measurement that was there is as it was',
  );
  const added = now.measurements.length - was.measurements.length;
  t.equal(added, 8, 'four added by the writes checks, four by the fuzz checks (one per form), none per case');
});

t.test('the same seed sends the same requests; another seed others', async (t) => {
  const only = ['listClients', 'updateClient', 'getSettings'];
  const shape = (sent: Sent[]) => sent.map((s) => `${s.method} ${s.url} ${s.headers.platform} ${s.body}`);
  const a = await fuzzRun(t, { fuzz: 12, seed: 5, only });
  const b = await fuzzRun(t, { fuzz: 12, seed: 5, only });
  const c = await fuzzRun(t, { fuzz: 12, seed: 6, only });
  t.equal(a.sent.length, 36);
  t.same(shape(b.sent), shape(a.sent), 'seed 5 twice: the same requests');
  t.not(JSON.stringify(shape(c.sent)), JSON.stringify(shape(a.sent)), 'seed 6: other requests');
});

t.test('without --seed one is drawn and told; --only selects the operations fuzzed', async (t) => {
  const { report, notices } = await fuzzRun(t, { fuzz: 4, only: ['getProfile'] });
  const seed = /fuzz 4 \(seed (\d+)\)/.exec(report.modes.join())?.[1];
  t.ok(seed, `the report names the seed: ${report.modes}`);
  t.match(notices, [new RegExp(`seed ${seed} \\(--seed ${seed} repeats them\\)`)]);
  const fuzz = report.results.filter((r) => r.group === 'fuzz');
  t.same(
    fuzz.filter((r) => r.verdict === 'pass').map((r) => r.id),
    ['fuzz:getProfile:valid', 'fuzz:getProfile:invalid'],
  );
  t.ok(
    fuzz.filter((r) => r.operationId !== 'getProfile').every((r) => r.notes[0] === 'not selected by --only/--skip'),
    'the others not run',
  );
});

t.test('no --fuzz, no fuzz group', async (t) => {
  const { report } = await fuzzRun(t, { only: ['getProfile'] });
  t.notOk(
    report.results.some((r) => r.group === 'fuzz'),
    'no fuzz check',
  );
  t.same(report.modes, ['read-only']);
});

t.test("the run's deadline ends a long fuzz run on time", async (t) => {
  const { report, ms } = await fuzzRun(t, { fuzz: 1_000_000, seed: 3, deadlineMs: 1500, only: ['listClients'] });
  // A million cases take hours: ten seconds is the deadline kept, with room for a machine busy with other work.
  t.ok(ms < 10_000, `ended in ${ms} ms`);
  t.match(report.results.at(-1), { id: 'run:deadline', verdict: 'fail' });
  t.ok(report.results.some((r) => r.group === 'fuzz' && r.verdict !== 'skip'));
});

t.test('--fuzz N and --seed N on the command line; a bad value is a usage error (exit 2)', async (t) => {
  const env = { MCS_EMAIL: 'a@example.com', MCS_PASSWORD: 'p' };
  const p = parseContractArgs(['--base-url', 'http://h', '--fuzz', '200', '--seed', '7'], env);
  t.match(p, { ok: true, plan: { options: { fuzz: 200, seed: 7 } } });
  const none = parseContractArgs(['--base-url', 'http://h'], env);
  t.match(none, { ok: true, plan: { options: { fuzz: undefined, seed: undefined } } });
  for (const bad of [
    ['--fuzz', 'x'],
    ['--fuzz', '-1'],
    ['--seed', '1.5'],
    ['--seed', String(2 ** 31)],
  ]) {
    const err: string[] = [];
    const io: Io = { stdout: () => undefined, stderr: (s) => void err.push(s), writeFile: async () => undefined };
    t.equal(await main(['--base-url', 'http://h', ...bad], env, io), 2, bad.join(' '));
    t.match(err.join('\n'), new RegExp(bad[0]!), 'the refusal names the flag');
  }
});
