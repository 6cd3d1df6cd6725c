// Each report says why a run stopped once: the CLI's reason is itself
// "the run was interrupted (Ctrl-C)", and the reports wrapped it in their own
// words, "the run was interrupted (the run was interrupted (Ctrl-C))".
import t from 'tap';
import { REPORTERS } from '../../../contracts/reporters/index.js';
import { runContracts } from '../../../contracts/runner.js';
import type { RunReport } from '../../../contracts/types.js';
import { buildMock } from '../../../mock/build.js';
import { spec } from '../../helpers/mock.js';

const loaded = await spec();
const mock = await buildMock({ spec: loaded, rateLimit: false });
const url = await mock.listen({ host: '127.0.0.1', port: 0 });
t.teardown(() => mock.close());
const stop = new AbortController();
const base = await runContracts(
  {
    baseUrl: url,
    world: 'default',
    credentials: { email: 'demo@example.com', password: 'demo-password' },
    signal: stop.signal,
    onResult: () => stop.abort('the run was interrupted (Ctrl-C)'),
  },
  loaded,
);

type Stopped = NonNullable<RunReport['stopped']>;
// [the stop, what each report says of it]
const table: Array<[Stopped, { human: RegExp; html: RegExp; junit: RegExp; summary: RegExp; github: RegExp }]> = [
  [
    { kind: 'interrupted', reason: 'the run was interrupted (Ctrl-C)' },
    {
      human: /^Verdict: none: the run was interrupted \(Ctrl-C\); the results above are those so far\./m,
      html: /id="stopped">The run was interrupted: Ctrl-C\. No verdict/,
      junit: /<error message="the run was interrupted: Ctrl-C" type="interrupted"\/>/,
      summary: /\*\*No verdict\*\*: the run was interrupted \(Ctrl-C\)\. Not checked: /,
      github: /Contract run interrupted::Ctrl-C/,
    },
  ],
  [
    { kind: 'interrupted', reason: 'the run was interrupted' },
    {
      human: /^Verdict: none: the run was interrupted; the results above/m,
      html: /id="stopped">The run was interrupted\. No verdict/,
      junit: /<error message="the run was interrupted" type="interrupted"\/>/,
      summary: /\*\*No verdict\*\*: the run was interrupted\. Not checked: /,
      github: /Contract run interrupted::the run was interrupted/,
    },
  ],
  [
    { kind: 'interrupted', reason: 'stopped by the caller' },
    {
      human: /^Verdict: none: the run was interrupted \(stopped by the caller\);/m,
      html: /id="stopped">The run was interrupted: stopped by the caller\. No verdict/,
      junit: /<error message="the run was interrupted: stopped by the caller"/,
      summary: /the run was interrupted \(stopped by the caller\)/,
      github: /Contract run interrupted::stopped by the caller/,
    },
  ],
  [
    { kind: 'aborted', reason: 'cannot reach https://staging.example.com/api/v1: connection refused' },
    {
      human:
        /^Verdict: none: the run was aborted \(cannot reach https:\/\/staging\.example\.com\/api\/v1: connection refused\);/m,
      html: /id="stopped">The run was aborted: cannot reach https:\/\/staging\.example\.com\/api\/v1: connection refused\./,
      junit:
        /<error message="the run was aborted: cannot reach https:\/\/staging\.example\.com\/api\/v1: connection refused"/,
      summary: /the run was aborted \(cannot reach https:\/\/staging\.example\.com\/api\/v1: connection refused\)/,
      github: /Contract run aborted::cannot reach/,
    },
  ],
];

t.test('a stopped run is said once, in every report', async (t) => {
  for (const [stopped, says] of table) {
    const report = { ...base, stopped };
    for (const [name, pattern] of Object.entries(says)) {
      const text = REPORTERS[name as keyof typeof says](report);
      t.match(text, pattern, `${name}: ${stopped.reason}`);
      t.notMatch(text, /the run was \w+ \(the run was|the run was \w+: the run was/i, `${name}: said once`);
    }
    t.match(
      REPORTERS.human(report),
      new RegExp(`^The run was ${stopped.kind.toUpperCase()}(: .+)? \\(the results so far\\)$`, 'm'),
    );
    t.notMatch(REPORTERS.human(report), /^The run was \w+: the run was/im);
  }
});

t.test('the HTML header counts in words: "1 request", "of 1 check"', async (t) => {
  // An aborted run's header read "0 passed, 1 failed, ... of 1 checks · ... · 1 requests in 0.9 s".
  const one = {
    ...base,
    summary: { ...base.summary, requests: 1, checks: { total: 1, passed: 0, failed: 1, observations: 0, skipped: 0 } },
  };
  const html = REPORTERS.html(one);
  t.match(html, /of 1 check · /);
  t.match(html, / · 1 request in \d/);
  t.match(REPORTERS.html(base), / · \d+ requests in \d/, 'more than one: the plural');
});
