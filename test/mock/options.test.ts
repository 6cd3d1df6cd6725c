// buildMock checks every option it takes, in its own words: one typed error
// (MockOptionsError, code MCS_ERR_MOCK_OPTIONS) naming the option as
// MockOptions does, thrown before any file is read or locked.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { MAX_CLIENTS } from '../../fixtures/world.js';
import { buildMock } from '../../mock/build.js';
import { type MockOptions, MockOptionsError } from '../../mock/options.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();

t.test('each bad option is refused with MockOptionsError naming it', async (t) => {
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ clients: -5 }, 'clients', `clients must be a whole number from 1 to ${MAX_CLIENTS}, not -5`],
    [{ clients: 0 }, 'clients', `clients must be a whole number from 1 to ${MAX_CLIENTS}, not 0`],
    [{ clients: MAX_CLIENTS + 1 }, 'clients', `from 1 to ${MAX_CLIENTS}, not ${MAX_CLIENTS + 1}`],
    [{ seed: 1.5 }, 'seed', 'seed must be a whole number from 0 to 2147483647, not 1.5'],
    [{ seed: -1 }, 'seed', 'not -1'],
    [{ seed: '7' }, 'seed', 'seed must be a whole number from 0 to 2147483647, not "7"'],
    [{ journal: 100_001 }, 'journal', 'journal must be a whole number from 0 to 100000, not 100001'],
    [{ bodyLimit: 0 }, 'bodyLimit', 'bodyLimit must be a whole number of 1 or more, not 0'],
    [{ bodyLimit: Number.NaN }, 'bodyLimit', 'not NaN'],
    [{ stateLimit: -1 }, 'stateLimit', 'stateLimit must be a whole number of 1 or more, not -1'],
    [{ rateLimit: true }, 'rateLimit', 'rateLimit must be false or { max, windowMs }, not true'],
    [{ rateLimit: { max: 0 } }, 'rateLimit.max', 'rateLimit.max must be a whole number of 1 or more, not 0'],
    [{ rateLimit: { windowMs: 0.5 } }, 'rateLimit.windowMs', 'rateLimit.windowMs must be'],
    [{ stateFile: '' }, 'stateFile', 'stateFile must be a non-empty string, not ""'],
    [{ host: '' }, 'host', 'host must be a non-empty string'],
    [{ host: 4010 }, 'host', 'host must be a non-empty string, not 4010'],
    [{ logger: 'yes' }, 'logger', 'logger must be true or false'],
    [{ controlsFromNetwork: 'yes' }, 'controlsFromNetwork', 'controlsFromNetwork must be true or false'],
    [{ now: new Date() }, 'now', 'now must be a function'],
    [{ onStateError: 'log' }, 'onStateError', 'onStateError must be a function'],
    [{ corsOrigins: 'http://a.example' }, 'corsOrigins', 'corsOrigins must be an array'],
    [
      { corsOrigins: ['http://a.example', 'http://192.168.1.20:5173/?x=1'] },
      'corsOrigins[1]',
      'corsOrigins[1] must be an origin such as http://192.168.1.20:5173 (scheme, host and port; no path, query, fragment, credentials or wildcard), not "http://192.168.1.20:5173/?x=1"',
    ],
    [{ corsOrigins: ['*'] }, 'corsOrigins[0]', 'corsOrigins[0] must be an origin'],
    [{ https: true }, 'https', 'https must be { key, cert }, each a PEM text or a Buffer'],
    [{ https: { cert: '-----BEGIN CERTIFICATE-----' } }, 'https', 'https must be { key, cert }'],
    [
      { https: { key: 'not-a-pem-key-text', cert: '-----BEGIN CERTIFICATE-----' } },
      'https',
      '(the value given is not shown)',
    ],
    [{ handlers: { listClients: 'none' } }, 'handlers.listClients', 'handlers.listClients must be a function'],
    [
      { handlers: { listClient: () => ({ status: 200, body: {} }) } },
      'handlers.listClient',
      'handlers.listClient names no operationId of the spec (did you mean listClients?)',
    ],
  ];
  for (const [options, option, message] of cases) {
    const label = JSON.stringify(options);
    const err = await buildMock({ spec: loaded, ...options } as MockOptions).then(
      (app) => {
        void app.close();
        return undefined;
      },
      (e: unknown) => e,
    );
    t.type(err, MockOptionsError, label);
    t.match(err, { name: 'MockOptionsError', code: 'MCS_ERR_MOCK_OPTIONS', options: [option] }, label);
    t.match((err as Error).message, message, label);
    t.notMatch((err as Error).message, 'not-a-pem-key-text', `${label}: a key is never shown`);
  }
});

t.test('the options are checked before the state file is touched', async (t) => {
  const dir = t.testdir({});
  const stateFile = join(dir, 'w.json');
  await t.rejects(buildMock({ spec: loaded, stateFile, clients: -5 }), MockOptionsError);
  t.notOk(existsSync(stateFile), 'no state file made');
  t.notOk(existsSync(`${stateFile}.lock`), 'no lock taken');
});

t.test('good options at their bounds are taken', async (t) => {
  const app = await buildMock({
    spec: loaded,
    seed: 0,
    clients: 1,
    journal: 0,
    rateLimit: { max: 1, windowMs: 1 },
    corsOrigins: ['HTTPS://Preview.Example.com/', 'http://[::1]:5173'],
    handlers: {},
    host: '::',
  });
  t.teardown(() => app.close());
  t.equal(app.mock.ctx.clients, 1);
  t.same(app.mock.ctx.rateLimit, { max: 1, windowMs: 1 });
});
