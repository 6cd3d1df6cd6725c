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

/** The spec's own example of a client list answer, its first client's created_at changed by `stamp`. */
const clientsWith = async (stamp: (at: string) => string, items = 1) => {
  const example = structuredClone((await spec()).byId.get('listClients')!.responses['200']!.examples[0]) as {
    data: { data: { created_at: string }[] };
  };
  const first = example.data.data[0]!;
  example.data.data = Array.from({ length: items }, () => ({ ...first, created_at: stamp(first.created_at) }));
  return example;
};
const noMicros = (at: string) => at.replace(/\.\d+Z$/, 'Z');
/** The spec's own example of a client list answer, its total (an integer) given as `total`. */
const totalAs = async (total: unknown) => {
  const example = structuredClone((await spec()).byId.get('listClients')!.responses['200']!.examples[0]) as {
    data: { total: unknown };
  };
  example.data.total = total;
  return example;
};
const listing = (id: string) => ({ id, group: 'paging' as const, title: id, operationId: 'listClients' });

// One defect of an answer's shape is one failed check: the check that found it first fails, every later check
// that meets it again says so in a note and is judged on the rest. What may be two defects stays two failures.
const repeats: {
  name: string;
  first: Answer;
  second: Answer;
  secondOperation?: string;
  /** The second check's verdict, and whether a note names the first check. */
  verdict: 'pass' | 'fail';
  noted: boolean;
}[] = [
  {
    name: 'the same place of the same answer, off its schema',
    first: { status: 200, body: await clientsWith(noMicros) },
    second: { status: 200, body: await clientsWith(noMicros) },
    verdict: 'pass',
    noted: true,
  },
  {
    name: 'the same place at one item and at twenty (another message: "at 20 places")',
    first: { status: 200, body: await clientsWith(noMicros, 1) },
    second: { status: 200, body: await clientsWith(noMicros, 20) },
    verdict: 'pass',
    noted: true,
  },
  {
    name: 'the same place broken otherwise (month 13: the pattern kept, the date-time format broken)',
    first: { status: 200, body: await clientsWith(noMicros) },
    second: { status: 200, body: await clientsWith(() => '2026-13-05T09:30:00.000000Z') },
    verdict: 'fail',
    noted: false,
  },
  {
    name: "another operation's answer",
    first: { status: 200, body: await clientsWith(noMicros) },
    second: { status: 200, body: await clientsWith(noMicros) },
    secondOperation: 'listCompanyClients',
    verdict: 'fail',
    noted: false,
  },
  {
    name: 'the same place with a value of another JSON type (total null where the first had "20")',
    first: { status: 200, body: await totalAs('20') },
    second: { status: 200, body: await totalAs(null) },
    verdict: 'fail',
    noted: false,
  },
  {
    name: 'a status the spec lacks, answered to two requests (two causes, perhaps)',
    first: { status: 502, body: { message: 'Bad Gateway' } },
    second: { status: 502, body: { message: 'Bad Gateway' } },
    verdict: 'fail',
    noted: false,
  },
];

for (const r of repeats)
  t.test(`regression: one defect met by two checks: ${r.name}`, async (t) => {
    const { s } = await sessionWith([r.first, r.second]);
    const one = await s.check(listing('test:first'), async (run) =>
      run.conform('listClients', await run.call('listClients')),
    );
    t.equal(one.verdict, 'fail', 'the check that finds it first fails');
    const op = r.secondOperation ?? 'listClients';
    const two = await s.check({ ...listing('test:second'), operationId: op }, async (run) =>
      run.conform(op, await run.call(op)),
    );
    t.equal(two.verdict, r.verdict, `the check that meets it next: ${r.verdict}`);
    const note = two.notes.find((n) => n.includes('test:first'));
    if (r.noted) {
      t.match(
        note,
        /^the same defect as test:first reports, counted there: listClients 200 \/data\/data\/\*\/created_at \(pattern\)$/,
      );
      t.same(two.problems, [], 'and it reports nothing of it');
    } else {
      t.equal(note, undefined, 'no note sends the reader to the first check');
      t.ok(two.problems.length > 0, 'its own finding is reported');
    }
  });

t.test('a check that meets a known defect and one of its own fails for its own, and notes the other', async (t) => {
  const { s } = await sessionWith([
    { status: 200, body: await clientsWith(noMicros) },
    { status: 200, body: await clientsWith(noMicros) },
  ]);
  await s.check(listing('test:first'), async (run) => run.conform('listClients', await run.call('listClients')));
  const two = await s.check(listing('test:second'), async (run) => [
    ...run.conform('listClients', await run.call('listClients')),
    { operationId: 'listClients', message: 'the walk repeated page 1', severity: 'error' as const },
  ]);
  t.equal(two.verdict, 'fail');
  t.same(
    two.problems.map((p) => p.message),
    ['the walk repeated page 1'],
  );
  t.match(two.notes, [/^the same defect as test:first reports/]);
});

t.test('within one check, a defect met on two answers stays its own finding', async (t) => {
  const { s } = await sessionWith([{ status: 200, body: await clientsWith(noMicros) }]);
  const one = await s.check(listing('test:first'), async (run) => [
    ...run.conform('listClients', await run.call('listClients')),
    ...run.conform('listClients', await run.call('listClients')),
  ]);
  t.equal(one.verdict, 'fail');
  t.same(one.notes, [], 'nothing sends the reader elsewhere');
});

t.test(
  'regression: a fact broken in an answer another check met as an observation fails the check that expects it',
  async (t) => {
    // The first check expects 2xx and meets a 403: what it finds in that body rests on the deployment's choice of
    // status (an observation); the subscription check expects the 403, and the same body breaks a fact there.
    const { s } = await sessionWith([{ status: 403, body: { nope: 1 } }]);
    const one = await s.check(listing('test:first'), async (run) =>
      run.conform('listClients', await run.call('listClients')),
    );
    const body = one.problems.filter((p) => p.keyword);
    t.ok(
      body.length > 0 && body.every((p) => p.severity === 'observation'),
      "the body's findings met first as observations",
    );
    const two = await s.check(listing('test:second'), async (run) =>
      run.conform('listClients', await run.call('listClients'), [403]),
    );
    t.equal(two.verdict, 'fail', 'a fact is an error where it is judged as one');
    t.notOk(
      two.notes.some((n) => n.includes('test:first')),
      'not folded into the observation',
    );
  },
);

t.test("regression: a read that answered a status another check reported is not every reader's failure", async (t) => {
  const { s } = await sessionWith([{ status: 500, body: { message: 'Server Error' } }]);
  const one = await s.check(listing('test:first'), async (run) =>
    run.conform('listClients', await run.call('listClients')),
  );
  t.equal(one.verdict, 'fail', 'the check that met it first fails');
  const two = await s.check(listing('test:second'), async (run) => {
    run.used('listClients', await run.call('listClients'));
    return [];
  });
  t.equal(
    two.verdict,
    'pass',
    `a check that only read the answer leaves it to the first: ${JSON.stringify(two.problems.map((p) => p.message))}`,
  );
});
