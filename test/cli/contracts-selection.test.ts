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
