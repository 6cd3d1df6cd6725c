// Hostile deployments (issue 19): answers that never end, bombs, bodies nested a
// million deep or holding a million violations, a server that trickles. Each
// ends as a finding in bounded memory and time, and the report can be written.
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import { REPORTERS } from '../../contracts/reporters/index.js';
import { renderJson } from '../../contracts/reporters/json.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunReport } from '../../contracts/types.js';
import { HOSTILE_TOKEN, startHostile } from '../../scripts/bench/hostile-servers.js';
import { brokenServer, type Defect } from '../helpers/broken.js';
import { pieces } from '../helpers/encoded-pieces.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const MiB = 1024 * 1024;

const on =
  (route: string, answer: Defect): Defect =>
  (ctx) =>
    ctx.path === route ? answer(ctx) : undefined;

function endless(): Readable {
  const chunk = Buffer.from(`{"status":"success","data":[${'1,'.repeat(8000)}`);
  return new Readable({
    read() {
      this.push(chunk);
    },
  });
}

const problems = (report: RunReport) => report.results.flatMap((r) => r.problems.map((p) => p.message));

t.test('regression: an endless answer is read up to --max-body and becomes a finding', async (t) => {
  const url = await brokenServer(
    t,
    on('/countries/index', ({ reply }) => reply.header('content-type', 'application/json').send(endless())),
  );
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 20_000, maxBodyBytes: MiB },
    await spec(),
  );
  t.ok(
    problems(report).some((m) =>
      /listCountries: the answer \(200\) was larger than 1 MiB \(counted after decompression\); reading stopped/.test(
        m,
      ),
    ),
    'named as too large',
    { found: problems(report).slice(0, 5) },
  );
  t.ok(report.summary.checks.passed > 100, 'the run went on');
});

t.test('regression: a compressed bomb stops at the decompressed limit', async (t) => {
  const bomb = gzipSync(Buffer.alloc(64 * MiB, 32)); // 64 MiB of spaces, about 64 KiB on the wire
  t.ok(bomb.length < MiB);
  const url = await brokenServer(
    t,
    on('/countries/index', ({ reply }) =>
      reply.header('content-type', 'application/json').header('content-encoding', 'gzip').send(bomb),
    ),
  );
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 20_000, maxBodyBytes: MiB },
    await spec(),
  );
  t.ok(
    problems(report).some((m) => /listCountries: the answer \(200\) was larger than 1 MiB/.test(m)),
    { found: problems(report).slice(0, 5) },
  );
});

t.test(
  'regression: a body nested a million deep is "nesting too deep", not "Maximum call stack size exceeded"',
  async (t) => {
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    const url = await brokenServer(
      t,
      on('/countries/index', ({ reply }) => reply.header('content-type', 'application/json').send(deep)),
    );
    const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 20_000 }, await spec());
    const found = problems(report);
    t.ok(
      found.some((m) =>
        /listCountries 200 came with a body that is not JSON \(JSON nested deeper than 512 levels: nesting too deep/.test(
          m,
        ),
      ),
      { found: found.slice(0, 5) },
    );
    t.notOk(found.some((m) => /call stack/i.test(m)));
    t.doesNotThrow(() => renderJson(report));
  },
);

t.test('regression: a body with 450,000 violations gives a report that can be written', async (t) => {
  // Under the half million values parsed (a million is refused unparsed: test/lib/limits.test.ts).
  const body = JSON.stringify({ status: 'success', data: new Array(450_000).fill(1) });
  const url = await brokenServer(
    t,
    on('/countries/index', ({ reply }) => reply.header('content-type', 'application/json').send(body)),
  );
  const report = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 20_000 }, await spec());
  const check = report.results.find((r) => r.operationId === 'listCountries' && r.verdict === 'fail')!;
  t.ok(check, 'the check fails');
  t.ok(check.problems.length <= 51, `at most 50 problems and one line for the rest (${check.problems.length})`);
  t.match(
    check.problems.at(-1)!.message,
    /more problems? not listed|more violations of the schema|more violations may follow/,
  );
  const json = renderJson(report);
  t.ok(json.length < 5 * MiB, `the JSON report stays small (${json.length} characters)`);
});

t.test('the per-run cap bounds every check together, and says so', async (t) => {
  const url = await brokenServer(t, ({ path, reply }) =>
    path === '/user/signin'
      ? undefined
      : reply.code(200).header('content-type', 'application/json').send('{"status":1}'),
  );
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 5000, maxProblemsPerRun: 10 },
    await spec(),
  );
  const listed = report.results.flatMap((r) => r.problems).filter((p) => !/not listed/.test(p.message));
  t.ok(listed.length <= 10, `${listed.length} problems listed`);
  t.ok(report.summary.checks.failed > 10, 'every failing check is still counted as failing');
  t.ok(
    report.results.some(
      (r) => r.verdict === 'fail' && r.problems.length === 1 && /not listed/.test(r.problems[0]!.message),
    ),
    'a check past the cap keeps a line saying its problems were not listed',
  );
});

t.test('regression: a server that trickles one byte a second ends at the run deadline', async (t) => {
  const url = await brokenServer(
    t,
    on('/adminroom/index', ({ reply }) => {
      let sent = 0;
      const text = '{"status":"success","data":[]}';
      const stream = new Readable({ read() {} });
      const timer = setInterval(
        () => (sent < text.length ? stream.push(text[sent++]) : (clearInterval(timer), stream.push(null))),
        1000,
      );
      stream.on('close', () => clearInterval(timer));
      return reply.header('content-type', 'application/json').send(stream);
    }),
  );
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 600_000, deadlineMs: 3000 },
    await spec(),
  );
  const deadline = report.results.find((r) => r.id === 'run:deadline');
  t.ok(deadline, 'the overrun is a finding');
  t.equal(deadline?.verdict, 'fail');
  t.match(deadline?.problems[0]?.message, /did not finish within 3 s \(--deadline\): \d+ checks were not run/);
  t.ok(
    problems(report).some((m) =>
      /listAdminRoomTypes: the run's deadline passed before the answer was complete/.test(m),
    ),
    'the call in flight is named',
  );
  t.ok(
    report.results.filter((r) => r.verdict === 'skip' && /deadline/.test(r.notes.join())).length > 10,
    'the rest is skipped, not run',
  );
  t.ok(report.summary.durationMs < 60_000, `ended in ${report.summary.durationMs} ms, not after the trickle`);
});

t.test('regression: a server that answers 429 to everything passes no check and covers no operation', async (t) => {
  const url = await brokenServer(t, ({ path, reply }) =>
    path === '/user/signin'
      ? undefined
      : reply
          .code(429)
          .header('content-type', 'application/json')
          .header('retry-after', '1')
          .send('{"message":"Too many requests. Please try again later.","status":429}'),
  );
  const notices: string[] = [];
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 5000, maxWaitMs: 2000, onNotice: (l) => notices.push(l) },
    await spec(),
  );
  const passed = report.results.filter((r) => r.verdict === 'pass');
  t.same(
    [...new Set(passed.map((r) => r.operationId))],
    ['signin'],
    'only checks of the sign-in, which the server answers, pass',
  );
  t.ok(report.summary.checks.failed > 100, `${report.summary.checks.failed} checks fail`);
  t.equal(report.summary.operations.covered, 1, 'no operation but signin counts as covered');
  t.ok(
    problems(report).some((m) =>
      /stayed throttled \(429\) after the waiting allowed \(--max-wait\): the check could not run/.test(m),
    ),
  );
  // The world probe's 429 is no throttle the run waits out: it is said once, as "not the mock".
  t.match(notices[0], /__mock\/worlds answered 429: not the mock/);
  const waits = notices.slice(1);
  t.match(
    waits[0],
    /^throttled \(429\) on \w+: waiting 1 s \(Retry-After: 1; 1 s of --max-wait left\)$/,
    'the wait is announced as it begins',
  );
  t.equal(waits.length, 2, 'and the waiting stops at the budget');
});

t.test(
  'regression: a server echoing each request base64-encoded (gzip- and deflate-compressed too) put the password and the session token into every report',
  async (t) => {
    const hostile = await startHostile('base64-echo');
    t.teardown(hostile.close);
    // Not 'account': the reports' own text says "--password-account-email".
    const password = 'Pa55-w0rd-of-the-QA-acc0unt';
    const report = await runContracts(
      { baseUrl: hostile.url, credentials: { email: 'qa@example.com', password }, timeoutMs: 20_000 },
      await spec(),
    );
    const secrets = [password, HOSTILE_TOKEN];
    const shown = report.results.flatMap((r) => r.problems).find((p) => p.reproduce?.response?.body);
    t.ok(shown, 'a report shows an echo as it came back');
    t.match(shown?.reproduce?.response?.body, /\[REDACTED\]/, 'masked in it');
    // What a check sends counts as much as what it receives: the QR sign-in sends the run's token.
    const qr = report.results
      .flatMap((r) => r.problems)
      .find((p) => p.reproduce?.request.url.endsWith('/user/qrcode_signin'))?.reproduce?.request;
    t.match(qr?.body, /^\{"qr_code":"\[REDACTED\]"/, 'the QR sign-in as sent, masked');
    t.same(pieces(JSON.stringify(report), secrets), [], 'nothing of a secret in the returned report');
    for (const [name, render] of Object.entries(REPORTERS))
      t.same(pieces(render(report), secrets), [], `nothing of a secret in the ${name} reporter`);
  },
);
