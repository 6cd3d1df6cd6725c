// runContracts checks its options before any request, in its own words: one
// typed error (ContractOptionsError, code MCS_ERR_CONTRACT_OPTIONS) naming
// RunOptions' names, never a CLI flag.
import t from 'tap';
import { ContractOptionsError } from '../../contracts/options-error.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();
const token = { token: 'a-token-of-the-run' };
/** No request may be sent: every case is refused before the first. */
const noFetch = async (): Promise<Response> => {
  throw new Error('a request was sent');
};
const base = { baseUrl: 'http://127.0.0.1:9', credentials: token, fetch: noFetch };

t.test('each bad option is refused with ContractOptionsError naming it as RunOptions does', async (t) => {
  const cases: Array<[Record<string, unknown>, string[], string | RegExp]> = [
    [{ baseUrl: undefined }, ['baseUrl'], 'baseUrl is needed'],
    [{ baseUrl: 'staging' }, ['baseUrl'], 'baseUrl must be a URL such as https://staging.example.com, not "staging"'],
    [{ baseUrl: 'ftp://h' }, ['baseUrl'], 'baseUrl must be an http or https URL, not "ftp://h"'],
    [{ baseUrl: 'http://h/?x=1' }, ['baseUrl'], 'baseUrl must be a URL with no query or fragment'],
    [{ credentials: undefined }, ['credentials'], 'credentials is needed'],
    [
      { credentials: { email: 'a@example.com' } },
      ['credentials.email', 'credentials.password', 'credentials.token'],
      'give credentials.email and credentials.password, or credentials.token',
    ],
    [{ credentials: { token: 42 } }, ['credentials.token'], 'credentials.token must be a string, not the value given'],
    [
      { nosub: { email: 'n@example.com' } },
      ['nosub.email', 'nosub.password'],
      'nosub.email and nosub.password go together',
    ],
    [
      { passwordAccount: { email: 'p@example.com', password: '' } },
      ['passwordAccount.password'],
      'passwordAccount.password must be a non-empty string, not the value given',
    ],
    [
      {
        credentials: { email: 'A@example.com', password: 'pw' },
        passwordAccount: { email: 'a@example.com', password: 'q' },
      },
      ['passwordAccount.email'],
      "passwordAccount.email names the run's main account",
    ],
    [{ allowDestructive: true }, ['allowDestructive', 'clientId'], 'allowDestructive needs clientId'],
    [{ clientId: 0 }, ['clientId'], 'clientId must be a whole number of 1 or more, not 0'],
    [{ timeoutMs: 0 }, ['timeoutMs'], 'timeoutMs must be a whole number from 1 to 600000, not 0'],
    [{ maxPages: 1.5 }, ['maxPages'], 'maxPages must be a whole number from 1 to 100000, not 1.5'],
    [{ maxWaitMs: -1 }, ['maxWaitMs'], 'maxWaitMs must be a whole number from 0 to 86400000, not -1'],
    [{ deadlineMs: 999 }, ['deadlineMs'], 'deadlineMs must be a whole number from 1000 to 604800000, not 999'],
    [{ maxBodyBytes: 10 }, ['maxBodyBytes'], 'maxBodyBytes must be a whole number from 1024 to 1073741824, not 10'],
    [{ fuzz: -1 }, ['fuzz'], 'fuzz must be a whole number from 0 to 1000000, not -1'],
    [{ seed: 2 ** 31 }, ['seed'], 'seed must be a whole number from 0 to 2147483647, not 2147483648'],
    [{ maxProblemsPerRun: 0 }, ['maxProblemsPerRun'], 'maxProblemsPerRun must be a whole number of 1 or more'],
    [{ strict: 'yes' }, ['strict'], 'strict must be true or false, not "yes"'],
    [{ only: 'listClients' }, ['only'], 'only must be an array'],
    [{ skip: [''] }, ['skip[0]'], 'skip[0] must be a non-empty string, not ""'],
    [
      { only: ['listClient'] },
      ['only'],
      /^only names listClient, which is no operationId or tag of the spec \(did you mean listClients\?\)/,
    ],
    [{ platform: 'PALM' }, ['platform'], 'platform must be WEB, IOS or ANDROID, not "PALM"'],
    [{ minCoverage: 101 }, ['minCoverage'], 'minCoverage must be a percentage from 0 to 100, not 101'],
    [{ maxResponseMs: 0 }, ['maxResponseMs'], 'maxResponseMs must be a whole number from 1 to 600000, not 0'],
    [{ budgets: { operations: { listClient: 5 } } }, ['budgets'], /^budgets names listClient, which is no operationId/],
    [{ onResult: 'print' }, ['onResult'], 'onResult must be a function'],
  ];
  for (const [options, named, message] of cases) {
    const label = JSON.stringify(options);
    const err = await runContracts({ ...base, ...options } as RunOptions, loaded).then(
      () => undefined,
      (e: unknown) => e,
    );
    t.type(err, ContractOptionsError, label);
    t.match(err, { name: 'ContractOptionsError', code: 'MCS_ERR_CONTRACT_OPTIONS' }, label);
    t.same((err as ContractOptionsError).options, named, label);
    t.match((err as Error).message, message, label);
    t.notMatch((err as Error).message, /--/, `${label}: no CLI flag in the library's words`);
  }
});
