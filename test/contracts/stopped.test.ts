// A run that does not go to its end, as a library sees it: RunOptions.signal
// stops it and the report so far comes back marked interrupted; a RunAborted
// carries the report so far, marked aborted.
import t, { type Test } from 'tap';
import { runContracts } from '../../contracts/runner.js';
import { RunAborted } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };

async function mockUrl(t: Test): Promise<string> {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  return url;
}

t.test('signal: the run stops after the check under way, and its report says why', async (t) => {
  const table: Array<[string, unknown, string]> = [
    ['a reason in words', 'stopped by the caller', 'stopped by the caller'],
    ['no reason', undefined, 'the run was interrupted'],
  ];
  for (const [name, reason, said] of table) {
    const url = await mockUrl(t);
    const stop = new AbortController();
    let seen = 0;
    const report = await runContracts(
      {
        baseUrl: url,
        world: 'default',
        credentials: demo,
        signal: stop.signal,
        onResult: () => void (++seen === 5 && stop.abort(reason)),
      },
      await spec(),
    );
    t.same(report.stopped, { kind: 'interrupted', reason: said }, name);
    const run = report.results.filter((r) => r.verdict !== 'skip');
    t.ok(run.length >= 5 && run.length <= 6, `${name}: the checks so far (${run.length})`);
    t.ok(
      report.results.filter((r) => r.notes.includes(`not run: ${said}`)).length > 50,
      `${name}: the rest skipped as not run`,
    );
    t.equal(report.summary.checks.failed, 0, `${name}: nothing failed for it`);
    t.notOk(
      report.results.some((r) => r.id === 'run:deadline'),
      `${name}: no overrun made up`,
    );
  }
});

t.test('a RunAborted carries the report so far, marked aborted', async (t) => {
  const url = await mockUrl(t);
  const err = await runContracts(
    { baseUrl: url, world: 'default', credentials: { ...demo, password: 'not-it-123' } },
    await spec(),
  ).catch((e: unknown) => e);
  t.ok(err instanceof RunAborted);
  const { report } = err as RunAborted;
  t.same(report?.stopped, { kind: 'aborted', reason: (err as Error).message });
  t.same(
    report?.results.map((r) => r.id),
    ['conformance:signin'],
    'the results so far',
  );
  t.notMatch(JSON.stringify(report), /not-it-123/, 'redacted');
});
