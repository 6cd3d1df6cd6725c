// A mistyped flag, on every command built on the kit: one line naming it and the flag it was likely meant to be.
import t from 'tap';
import { CONTRACTS_COMMAND } from '../../../cli/contracts.js';
import { type Command, type Options, parseCommand, refuse } from '../../../cli/kit/command.js';
import { MOCK_COMMAND } from '../../../cli/mock.js';
import { PROXY_COMMAND } from '../../../cli/proxy.js';
import { SPEC_DIFF_COMMAND } from '../../../cli/spec-diff.js';

const cases: Array<[Command<Options>, string[], string]> = [
  [MOCK_COMMAND, ['--prot', '5104'], 'unknown flag --prot: did you mean --port?'],
  [MOCK_COMMAND, ['--prot=5104'], 'unknown flag --prot: did you mean --port?'],
  [MOCK_COMMAND, ['--sead', '7'], 'unknown flag --sead: did you mean --seed?'],
  [MOCK_COMMAND, ['--state-fille', 'w.json'], 'unknown flag --state-fille: did you mean --state-file?'],
  [
    CONTRACTS_COMMAND,
    ['--base-url', 'http://h', '--alow-writes'],
    'unknown flag --alow-writes: did you mean --allow-writes?',
  ],
  [
    CONTRACTS_COMMAND,
    ['--base-url', 'http://h', '--reportr', 'json'],
    'unknown flag --reportr: did you mean --reporter?',
  ],
  [PROXY_COMMAND, ['--upstream', 'http://h', '--upstreem', 'x'], 'unknown flag --upstreem: did you mean --upstream?'],
  [PROXY_COMMAND, ['--upstream', 'http://h', '--eror'], 'unknown flag --eror: did you mean --errors?'],
  [SPEC_DIFF_COMMAND, ['main', '--fromat', 'json'], 'unknown flag --fromat: did you mean --format?'],
  [SPEC_DIFF_COMMAND, ['main', '--hepl'], 'unknown flag --hepl: did you mean --help?'],
  // Too far from every flag to be a typo: no guess.
  [MOCK_COMMAND, ['--frobnicate-everything'], 'unknown flag --frobnicate-everything'],
];

t.test('a typo gets the nearest flag of its own command', async (t) => {
  for (const [command, argv, message] of cases) {
    t.same(
      parseCommand(command, argv, () => ({ ok: true as const })),
      { ok: false, message },
      `${command.name} ${argv.join(' ')}`,
    );
  }
});

t.test('it is one line on standard error and exit code 2', async (t) => {
  const lines: string[] = [];
  const refusal = parseCommand(MOCK_COMMAND, ['--prot', '5104'], () => ({ ok: true as const }));
  const code = refusal.ok
    ? 0
    : refuse(MOCK_COMMAND, refusal, { stdout: (s) => lines.push(s), stderr: (s) => lines.push(s) });
  t.equal(code, 2);
  t.same(lines, ['mock: unknown flag --prot: did you mean --port? (--help shows the usage)']);
});
