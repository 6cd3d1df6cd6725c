// The bench's command line: every value checked, none clamped; --help and bad
// flags answered before any load starts.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parseBenchArgs } from '../../../scripts/bench/main.js';
import { TS } from '../../helpers/processes.js';

t.test('defaults and every flag', async (t) => {
  const cases: Array<[string[], Record<string, unknown>]> = [
    [
      [],
      {
        duration: 5,
        connections: 10,
        rounds: 3,
        'no-pin': false,
        sizes: [1000, 10_000, 100_000],
        'fuzz-runs': 2000,
        seed: 1,
        only: ['throughput', 'startup', 'scale', 'tree', 'contracts', 'fuzz', 'hostile', 'worlds'],
      },
    ],
    [
      ['--duration', '60', '--connections', '1', '--rounds', '9', '--no-pin'],
      { duration: 60, connections: 1, rounds: 9, 'no-pin': true },
    ],
    [
      ['--sizes', '1, 1000000', '--fuzz-runs', '20000', '--seed', '0', '--only', 'scale,fuzz'],
      { sizes: [1, 1_000_000], 'fuzz-runs': 20_000, seed: 0, only: ['scale', 'fuzz'] },
    ],
  ];
  for (const [argv, plan] of cases) {
    const p = parseBenchArgs(argv);
    t.match(p, { ok: true, plan }, argv.join(' ') || 'no flags');
  }
});

t.test('regression: bad values are refused naming the flag, not clamped', async (t) => {
  const cases: Array<[string[], string]> = [
    [['--rounds', '0'], '--rounds takes a whole number from 1 to 9, not "0"'],
    [['--rounds', '10'], '--rounds takes a whole number from 1 to 9, not "10"'],
    [['--duration=-1'], '--duration takes a whole number from 1 to 60, not "-1"'],
    [['--duration', 'soon'], '--duration takes a whole number from 1 to 60, not "soon"'],
    [['--connections', '0'], '--connections takes a whole number from 1 to 100, not "0"'],
    [['--fuzz-runs', '50000'], '--fuzz-runs takes a whole number from 1 to 20000, not "50000"'],
    [['--sizes', '1000,0'], '--sizes takes a whole number from 1 to 1000000, not "0"'],
    [['--seed', 'x'], '--seed takes a whole number from 0 to 2147483647, not "x"'],
    [
      ['--only', 'bogus'],
      '--only takes throughput, startup, scale, tree, contracts, fuzz, hostile or worlds, not "bogus"',
    ],
    [
      ['--only', ','],
      '--only takes throughput, startup, scale, tree, contracts, fuzz, hostile or worlds, comma-separated, not ","',
    ],
  ];
  for (const [argv, message] of cases) t.same(parseBenchArgs(argv), { ok: false, message }, argv.join(' '));
  t.match(parseBenchArgs(['--duration', '-1']), { ok: false, message: /--duration/ }, 'a negative number apart');
});

const bench = fileURLToPath(new URL('../../../scripts/bench/main.ts', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, [...TS, bench, ...args], { encoding: 'utf8', timeout: 60_000 });

t.test('regression: --help prints the usage and exits 0', async (t) => {
  const r = run('--help');
  t.equal(r.status, 0, r.stderr);
  t.match(r.stdout, /^usage: npm run bench -- \[options\]\n/);
  t.match(r.stdout, /--no-pin +leave the servers/);
});

t.test('regression: --only bogus exits 2 naming the sections, before any load', async (t) => {
  const r = run('--only', 'bogus');
  t.equal(r.status, 2);
  t.equal(r.stdout, '', 'no section started');
  t.equal(
    r.stderr.trim(),
    'bench: --only takes throughput, startup, scale, tree, contracts, fuzz, hostile or worlds, not "bogus" (--help shows the usage)',
  );
});
