#!/usr/bin/env node
// npm run contracts -- --base-url URL (--email E --password P | --token T) [...]
// The one place that turns a run into an exit code: 0 honours the spec,
// 1 a violation, 2 the run could not happen.
import { MAX_BUDGET_MS, readBudgetsFile } from '../contracts/measures/timing.js';
import { RUN_DEFAULTS, RUN_LIMITS } from '../contracts/options.js';
import { terminalLine, terminalText } from '../contracts/reporters/escape.js';
import { progressLine, REPORTERS, type ReporterName } from '../contracts/reporters/index.js';
import { runContracts } from '../contracts/runner.js';
import { RunAborted, type RunOptions, type RunReport } from '../contracts/types.js';
import { BODY_DEFAULTS } from '../lib/limits.js';
import { OptionsError } from '../lib/options-error.js';
import { givenSecrets, redact } from '../lib/redact.js';
import {
  type Args,
  commaList,
  flag,
  nonEmpty,
  oneOf,
  parseCommand,
  type Refusal,
  refuse,
  runMain,
  value,
  wholeNumber,
  withAllowed,
} from './kit/command.js';
import { refuseOptions } from './kit/option-names.js';
import { checkOuts, pairOutputs, writeReport } from './kit/outputs.js';
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
const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];

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
    email: value('E', 'the account to sign in with (or MCS_EMAIL)'),
    password: value('P', 'its password (or MCS_PASSWORD)'),
    token: value('T', 'a token instead of signing in (or MCS_TOKEN)'),
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
    reporter: value('R', 'how the report is written', {
      parse: oneOf(REPORTER_NAMES),
      repeatable: true,
      shownDefault: 'human',
    }),
    out: value('FILE', 'where the reporter before it writes; else standard output', { repeatable: true }),
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
      'N generated requests per operation: valid ones on reads, invalid ones everywhere (docs/contracts.md)',
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
  notes: ['exit code: 0 the deployment honours the spec, 1 a violation, 2 the run could not happen'],
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

export interface CliPlan {
  options: RunOptions;
  reporters: Array<{ name: ReporterName; out?: string }>;
}

export type Parsed = { ok: true; plan: CliPlan } | Refusal;

type Env = Record<string, string | undefined>;

function plan({ values, tokens }: Args<typeof CONTRACTS_COMMAND.options>, env: Env): CliPlan {
  const reporters: CliPlan['reporters'] = pairOutputs(tokens, 'reporter', REPORTER_NAMES);
  if (reporters.length === 0) reporters.push({ name: 'human' });
  if (reporters.filter((r) => r.out === undefined).length > 1)
    throw new Error('only one reporter can write to standard output; give the others --out FILE');
  const nosubEmail = values['nosub-email'] ?? env.MCS_NOSUB_EMAIL;
  const nosubPassword = values['nosub-password'] ?? env.MCS_NOSUB_PASSWORD;
  if (Boolean(nosubEmail) !== Boolean(nosubPassword)) throw new Error('--nosub-email and --nosub-password go together');
  const passwordAccount = pair(
    values['password-account-email'] ?? env.MCS_PW_EMAIL,
    values['password-account-password'] ?? env.MCS_PW_PASSWORD,
    '--password-account-email and --password-account-password',
  );
  const email = values.email ?? env.MCS_EMAIL;
  return {
    reporters,
    options: {
      baseUrl: values['base-url'],
      basePath: values['base-path'],
      pace: values.pace,
      credentials: {
        email,
        password: values.password ?? env.MCS_PASSWORD,
        token: values.token ?? env.MCS_TOKEN,
      },
      nosub: nosubEmail && nosubPassword ? { email: nosubEmail, password: nosubPassword } : undefined,
      platform: values.platform,
      apiKey: values['api-key'] ?? env.MCS_API_KEY,
      timeoutMs: values.timeout,
      only: values.only.flat(),
      skip: values.skip.flat(),
      strict: values.strict,
      allowWrites: values['allow-writes'] || values['allow-destructive'],
      allowDestructive: values['allow-destructive'],
      clientId: values['client-id'],
      passwordAccount,
      checkRateLimit: values['check-rate-limit'],
      maxPages: values['max-pages'],
      maxBodyBytes: values['max-body'],
      deadlineMs: values.deadline,
      maxWaitMs: values['max-wait'],
      fuzz: values.fuzz,
      seed: values.seed,
      minCoverage: values['min-coverage'],
      maxResponseMs: values['max-response-ms'],
      budgets: values.budgets,
    },
  };
}

/** Both or neither: an email without its password (or the reverse) is a usage error. */
function pair(email: string | undefined, password: string | undefined, names: string) {
  if (Boolean(email) !== Boolean(password)) throw new Error(`${names} go together`);
  return email && password ? { email, password } : undefined;
}

export function parseContractArgs(argv: string[], env: Env = process.env): Parsed {
  return parseCommand(CONTRACTS_COMMAND, argv, (args) => ({ ok: true, plan: plan(args, env) }));
}

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  writeFile: (path: string, text: string) => Promise<void>;
  /** Why one of the --out files cannot be written, before the run; none when all can. */
  checkOuts?: (outs: Array<string | undefined>) => string | undefined;
}

/** What goes to a terminal: every control character a deployment could have put in it is shown escaped. */
function terminalIo(io: Io): Io {
  return { ...io, stdout: (s) => io.stdout(terminalText(s)), stderr: (s) => io.stderr(terminalText(s)) };
}

const realIo: Io = {
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  writeFile: async (path, text) => writeReport(path, text),
  checkOuts,
};

export async function main(
  argv: string[],
  env = process.env,
  io: Io = realIo,
  extra: Partial<RunOptions> = {},
): Promise<number> {
  const parsed = parseContractArgs(argv, env);
  if (!parsed.ok) return refuse(CONTRACTS_COMMAND, parsed, io);
  // A report that cannot be written is known before a run of minutes, not after it.
  const unwritable = io.checkOuts?.(parsed.plan.reporters.map((r) => r.out));
  if (unwritable) return refuse(CONTRACTS_COMMAND, { ok: false, message: unwritable }, io);
  return run(parsed.plan, argv, env, terminalIo(io), extra);
}

async function run(
  { options, reporters }: CliPlan,
  argv: string[],
  env: Env,
  io: Io,
  extra: Partial<RunOptions>,
): Promise<number> {
  const onCommandLine = (
    ['password', 'nosub-password', 'password-account-password', 'token', 'api-key'] as const
  ).filter((f) => argv.some((a) => a === `--${f}` || a.startsWith(`--${f}=`)));
  if (onCommandLine.length) {
    io.stderr(
      `contracts: ${onCommandLine.map((f) => `--${f}`).join(', ')} on the command line can be read in the process list, shell history and CI logs (npm run echoes its arguments); prefer the environment: MCS_PASSWORD, MCS_NOSUB_PASSWORD, MCS_PW_PASSWORD, MCS_TOKEN, MCS_API_KEY`,
    );
  }
  const secrets = new Set(givenSecrets(options));
  const humanToStdout = reporters.some((r) => r.name === 'human' && r.out === undefined);
  const progress = humanToStdout ? io.stdout : reporters.some((r) => r.name === 'human') ? io.stderr : undefined;
  let report: RunReport;
  try {
    report = await runContracts({
      ...options,
      onNotice: (line) => io.stderr(`contracts: ${terminalLine(redact(line, secrets))}`),
      ...extra,
      onResult: progress ? (r) => progress(redact(progressLine(r), secrets)) : undefined,
    });
  } catch (err) {
    // Options the suite refused are a usage error: one line naming the flags (or variables) that gave them.
    if (err instanceof OptionsError)
      return refuseOptions(CONTRACTS_COMMAND, err, argv, env, {
        stdout: io.stdout,
        stderr: (line) => io.stderr(terminalLine(redact(line, secrets))),
      });
    const reason = err instanceof RunAborted ? err.message : `unexpected error: ${(err as Error).message}`;
    // One line, whatever the server's words in it hold.
    io.stderr(`contracts: the run could not happen: ${terminalLine(redact(reason, secrets))}`);
    return 2;
  }
  // The report comes redacted; each rendering is redacted once more for what a renderer escapes.
  try {
    for (const r of reporters) {
      const text = redact(REPORTERS[r.name](report), secrets);
      if (r.out) await io.writeFile(r.out, text);
      else io.stdout(text);
    }
  } catch (err) {
    // What changed under a checked --out during the run is one line too, not a stack trace.
    io.stderr(`contracts: a report could not be written: ${terminalLine((err as Error).message)}`);
    return 2;
  }
  return report.summary.checks.failed > 0 ? 1 : 0;
}

await runMain(import.meta.url, main);
