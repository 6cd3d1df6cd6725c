// A library's options error on the command line: one line naming the flag (or
// the environment variable the value came from), exit code 2, never
// "unexpected error".
import t from 'tap';
import { CONTRACTS_COMMAND, main as contracts } from '../../../cli/contracts.js';
import type { Command, Options } from '../../../cli/kit/command.js';
import { flagOf, optionNamer, refuseOptions } from '../../../cli/kit/option-names.js';
import { MOCK_COMMAND } from '../../../cli/mock.js';
import { PROXY_COMMAND } from '../../../cli/proxy.js';
import { buildMock } from '../../../mock/build.js';
import type { MockOptions } from '../../../mock/options.js';
import { type ProxyOptions, ProxyOptionsError } from '../../../proxy/options.js';
import { buildProxy } from '../../../proxy/server.js';
import { capture } from '../../helpers/cli-io.js';
import { spec } from '../../helpers/mock.js';

const loaded = await spec();

t.test("option names become the command's flags: kebab case, or as the command declares", async (t) => {
  const cases: Array<[{ name: string; options: object; flagOf?: Record<string, string> }, string, string | undefined]> =
    [
      [MOCK_COMMAND, 'clients', 'clients'],
      [MOCK_COMMAND, 'stateFile', 'state-file'],
      [MOCK_COMMAND, 'corsOrigins[2]', 'cors-origin'],
      [MOCK_COMMAND, 'handlers.listClients', undefined],
      [CONTRACTS_COMMAND, 'baseUrl', 'base-url'],
      [CONTRACTS_COMMAND, 'credentials.email', 'email'],
      [CONTRACTS_COMMAND, 'nosub.password', 'nosub-password'],
      [CONTRACTS_COMMAND, 'passwordAccount.email', 'password-account-email'],
      [CONTRACTS_COMMAND, 'deadlineMs', 'deadline'],
      [CONTRACTS_COMMAND, 'skip[0]', 'skip'],
      [CONTRACTS_COMMAND, 'fetch', undefined],
      [PROXY_COMMAND, 'timeoutMs', 'timeout'],
      [PROXY_COMMAND, 'corsOrigins[0]', 'cors-origin'],
    ];
  for (const [command, option, flag] of cases)
    t.equal(flagOf(command as never, option), flag, `${command.name}: ${option}`);
});

t.test('a variable is named when the value came from it, both when it came from neither', async (t) => {
  const name = optionNamer(CONTRACTS_COMMAND, ['--password', 'p'], { MCS_EMAIL: 'a@example.com' });
  t.equal(name('credentials.email'), 'MCS_EMAIL');
  t.equal(name('credentials.password'), '--password');
  t.equal(name('credentials.token'), '--token (or MCS_TOKEN)');
  t.equal(name('baseUrl'), '--base-url');
  t.equal(name('onResult'), 'onResult', 'an option no flag sets keeps its name');
});

/** The error a library throws for these options. */
const failure = (build: () => Promise<{ close: () => Promise<unknown> }>) =>
  build().then(
    async (app) => {
      await app.close();
      throw new Error('the options were taken');
    },
    (err: Error & { wordedAs: never }) => err,
  );

t.test("the mock's and the proxy's errors, refused in their flags with exit 2", async (t) => {
  const cases: Array<[Command<Options>, () => Promise<{ close: () => Promise<unknown> }>, string]> = [
    [
      MOCK_COMMAND,
      () => buildMock({ spec: loaded, clients: -5 }),
      'mock: --clients must be a whole number from 1 to 1000000, not -5 (--help shows the usage)',
    ],
    [
      MOCK_COMMAND,
      () => buildMock({ spec: loaded, corsOrigins: ['http://a.example', 'http://b.example/app'] } as MockOptions),
      'mock: --cors-origin must be an origin such as http://192.168.1.20:5173 (scheme, host and port; no path, query, fragment, credentials or wildcard), not "http://b.example/app" (--help shows the usage)',
    ],
    [
      MOCK_COMMAND,
      () => buildMock({ spec: loaded, stateFile: '' }),
      'mock: --state-file must be a non-empty string, not "" (--help shows the usage)',
    ],
    [
      PROXY_COMMAND,
      () => buildProxy({ upstream: 'http://127.0.0.1:9', spec: loaded, timeoutMs: 0 }),
      'proxy: --timeout must be a whole number from 1 to 600000, not 0 (--help shows the usage)',
    ],
    [
      PROXY_COMMAND,
      () => buildProxy({ upstream: 'http://127.0.0.1:9/?x=1', spec: loaded } as ProxyOptions),
      'proxy: --upstream must be a URL with no query or fragment, not "http://127.0.0.1:9/?x=1" (--help shows the usage)',
    ],
    [
      PROXY_COMMAND,
      () =>
        buildProxy({ upstream: 'http://127.0.0.1:9', spec: loaded, corsOrigins: ['http://192.168.1.20:5173/?x=1'] }),
      'proxy: --cors-origin must be an origin such as http://192.168.1.20:5173 (scheme, host and port; no path, query, fragment, credentials or wildcard), not "http://192.168.1.20:5173/?x=1" (--help shows the usage)',
    ],
  ];
  for (const [command, build, line] of cases) {
    const err = await failure(build);
    const io = capture();
    t.equal(refuseOptions(command, err as never, [], {}, io), 2, line);
    t.same(io.err, [line]);
  }
  t.type(await failure(() => buildProxy({ upstream: 'x', spec: loaded })), ProxyOptionsError);
});

t.test("the contract suite's errors, through the CLI: one line, the flags or variables, exit 2", async (t) => {
  const base = ['--base-url', 'http://127.0.0.1:9'];
  const cases: Array<[string[], Record<string, string>, string]> = [
    [
      base,
      { MCS_EMAIL: 'a@example.com' },
      'contracts: give MCS_EMAIL and --password (or MCS_PASSWORD), or --token (or MCS_TOKEN) (--help shows the usage)',
    ],
    [
      [...base, '--allow-destructive'],
      { MCS_TOKEN: 't-secret-token' },
      'contracts: --allow-destructive needs --client-id, naming a client that may be deleted (--help shows the usage)',
    ],
    [
      [...base, '--only', 'listClient'],
      { MCS_TOKEN: 't-secret-token' },
      'contracts: --only names listClient, which is no operationId or tag of the spec (did you mean listClients?)',
    ],
    [
      [...base, '--email', 'a@example.com', '--password-account-email', 'A@example.com'],
      { MCS_PASSWORD: 'pw-secret-1', MCS_PW_PASSWORD: 'pw-secret-2' },
      "contracts: --password-account-email names the run's main account: give another account (its password is changed, then restored) (--help shows the usage)",
    ],
  ];
  for (const [argv, env, line] of cases) {
    const io = capture();
    t.equal(await contracts(argv, env, io), 2, argv.join(' '));
    t.equal(io.err.length, 1, 'one line');
    t.match(io.err[0], line.endsWith(')') ? line : new RegExp(`^${line.replace(/[()?]/g, '\\$&')}`));
    t.notMatch(io.all(), /unexpected error|could not happen|secret/);
  }
});
