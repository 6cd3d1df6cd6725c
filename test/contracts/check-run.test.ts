// Each check runs on a CheckRun of its own: what one check noted, received or
// found nothing in never reaches the next, an answer a check did not conform
// is still checked, and a check cannot call around its run. Against a canned
// transport, so that each answer is exactly what the test says.
import t from 'tap';
import { resolveRunOptions } from '../../contracts/options.js';
import { Session } from '../../contracts/session.js';
import type { Outcome, Request, Transport } from '../../lib/http.js';
import { createExchangeValidator } from '../../spec/exchange.js';
import { spec } from '../helpers/mock.js';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A session whose transport gives the answers in order (the last one again when they run out). */
async function sessionWith(answers: Answer[], maxWaitMs?: number) {
  const loaded = await spec();
  const ctx = resolveRunOptions({ baseUrl: 'http://127.0.0.1:9', credentials: { token: 'tok' }, maxWaitMs }, loaded);
  const sent: Request[] = [];
  const transport: Transport = {
    get count() {
      return sent.length;
    },
    async send(request): Promise<Outcome> {
      const a = answers[Math.min(sent.length, answers.length - 1)]!;
      sent.push(request);
      const text = a.body === undefined ? '' : JSON.stringify(a.body);
      const headers = { 'content-type': 'application/json', ...a.headers };
      return { request, status: a.status, headers, text, body: a.body, ms: 1 };
    },
  };
  return { s: new Session(ctx, loaded, createExchangeValidator(loaded), transport), sent };
}

/** The spec's own example of a profile answer, which conforms. */
const profile = async () => (await spec()).byId.get('getProfile')!.responses['200']!.examples[0];

const spec1 = { id: 'test:one', group: 'conformance' as const, title: 'one', operationId: 'getProfile' };
const spec2 = { id: 'test:two', group: 'conformance' as const, title: 'two', operationId: 'getProfile' };

t.test("a check's notes and nothing-to-check reason stay with it", async (t) => {
  const { s } = await sessionWith([{ status: 200, body: await profile() }]);
  const first = await s.check(spec1, async (run) => {
    run.note('a remark');
    run.nothingToCheck('the list was empty');
    return run.conform('getProfile', await run.call('getProfile', { body: {} }));
  });
  t.equal(first.verdict, 'skip', 'nothing to check: skipped');
  t.same(first.notes, ['a remark', 'the list was empty']);
  const second = await s.check(spec2, async (run) => run.conform('getProfile', await run.call('getProfile')));
  t.equal(second.verdict, 'pass', 'the next check is not skipped for the first one');
  t.same(second.notes, [], 'and has none of its notes');
});

t.test('an answer the check did not conform is checked when it ends, and only in that check', async (t) => {
  const { s } = await sessionWith([{ status: 200, body: { unexpected: true } }]);
  const first = await s.check(spec1, async (run) => {
    await run.call('getProfile', { body: {} });
    return [];
  });
  // Off the spec: a failure, or an observation where the profile's schema is x-assumed.
  t.not(first.verdict, 'pass', 'the unchecked answer is off the spec');
  t.ok(first.problems.length > 0);
  t.ok(first.problems[0]!.reproduce, 'shown with its exchange');
  const second = await s.check(spec2, async () => []);
  t.equal(second.verdict, 'pass', "the first check's answer is not judged again");
  t.same(second.problems, []);
});

t.test('a throttled wait is noted on the check that waited, not on the next', async (t) => {
  const { s, sent } = await sessionWith([{ status: 429, headers: { 'retry-after': '1' } }, { status: 200 }], 5);
  const first = await s.check(spec1, async (run) => {
    await run.call('getProfile', { body: {} });
    return [];
  });
  t.equal(sent.length, 2, 'the 429 was waited out and the call sent again');
  t.match(first.notes, [/^throttled \(429\) on getProfile; waited 0 s and retried$/]);
  const second = await s.check(spec2, async (run) => {
    await run.call('getProfile', { body: {} });
    return [];
  });
  t.same(second.notes, []);
});

t.test('a check cannot call through the session; the run itself can, outside checks', async (t) => {
  const { s, sent } = await sessionWith([{ status: 200 }]);
  const result = await s.check(spec1, async () => {
    await s.call('getProfile', { body: {} });
    return [];
  });
  t.equal(result.verdict, 'fail');
  t.match(result.problems[0]!.message, /could not complete: getProfile was called through the session/);
  t.equal(sent.length, 0, 'nothing was sent');
  await s.call('getProfile', { body: {} });
  t.equal(sent.length, 1, 'outside a check the session calls');
});
