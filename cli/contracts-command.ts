// The contract suite's command line, declared once: its flags with their
// arguments, defaults and descriptions, from which come its parsing, --help and
// the flag table of docs/contracts.md (npm run readme). cli/contracts.ts runs it.
import { MAX_BUDGET_MS, readBudgetsFile } from '../contracts/measures/timing.js';
import { RUN_DEFAULTS, RUN_LIMITS } from '../contracts/options.js';
import { REPORTERS, type ReporterName } from '../contracts/reporters/index.js';
import { BODY_DEFAULTS } from '../lib/limits.js';
import { commaList, flag, nonEmpty, oneOf, value, wholeNumber, withAllowed } from './kit/command.js';
import { secondsWithin, size, within } from './kit/ranges.js';

/** A percentage from 0 to 100, decimals allowed. */
const percentage = withAllowed((raw, name) => {
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > 100)
    throw new Error(`--${name} takes a percentage from 0 to 100, not "${raw}"`);
  return Number(raw);
}, '0 to 100');
const budgetsFile = withAllowed(readBudgetsFile, 'JSON or YAML: {"default": MS, "operations": {"listClients": MS}}');
const inSeconds = (ms: number) => String(ms / 1000);
/** Requests a minute, or `off` (0): the library's range, with a word for none. */
const PACE_ALLOWED = `${RUN_LIMITS.pace[0]} to ${RUN_LIMITS.pace[1]} requests a minute, or off (0)`;
const paceRate = withAllowed((raw, name) => {
  if (raw === 'off') return 0;
  const [min, max] = RUN_LIMITS.pace;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new Error(`--${name} takes ${PACE_ALLOWED}, not "${raw}"`);
  return Number(raw);
}, PACE_ALLOWED);
export const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];

// Defaults the runner applies are only shown here: an absent flag stays undefined in the run's options.
export const CONTRACTS_COMMAND = {
  name: 'contracts',
  synopsis: 'npm run contracts -- --base-url URL (--email E --password P | --token T) [options]',
  bin: 'mcs-contracts',
  options: {
    'base-url': value('URL', 'the service address before /api/v1 (a URL ending in /api/v1 works too)', {
      parse: nonEmpty('a URL'),
      required: true,
    }),
    'base-path': value('PATH', "the path before every operation's path: / when the API is at the root (Prism)", {
      shownDefault: '/api/v1',
    }),
    pace: value('N', 'requests a minute the run keeps to, so it causes no 429 it is not testing', {
      parse: paceRate,
      shownDefault: '60 remote, off local',
    }),
    world: value(
      'NAME',
      "the mock's world every request names (X-Mock-World: letters, digits and -, 1 to 40 characters); the name default sends none (the default world)",
      { shownDefault: 'a fresh one against the mock' },
    ),
    email: value('E', 'the account to sign in with (or MCS_EMAIL)'),
    password: value('P', 'its password (or MCS_PASSWORD)'),
    token: value('T', 'a token instead of signing in (or MCS_TOKEN)'),
    company: value(
      'NAME',
      "the caller's company name, for the client/user_client checks, where neither the sign-in's user nor the profile names it",
    ),
    'nosub-email': value('E', 'an account without a plan, for the 403 checks (or MCS_NOSUB_EMAIL)'),
    'nosub-password': value('P', 'its password (or MCS_NOSUB_PASSWORD)'),
    platform: value(
      'P',
      "the platform header of every request: a value of the spec's Platform enum (default: the spec's example)",
    ),
    'api-key': value('K', 'the static api-key header (or MCS_API_KEY)'),
    timeout: value('MS', 'per-request timeout in milliseconds', {
      parse: within(RUN_LIMITS.timeoutMs),
      shownDefault: String(RUN_DEFAULTS.timeoutMs),
    }),
    only: value('X[,Y]', 'only these operationIds or tags', { parse: commaList(), repeatable: true }),
    skip: value('X[,Y]', 'not these operationIds or tags', { parse: commaList(), repeatable: true }),
    checks: value('C[,D]', 'only these checks: names or groups of --list-checks', {
      parse: commaList(),
      repeatable: true,
    }),
    'exclude-checks': value('C[,D]', 'not these checks: names or groups of --list-checks', {
      parse: commaList(),
      repeatable: true,
    }),
    'list-checks': flag('print every check of the registry, one line each, and exit 0'),
    reporter: value('R', 'how the report is written', {
      parse: oneOf(REPORTER_NAMES),
      repeatable: true,
      shownDefault: 'human',
    }),
    out: value('FILE', 'where the reporter before it writes; else standard output', { repeatable: true }),
    'ledger-patch': value(
      'FILE',
      'write one JSON Patch (RFC 6902) for spec/openapi.yaml with the change of every contradicted assumption the run could patch, each marked where it was learnt; npm run spec:apply -- FILE applies it (the same as --reporter spec-patch --out FILE)',
    ),
    strict: flag(
      'a finding resting on an x-assumed part of the spec, or on a rule outside it, fails instead of being an observation',
    ),
    'allow-writes': flag('also the client update round-trip and measurement add/edit'),
    'allow-destructive': flag('also delete the client named by --client-id'),
    'client-id': value('N', 'the client --allow-destructive may delete', {
      parse: within(RUN_LIMITS.clientId),
    }),
    'password-account-email': value(
      'E',
      'an account (not the main one) whose password the password-change sequence changes and restores (or MCS_PW_EMAIL)',
    ),
    'password-account-password': value('P', 'its password (or MCS_PW_PASSWORD)'),
    'check-rate-limit': flag('spend the quota to see the 429 past the documented limit'),
    'max-pages': value('N', 'pages of client/list walked at most', {
      parse: within(RUN_LIMITS.maxPages),
      shownDefault: String(RUN_DEFAULTS.maxPages),
    }),
    'max-body': value('SIZE', 'answers are read up to SIZE after decompression', {
      parse: size,
      shownDefault: `${BODY_DEFAULTS.maxBodyBytes / 2 ** 20}m`,
    }),
    'max-wait': value('SECONDS', "all waiting for 429s' Retry-After in the run, together", {
      parse: secondsWithin(RUN_LIMITS.maxWaitMs),
      shownDefault: inSeconds(RUN_DEFAULTS.maxWaitMs),
    }),
    deadline: value('SECONDS', 'the whole run ends by then; checks left are skipped, the overrun fails', {
      parse: secondsWithin(RUN_LIMITS.deadlineMs),
      shownDefault: inSeconds(RUN_DEFAULTS.deadlineMs),
    }),
    fuzz: value(
      'N',
      'N requests per operation, boundary values first, then generated: valid ones on reads, invalid ones everywhere (docs/contracts.md)',
      {
        parse: within(RUN_LIMITS.fuzz),
        shownDefault: '0',
      },
    ),
    seed: value('N', 'the seed of --fuzz, to repeat a run (default: drawn, and printed)', {
      parse: within(RUN_LIMITS.seed),
    }),
    'min-coverage': value('P', 'fail below P% spec coverage (documented statuses and properties seen)', {
      parse: percentage,
    }),
    'max-response-ms': value('N', 'an answer slower than N ms fails the check that received it', {
      parse: wholeNumber(1, MAX_BUDGET_MS),
    }),
    budgets: value('FILE', 'response-time budgets per operation (they win over --max-response-ms)', {
      parse: budgetsFile,
    }),
  },
  notes: [
    'exit code: 0 the deployment honours the spec, 1 a violation, 2 the run could not happen or go on, 130 interrupted (Ctrl-C); once a run began, on 2 and 130 the reports asked for are still written, marked as such, with the results so far (bad flags write none)',
  ],
  flagOf: {
    'credentials.email': 'email',
    'credentials.password': 'password',
    'credentials.token': 'token',
    timeoutMs: 'timeout',
    maxWaitMs: 'max-wait',
    deadlineMs: 'deadline',
    maxBodyBytes: 'max-body',
  },
  env: {
    email: 'MCS_EMAIL',
    password: 'MCS_PASSWORD',
    token: 'MCS_TOKEN',
    'nosub-email': 'MCS_NOSUB_EMAIL',
    'nosub-password': 'MCS_NOSUB_PASSWORD',
    'api-key': 'MCS_API_KEY',
    'password-account-email': 'MCS_PW_EMAIL',
    'password-account-password': 'MCS_PW_PASSWORD',
  },
};
