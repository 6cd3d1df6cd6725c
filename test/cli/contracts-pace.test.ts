// --pace and --base-path on the command line: each form read, each bad one refused
// with one line naming the flag (exit 2), before any request.
import t from 'tap';
import { main, parseContractArgs } from '../../cli/contracts.js';
import { buildMock } from '../../mock/build.js';
import { loadSpec } from '../../spec/load.js';
import { capture } from '../helpers/cli-io.js';

const base = ['--base-url', 'http://h', '--token', 't'];

t.test('--pace: a rate, off or 0, or absent (the library decides)', async (t) => {
  const table: Array<[string[], number | undefined]> = [
    [[], undefined],
    [['--pace', 'off'], 0],
    [['--pace', '0'], 0],
    [['--pace', '30'], 30],
    [['--pace=120'], 120],
  ];
  for (const [argv, pace] of table) {
    const p = parseContractArgs([...base, ...argv], {});
    t.ok(p.ok && p.plan.options.pace === pace, `${argv.join(' ') || '(none)'} gives ${pace}`);
  }
  for (const bad of ['1.5', 'fast', '-1', '1000001', 'OFF', '']) {
    const p = parseContractArgs([...base, `--pace=${bad}`], {});
    t.notOk(p.ok, `--pace=${bad} refused`);
    if (!p.ok) t.match(p.message, /--pace takes 0 to 1000000 requests a minute, or off/);
  }
});

t.test('--base-path: given as is to the library, which says what it cannot take', async (t) => {
  for (const [argv, path] of [
    [[], undefined],
    [['--base-path', '/'], '/'],
    [['--base-path='], ''],
    [['--base-path', '/v2'], '/v2'],
  ] as Array<[string[], string | undefined]>) {
    const p = parseContractArgs([...base, ...argv], {});
    t.ok(p.ok && p.plan.options.basePath === path, `${argv.join(' ') || '(none)'} gives ${JSON.stringify(path)}`);
  }
  for (const bad of ['api/v1', '/a/../b', '/a?x=1']) {
    const io = capture();
    const code = await main(['--base-url', 'http://h', '--base-path', bad], { MCS_TOKEN: 't' }, io);
    t.equal(code, 2, `${bad}: exit 2`);
    t.match(io.err, [/^contracts: --base-path must /], `${bad}: one line naming the flag`);
    t.equal(io.err.length, 1);
  }
});

t.test(
  'a paced run says its size on standard error before the first check, and its report names the pace',
  async (t) => {
    const mock = await buildMock({ spec: await loadSpec(), rateLimit: false });
    const url = await mock.listen({ host: '127.0.0.1', port: 0 });
    t.teardown(() => mock.close());
    const io = capture();
    const env = { MCS_EMAIL: 'demo@example.com', MCS_PASSWORD: 'demo-password' };
    const code = await main(
      ['--base-url', url, '--pace', '6000', '--only', 'getProfile', '--reporter', 'json'],
      env,
      io,
    );
    t.equal(code, 0);
    t.match(
      io.err[0],
      /^contracts: about \d+ requests, paced to 6000 a minute: about \d+ s \(--pace off to send at full speed\)$/,
    );
    t.match(JSON.parse(io.out.at(-1)!).modes, ['read-only', 'paced to 6000 a minute']);
    const unpaced = capture();
    t.equal(await main(['--base-url', url, '--only', 'getProfile', '--reporter', 'json'], env, unpaced), 0);
    // The one line said against loopback is the world probe's (contracts/world.ts), never a pace.
    t.same(
      unpaced.err.filter((l) => !l.includes('/__mock/worlds')),
      [],
      'against loopback, no pace and nothing else said',
    );
  },
);
