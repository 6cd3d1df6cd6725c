// What the contract CLI prints of the checks --only leaves out: one summary
// line, not a line each (`--only listPlans` printed 141 "not selected" lines).
import t from 'tap';
import { main } from '../../cli/contracts.js';
import { buildMock } from '../../mock/build.js';
import { capture } from '../helpers/cli-io.js';
import { spec } from '../helpers/mock.js';

t.test('checks left out by --only are one summary line, and the selected ones are listed', async (t) => {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const io = capture();
  const argv = ['--base-url', url, '--only', 'listPlans'];
  t.equal(await main(argv, { MCS_EMAIL: 'demo@example.com', MCS_PASSWORD: 'demo-password' }, io), 0);
  const out = io.out.join('\n');
  t.notMatch(out, /because not selected by --only\/--skip/, 'no line per left-out check');
  const summary = out.match(/^skip selection {4}(\d+) checks of operations not selected by --only\/--skip$/m);
  t.ok(summary, 'one summary line');
  t.ok(Number(summary?.[1]) > 50, `it counts them (${summary?.[1]})`);
  t.match(out, /^ok {3}\S+ +listPlans: /m, 'the selected operation is listed');
});

t.test('the checks a stopped run did not begin are one line each reason, not a line each', async (t) => {
  // Ctrl-C printed some 150 lines "skip ... because not run: the run was interrupted (Ctrl-C)".
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const io = capture();
  let interrupt: () => void = () => undefined;
  io.onInterrupt = (stop) => {
    interrupt = stop;
    return () => undefined;
  };
  const stdout = io.stdout;
  io.stdout = (s) => {
    stdout(s);
    if (io.out.filter((l) => l.startsWith('ok ')).length === 3) interrupt();
  };
  const argv = [
    '--base-url',
    url,
    '--world',
    'default',
    '--reporter',
    'human',
    '--reporter',
    'json',
    '--out',
    'r.json',
  ];
  t.equal(await main(argv, { MCS_EMAIL: 'demo@example.com', MCS_PASSWORD: 'demo-password' }, io), 130);
  const out = io.out.join('\n');
  t.notMatch(out, /because not run: /, 'no line per check not begun');
  const line = out.match(/^skip stopped {6}(\d+) checks not run: the run was interrupted \(Ctrl-C\)$/m);
  t.ok(line, 'one line says how many');
  const json = JSON.parse(io.files.get('r.json') ?? '{}');
  const notRun = json.results.filter((r: { notes: string[] }) =>
    r.notes.includes('not run: the run was interrupted (Ctrl-C)'),
  ).length;
  t.ok(notRun > 50, `the report still lists each (${notRun})`);
  t.equal(Number(line?.[1]), notRun, 'the line counts them all');
  t.match(out, /^Verdict: none: the run was interrupted/m);
});

t.test('--only an operation whose records client/list finds: no skip says the account has no client', async (t) => {
  // --only getRoomsByClientId said "because the account has no client to read rooms of" (client/list was not
  // called), and listed checks of operations --only left out with reasons of their own.
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const io = capture();
  const argv = ['--base-url', url, '--world', 'default', '--only', 'getRoomsByClientId'];
  t.equal(await main(argv, { MCS_EMAIL: 'demo@example.com', MCS_PASSWORD: 'demo-password' }, io), 0);
  const out = io.out.join('\n');
  t.notMatch(out, /has no client|no client with a room was found/, 'no untrue reason');
  t.match(
    out,
    /^skip conformance {2}getRoomsByClientId: .*\n +because client\/list, where the run finds the account's clients, is not selected by --only\/--skip$/m,
  );
  const listed = [...out.matchAll(/^(?:ok|skip|FAIL|obs) +\S+ +(\w+): /gm)].map((m) => m[1]);
  t.same([...new Set(listed)], ['getRoomsByClientId'], 'no line of an operation --only left out');
});
