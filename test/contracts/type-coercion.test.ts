// The suite against deployments that take a scalar of another type for a
// field's own (Spring's Jackson: the blind Spring staging, and the mock with
// x-type-coercion accepted) and against ones that refuse it (the staging with
// ALLOW_COERCION_OF_SCALARS off, 400; the mock as the spec is, 422), read-only
// and with a fuzz budget. The document shows no answer to a wrong type, so a
// coercion taken is never a failure: negative:type sends a type no framework
// takes and passes, the fuzz's 1.5 for an integer and 12345 for a string rest
// on their node, and each node is contradicted with the patch that sets
// `accepted`, or confirmed where the deployment refuses.
import t from 'tap';
import { specPatchOf } from '../../contracts/reporters/spec-patch.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions, RunReport } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { buildSpec, type RawNode } from '../../spec/load.js';
import { applyPatchToJson } from '../../spec/yaml-patch.js';
import { spec } from '../helpers/mock.js';
import { DEFAULT_ACCOUNTS, startSpringStaging } from '../helpers/spring-staging/index.js';

const NODES = ['number-as-string', 'fraction-as-integer', 'boolean-as-string'].map((n) => `/x-type-coercion/${n}`);

/** A deployment: its base URL and the accounts to run with; closed by the test. */
type Start = () => Promise<{ url: string; run: Partial<RunOptions>; close: () => Promise<unknown> }>;

const spring =
  (deviations: 'strict-coercion'[]): Start =>
  async () => {
    const st = await startSpringStaging({ deviations });
    const a = DEFAULT_ACCOUNTS;
    return {
      url: new URL(st.url).origin,
      run: { credentials: a.main, nosub: a.nosub, passwordAccount: a.password },
      close: () => st.close(),
    };
  };

const mock =
  (accepted: boolean): Start =>
  async () => {
    const raw = structuredClone((await spec()).raw) as RawNode;
    for (const node of Object.values<RawNode>(raw['x-type-coercion']))
      if (node?.['x-assumed']) node.accepted = accepted;
    const app = await buildMock({ spec: await buildSpec(raw), rateLimit: false });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    return {
      url,
      run: { credentials: { email: 'demo@example.com', password: 'demo-password' } },
      close: () => app.close(),
    };
  };

interface Row {
  name: string;
  start: Start;
  /** The deployment takes the coercions. */
  takes: boolean;
  /** Every check passes (our own mock); the staging's other findings are other families'. */
  clean: boolean;
  /** With --fuzz 30 --seed 1, a generated request sends a fraction for an integer that the deployment takes
   *  (the triage's client_id 1.5 to room/get). */
  fuzzTakesFraction?: boolean;
}

const ROWS: Row[] = [
  {
    name: 'the Spring staging (Jackson coerces)',
    start: spring([]),
    takes: true,
    clean: false,
    fuzzTakesFraction: true,
  },
  { name: 'the Spring staging, coercion off (400)', start: spring(['strict-coercion']), takes: false, clean: false },
  { name: 'the mock with x-type-coercion accepted', start: mock(true), takes: true, clean: true },
  { name: 'the mock as the spec is (422)', start: mock(false), takes: false, clean: true },
];

const MODES: Array<[string, Partial<RunOptions>]> = [
  ['read-only', {}],
  ['fuzz 30', { fuzz: 30, seed: 1 }],
];

const failed = (r: RunReport) => r.results.filter((c) => c.verdict === 'fail');

for (const row of ROWS)
  for (const [mode, options] of MODES)
    t.test(`${row.name}, ${mode}`, async (t) => {
      const d = await row.start();
      t.teardown(d.close);
      const report = await runContracts(
        { baseUrl: d.url, timeoutMs: 10_000, deadlineMs: 120_000, ...d.run, ...options } as RunOptions,
        await spec(),
      );
      if (row.clean)
        t.same(
          failed(report).map((c) => c.id),
          [],
          'no check fails',
        );
      const typed = report.results.filter((c) => /^negative:[^:]+:type$/.test(c.id));
      t.ok(typed.length > 10, 'negative:type ran on every operation with a typed field');
      t.same(
        typed.filter((c) => c.verdict !== 'pass').map((c) => c.id),
        [],
        'a type no framework takes: refused',
      );
      // Whatever else the staging gets wrong, no wrong type is among its failures.
      const wrongType = failed(report).flatMap((c) => c.problems.filter((p) => /of the wrong type/.test(p.message)));
      t.same(
        wrongType.map((p) => p.message),
        [],
        'no failure for a wrong type',
      );
      for (const id of NODES) {
        const e = report.ledger!.entries.find((x) => x.id === id);
        t.equal(e?.status, row.takes ? 'contradicted' : 'confirmed', `${id} ${e?.status}`);
        if (!row.takes) continue;
        t.same(
          e?.patch,
          [
            { op: 'test', path: `${id}/accepted`, value: false },
            { op: 'replace', path: `${id}/accepted`, value: true },
          ],
          'with the patch that sets accepted',
        );
      }
      if (row.fuzzTakesFraction && options.fuzz) {
        // The fuzz's fraction for an integer is among what shows the node, not a failure.
        const fraction = report.ledger!.entries.find((x) => x.id === '/x-type-coercion/fraction-as-integer');
        t.match(
          fraction?.contradictions?.map((c) => c.message).join('\n'),
          /fuzz: "\w+": -?\d+\.5 \(of the wrong type\)/,
          'a fuzz case rests on the node',
        );
      }
    });

t.test(
  'the learning loop: the patch of a run against the staging makes the mock take what Jackson takes',
  async (t) => {
    const d = await spring([])();
    t.teardown(d.close);
    const run = (s: Awaited<ReturnType<typeof spec>>) =>
      runContracts({ baseUrl: d.url, timeoutMs: 10_000, ...d.run } as RunOptions, s);
    const patch = specPatchOf(await run(await spec())).filter((p) => p.path.startsWith('/x-type-coercion/'));
    t.same(
      patch.filter((p) => p.op === 'replace').map((p) => [p.path, p.value]),
      NODES.map((id) => [`${id}/accepted`, true]),
      'each coercion set accepted',
    );
    const raw = structuredClone((await spec()).raw) as RawNode;
    applyPatchToJson(raw, patch);
    const learnt = await buildSpec(raw);

    const app = await buildMock({ spec: learnt, rateLimit: false });
    t.teardown(() => app.close());
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/user/signin',
      headers: { platform: 'WEB' },
      payload: { email: 'demo@example.com', password: 'demo-password' },
    });
    const auth = { platform: 'WEB', authorization: `Bearer ${JSON.parse(signIn.body).data.api_token}` };
    for (const payload of [{ keyword: 12345 }, { keyword: true }, { page: 1.5 }]) {
      const r = await app.inject({ method: 'POST', url: '/api/v1/client/list', headers: auth, payload });
      t.equal(r.statusCode, 200, `the learnt mock takes ${JSON.stringify(payload)}`);
    }

    const again = await run(learnt);
    for (const id of NODES)
      t.equal(
        again.ledger!.entries.find((e) => e.id === id)?.status,
        'confirmed',
        `${id}: confirmed by the learnt spec`,
      );
  },
);
