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
  // Each check waits for its turn, shown on the check. Not every check: on a loaded machine the time between two
  // checks (outside both) can eat a whole turn, so a check finds its slot passed and waits none (one of six, once
  // in three runs beside two busy CPUs, where an earlier floor of 50 ms on own time and wait together failed).
  const waiting = checks.filter((r) => (r.waitedMs ?? 0) > 0).length;
  t.ok(
    waiting >= checks.length / 2,
    `the checks show their waits for their turns (100 ms apart), ${waiting} of ${checks.length}: ${checks.map((r) => `${r.ms}+${r.waitedMs ?? 0}`).join(', ')} ms`,
  );
  // Were a check's wait counted in its own time, each check's ms would be at least its wait, and the sums too;
  // no tighter ratio, since a loaded machine's own time eats into the waits (CI: own 80 ms, waited 421 ms).
  t.ok(sum(checks.map((r) => r.ms)) < sum(waited), `own ${sum(checks.map((r) => r.ms))} ms < waited ${sum(waited)} ms`);
  t.ok(
    (report.summary.waitedMs ?? 0) >= sum(waited),
    `the run's waits (${report.summary.waitedMs} ms) hold the checks'`,
  );
  // Each profile read is one of the checks' requests, so its answer fits in a check's own time, which holds no
  // wait (above); an answer that held its wait would not. No fixed bound: a loaded machine slows every answer.
  const profile = report.timing!.operations.find((o) => o.operationId === 'getProfile');
  const ownMax = Math.max(...checks.map((r) => r.ms));
  t.ok(profile && profile.maxMs <= ownMax + 1, `no answer's time holds a wait (${profile?.maxMs} ms <= ${ownMax} ms)`);
  const line = progressLine(checks.find((r) => r.waitedMs)!);
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
