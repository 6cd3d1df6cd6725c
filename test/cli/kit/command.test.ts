// The command helper: one declaration gives parsing, refusals, usage and the exit code.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import {
  commaList,
  flag,
  nonEmpty,
  oneOf,
  parseCommand,
  type Refusal,
  refuse,
  synopsisOf,
  usage,
  value,
  wholeNumber,
} from '../../../cli/kit/command.js';
import { TS } from '../../helpers/processes.js';

const EXAMPLE = {
  name: 'example',
  synopsis: 'npm run example -- [options]',
  options: {
    port: value('N', 'port to listen on', { parse: wholeNumber(0, 65535), default: 4010 }),
    host: value('HOST', 'address to bind', { parse: nonEmpty('an address'), shownDefault: '127.0.0.1' }),
    mode: value('M', 'how to run', { parse: oneOf(['fast', 'slow'] as const), default: 'fast' as const }),
    only: value('X[,Y]', 'only these', { parse: commaList(oneOf(['a', 'b'])), repeatable: true }),
    url: value('URL', 'where to go', { required: true }),
    quiet: flag('say less'),
  },
  notes: ['exit code: 0 fine'],
};

const parse = (argv: string[]) => parseCommand(EXAMPLE, argv, (args) => ({ ok: true as const, ...args }));

t.test('values: defaults, given ones parsed, repeatable ones in order', async (t) => {
  const cases: Array<[string[], Record<string, unknown>, string[]]> = [
    [['--url', 'u'], { port: 4010, host: undefined, mode: 'fast', only: [], url: 'u', quiet: false }, ['url']],
    [
      ['--url=u', '--port', '0', '--host', 'h', '--mode', 'slow', '--only', 'a, b', '--only', 'b', '--quiet'],
      { port: 0, host: 'h', mode: 'slow', only: [['a', 'b'], ['b']], url: 'u', quiet: true },
      ['url', 'port', 'host', 'mode', 'only', 'quiet'],
    ],
  ];
  for (const [argv, values, given] of cases) {
    const p = parse(argv);
    t.ok(p.ok, argv.join(' '));
    if (!p.ok) continue;
    t.same(p.values, values, argv.join(' '));
    t.same([...p.given], given, `${argv.join(' ')}: the flags given`);
  }
});

t.test('refusals: one line naming the flag', async (t) => {
  const cases: Array<[string[], string]> = [
    [['--url', 'u', '--port', 'abc'], '--port takes a whole number from 0 to 65535, not "abc"'],
    [['--url', 'u', '--port', '65536'], '--port takes a whole number from 0 to 65535, not "65536"'],
    [['--url', 'u', '--port=-1'], '--port takes a whole number from 0 to 65535, not "-1"'],
    [['--url', 'u', '--host', ' '], '--host needs an address'],
    [['--url', 'u', '--mode', 'medium'], '--mode takes fast or slow, not "medium"'],
    [['--url', 'u', '--only', 'a,c'], '--only takes a or b, not "c"'],
    [[], '--url is required'],
    [['--url', 'u', '--bogus'], 'unknown flag --bogus'],
    [['--url', 'u', '--prot', '1'], 'unknown flag --prot: did you mean --port?'],
    [['--url', 'u', 'extra'], "Unexpected argument 'extra': it takes no positional arguments"],
    [['--url'], "Option '--url <value>' argument missing"],
    [['--url', 'u', '--quiet=yes'], "Option '--quiet' does not take an argument"],
  ];
  for (const [argv, message] of cases) {
    const p = parse(argv);
    t.same(p, { ok: false, message }, argv.join(' '));
  }
  const ambiguous = parse(['--url', 'u', '--port', '-1']) as Refusal;
  t.match(ambiguous.message, /^Option '--port' argument is ambiguous\. [^\n]+$/, 'a message of node on one line');
});

t.test('what spans several options is refused by the build step', async (t) => {
  const p = parseCommand(EXAMPLE, ['--url', 'u'], () => {
    throw new Error('--url and --host go together');
  });
  t.same(p, { ok: false, message: '--url and --host go together' });
});

t.test('--help: the usage, generated from the declaration, before any other check', async (t) => {
  const expected = [
    'usage: npm run example -- [options]',
    '  --port N      port to listen on (0 to 65535; default 4010)',
    '  --host HOST   address to bind (default 127.0.0.1)',
    '  --mode M      how to run (fast or slow; default fast)',
    '  --only X[,Y]  only these (comma-separated, each a or b; repeatable)',
    '  --url URL     where to go',
    '  --quiet       say less',
    '  --help        show this help',
    'exit code: 0 fine',
  ];
  t.equal(usage(EXAMPLE), expected.join('\n'));
  t.same(parse(['--help']), { ok: false, help: true, message: usage(EXAMPLE) }, 'no --url needed');
  for (const argv of [
    ['--port', 'x', '--help'],
    ['--bogus', '--help'],
  ])
    t.same(parse(argv), { ok: false, help: true, message: usage(EXAMPLE) }, argv.join(' '));
});

t.test('refuse: exit 0 with the usage on standard output, or 2 with one line on standard error', async (t) => {
  const cases: Array<[Refusal, number, string[], string[]]> = [
    [{ ok: false, help: true, message: 'usage: x' }, 0, ['usage: x'], []],
    [{ ok: false, message: '--port takes a port' }, 2, [], ['example: --port takes a port (--help shows the usage)']],
  ];
  for (const [refusal, code, stdout, stderr] of cases) {
    const out: string[] = [];
    const err: string[] = [];
    t.equal(refuse(EXAMPLE, refusal, { stdout: (s) => out.push(s), stderr: (s) => err.push(s) }), code);
    t.same([out, err], [stdout, stderr]);
  }
});

t.test(
  "runMain runs main only in the file node was started with; its number, or stopOnSignal's, is the exit code",
  async (t) => {
    const dir = t.testdir();
    const helper = JSON.stringify(fileURLToPath(new URL('../../../cli/kit/command.ts', import.meta.url)));
    const run = (name: string, body: string) => {
      const file = join(dir, name);
      writeFileSync(file, `import { runMain, SERVING, stopOnSignal } from ${helper};\n${body}\n`);
      return spawnSync(process.execPath, [...TS, file, '--flag'], { encoding: 'utf8', timeout: 30_000 });
    };
    const cases: Array<[string, string, number, string]> = [
      ['exits.ts', 'await runMain(import.meta.url, async (argv) => (console.log(argv.join()), 3));', 3, '--flag\n'],
      ['serves.ts', 'await runMain(import.meta.url, async () => (setTimeout(() => {}, 100), SERVING));', 0, ''],
      ['imports.ts', `await import(${JSON.stringify(join(dir, 'exits.ts'))});`, 0, ''],
      [
        'stops.ts',
        `await runMain(import.meta.url, async () => {
        const serving = setInterval(() => {}, 1000);
        setTimeout(() => process.kill(process.pid, 'SIGTERM'), 100);
        return stopOnSignal(async () => (clearInterval(serving), 5));
      });`,
        5,
        '',
      ],
      // A hang-up (the terminal or npm gone) stops as gracefully: Node's default would end at once.
      [
        'hangs-up.ts',
        `await runMain(import.meta.url, async () => {
        const serving = setInterval(() => {}, 1000);
        setTimeout(() => process.kill(process.pid, 'SIGHUP'), 100);
        return stopOnSignal(async () => (clearInterval(serving), 6));
      });`,
        6,
        '',
      ],
    ];
    for (const [name, body, status, stdout] of cases) {
      const r = run(name, body);
      t.same({ status: r.status, stdout: r.stdout }, { status, stdout }, name);
    }
  },
);

t.test('the built package’s usage names its bin instead of the npm script', async (t) => {
  const command = { name: 'mock', synopsis: 'npm start -- [options]', bin: 'mcs-mock', options: {} };
  t.equal(synopsisOf(command, true), 'mcs-mock [options]');
  t.equal(synopsisOf(command, false), 'npm start -- [options]', 'from a clone, the npm script');
  t.equal(
    synopsisOf({ ...command, synopsis: 'npm run spec:diff -- BASE [HEAD]', bin: 'mcs-spec-diff' }, true),
    'mcs-spec-diff BASE [HEAD]',
  );
  t.equal(synopsisOf({ ...command, bin: undefined }, true), 'npm start -- [options]', 'a command without a bin');
});
