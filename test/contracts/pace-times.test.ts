// A paced run's checks each wait about an interval for their turn: that wait is
// shown apart from the check's own time (`ms` and `waitedMs`), as a 429's
// Retry-After is, so that no check reads as slow for the pace's sake; the
// answers' times (the slowest-operations table) hold no wait either.
import t, { type Test } from 'tap';
import { renderHtml } from '../../contracts/reporters/html.js';
import { progressLine, renderHuman } from '../../contracts/reporters/human.js';
import { runContracts } from '../../contracts/runner.js';
import type { CheckResult, RunReport } from '../../contracts/types.js';
import type { FetchLike } from '../../lib/http.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function mockUrl(t: Test): Promise<string> {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  return url;
}

const ran = (report: RunReport) => report.results.filter((r) => r.verdict !== 'skip' && r.group !== 'run');

t.test('a run paced to 600 a minute: each check its own ms, and its wait for the pace apart', async (t) => {
  const url = await mockUrl(t);
  const report = await runContracts({ baseUrl: url, credentials: demo, only: ['getProfile'], pace: 600 }, await spec());
  const checks = ran(report);
  t.ok(checks.length >= 3, `checks ran (${checks.length})`);
  const waited = checks.map((r) => r.waitedMs ?? 0);
  // Each check waits for its turn, and its own time and its wait together span its turn (100 ms apart): on a
  // loaded machine a check's own time eats into its wait (one waited 37 ms in CI), so no floor on the wait alone.
  t.ok(
    checks.every((r) => (r.waitedMs ?? 0) > 0 && r.ms + (r.waitedMs ?? 0) >= 50),
    `every check waited for its turn (100 ms apart): ${checks.map((r) => `${r.ms}+${r.waitedMs ?? 0}`).join(', ')} ms`,
  );
  // Against a local mock, a check's own time is a few milliseconds a request; its waits are 100 ms a request.
  t.ok(
    sum(checks.map((r) => r.ms)) < sum(waited) / 2,
    `own ${sum(checks.map((r) => r.ms))} ms < waited ${sum(waited)} ms / 2`,
  );
  t.ok(
    (report.summary.waitedMs ?? 0) >= sum(waited),
    `the run's waits (${report.summary.waitedMs} ms) hold the checks'`,
  );
  const p95 = Math.max(...report.timing!.operations.map((o) => o.p95Ms));
  t.ok(p95 < 100, `no answer's time holds a wait (p95 at most ${p95} ms)`);
  const line = progressLine(checks[0]!);
  t.match(line, /\(\d+ ms, and \d+ ms waiting for the pace or a Retry-After\)$/m, line);
  t.match(renderHuman(report), /time: \d+\.\d s \(\d+\.\d s of it waiting for the pace or a Retry-After\)/);
  t.match(renderHtml(report), /<span class="waited">\+ \d+ ms waiting for the pace or a Retry-After<\/span>/);
});

t.test("a 429's Retry-After waited out is a wait, not the check's time", async (t) => {
  const url = await mockUrl(t);
  let throttled = 0;
  const fetch: FetchLike = async (input, init) => {
    // The first profile read is throttled once, for a second.
    if (String(input).endsWith('/user/get_profile') && throttled++ === 0)
      return new Response('{"message":"Too Many Attempts."}', {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      });
    return globalThis.fetch(input, init);
  };
  const report = await runContracts({ baseUrl: url, credentials: demo, only: ['getProfile'], fetch }, await spec());
  const slow = report.results.find((r) => r.notes.some((n) => /throttled \(429\)/.test(n)));
  t.ok(slow, 'a check waited out the 429');
  t.ok((slow!.waitedMs ?? 0) >= 900, `its wait: ${slow!.waitedMs} ms`);
  t.ok(slow!.ms < 500, `its own time: ${slow!.ms} ms`);
});

t.test('an unpaced run that waits for nothing shows no waits', async (t) => {
  const url = await mockUrl(t);
  const report = await runContracts({ baseUrl: url, credentials: demo, only: ['getProfile'], pace: 0 }, await spec());
  t.same(
    report.results.filter((r: CheckResult) => r.waitedMs !== undefined).map((r) => r.id),
    [],
  );
  t.equal(report.summary.waitedMs, undefined);
  t.notMatch(renderHuman(report), /waiting for the pace/);
});

t.test('a wait that rounds to nothing is not said: "0.0 s of it waiting for the pace"', async (t) => {
  // An unpaced run measures a millisecond or so between some requests (the HTML said "(0.0 s of it waiting ...)").
  const url = await mockUrl(t);
  const report = await runContracts({ baseUrl: url, credentials: demo, only: ['getProfile'], pace: 0 }, await spec());
  for (const [waitedMs, said] of [
    [1, undefined],
    [49, undefined],
    [50, '0.1'],
    [190_200, '190.2'],
  ] as const) {
    const r = { ...report, summary: { ...report.summary, waitedMs } };
    for (const [name, text] of [
      ['human', renderHuman(r)],
      ['html', renderHtml(r)],
    ] as const) {
      if (said) t.match(text, `(${said} s of it waiting for the pace or a Retry-After)`, `${name}: ${waitedMs} ms`);
      else t.notMatch(text, /s of it waiting|0\.0 s of waiting/, `${name}: ${waitedMs} ms is not said`);
    }
  }
});
