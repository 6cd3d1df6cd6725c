#!/usr/bin/env node
// npm run contracts -- --base-url URL (--email E --password P | --token T) [...]
// The one place that turns a run into an exit code: 0 honours the spec,
// 1 a violation, 2 the run could not happen or go on, 130 interrupted (Ctrl-C). The flags are declared in
// contracts-command.ts.
import { checkLines } from '../contracts/checks/registry-text.js';
import { terminalLine, terminalText } from '../contracts/reporters/escape.js';
import { progressLine, REPORTERS, type ReporterName } from '../contracts/reporters/index.js';
import { runContracts } from '../contracts/runner.js';
import { NOT_SELECTED } from '../contracts/session.js';
import { type CheckResult, RunAborted, type RunOptions, type RunReport } from '../contracts/types.js';
import { OptionsError } from '../lib/options-error.js';
import { givenSecrets, redact } from '../lib/redact.js';
import { type Args, parseCommand, type Refusal, refuse, runMain } from './kit/command.js';
import { refuseOptions } from './kit/option-names.js';
import { checkOuts, pairOutputs, writeReport } from './kit/outputs.js';

export { CONTRACTS_COMMAND, REPORTER_NAMES } from './contracts-command.js';

import { CONTRACTS_COMMAND, REPORTER_NAMES } from './contracts-command.js';

export interface CliPlan {
  options: RunOptions;
  reporters: Array<{ name: ReporterName; out?: string }>;
}

export type Parsed = { ok: true; plan: CliPlan } | Refusal;

type Env = Record<string, string | undefined>;

function plan({ values, tokens }: Args<typeof CONTRACTS_COMMAND.options>, env: Env): CliPlan {
  const reporters: CliPlan['reporters'] = pairOutputs(tokens, 'reporter', REPORTER_NAMES);
  if (reporters.length === 0) reporters.push({ name: 'human' });
  if (values['ledger-patch'] !== undefined) reporters.push({ name: 'spec-patch', out: values['ledger-patch'] });
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
      world: values.world,
      credentials: {
        email,
        password: values.password ?? env.MCS_PASSWORD,
        token: values.token ?? env.MCS_TOKEN,
      },
      company: values.company,
      nosub: nosubEmail && nosubPassword ? { email: nosubEmail, password: nosubPassword } : undefined,
      platform: values.platform,
      apiKey: values['api-key'] ?? env.MCS_API_KEY,
      timeoutMs: values.timeout,
      only: named(values.only, '--only', 'operation or tag'),
      skip: named(values.skip, '--skip', 'operation or tag'),
      checks: named(values.checks, '--checks'),
      excludeChecks: named(values['exclude-checks'], '--exclude-checks'),
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

/** The names of each --checks / --exclude-checks / --only / --skip given. One that names nothing (`--checks ''`,
 *  `--only=,`) is a usage error: read as no flag at all, `--checks ''` or `--only ''` made everything, the
 *  opposite of what was asked. */
function named(given: string[][], flag: string, what = 'check'): string[] {
  if (given.some((names) => names.length === 0)) {
    const whole = flag === '--checks' || flag === '--only';
    const list =
      what === 'check' ? '--list-checks lists the names and groups' : 'the spec names the operations and tags';
    throw new Error(
      `${flag} names no ${what} (an empty value); ${list}${whole ? `, and a run without ${flag} makes every ${what === 'check' ? 'check' : 'operation'}` : ''}`,
    );
  }
  return given.flat();
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
  /** Calls `stop` on the first Ctrl-C of the run (a second one quits at once); returns what ends the listening. */
  onInterrupt?: (stop: () => void) => () => void;
}

/** How the session words the skip of a check a stopped run never began (an interruption, the deadline). */
const NOT_RUN = 'not run: ';

/** 130, as a shell reports a command ended by SIGINT (128 + 2). */
const INTERRUPTED = 130;

/** What goes to a terminal: every control character a deployment could have put in it is shown escaped. */
function terminalIo(io: Io): Io {
  return { ...io, stdout: (s) => io.stdout(terminalText(s)), stderr: (s) => io.stderr(terminalText(s)) };
}

const realIo: Io = {
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  writeFile: async (path, text) => writeReport(path, text),
  checkOuts,
  onInterrupt: (stop) => {
    let times = 0;
    // The second Ctrl-C is for a run that does not stop soon enough: it ends the process, as Ctrl-C does.
    const listener = () => (++times > 1 ? process.exit(INTERRUPTED) : stop());
    process.on('SIGINT', listener);
    return () => process.off('SIGINT', listener);
  },
};

export async function main(
  argv: string[],
  env = process.env,
  io: Io = realIo,
  extra: Partial<RunOptions> = {},
): Promise<number> {
  // Asked for the list, nothing else is needed (no --base-url): the registry is the suite's own.
  if (argv.includes('--list-checks')) {
    io.stdout(checkLines().join('\n'));
    return 0;
  }
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
  // Checks left out by --only/--skip are counted, not listed (--only listPlans left out 141 of them); so are
  // the checks a stopped run did not begin (Ctrl-C printed some 150 lines "not run: the run was interrupted").
  let unselected = 0;
  const notRun = new Map<string, number>();
  const onResult = (r: CheckResult) => {
    const only = r.verdict === 'skip' && r.notes.length === 1 ? r.notes[0] : undefined;
    if (only === NOT_SELECTED) unselected++;
    else if (only?.startsWith(NOT_RUN)) notRun.set(only, (notRun.get(only) ?? 0) + 1);
    else progress?.(redact(progressLine(r), secrets));
  };
  const sayNotRun = () => {
    for (const [why, n] of notRun)
      progress?.(`skip ${'stopped'.padEnd(12)} ${n} check${n === 1 ? '' : 's'} ${redact(why, secrets)}`);
  };
  const stop = new AbortController();
  const stopListening = io.onInterrupt?.(() => {
    io.stderr('contracts: interrupted: stopping the run and writing the report so far (Ctrl-C again quits at once)');
    stop.abort('the run was interrupted (Ctrl-C)');
  });
  try {
    report = await runContracts({
      ...options,
      onNotice: (line) => io.stderr(`contracts: ${terminalLine(redact(line, secrets))}`),
      signal: stop.signal,
      ...extra,
      onResult: progress ? onResult : undefined,
    });
  } catch (err) {
    // Options the suite refused are a usage error: one line naming the flags (or variables) that gave them.
    if (err instanceof OptionsError)
      return refuseOptions(CONTRACTS_COMMAND, err, argv, env, {
        stdout: io.stdout,
        stderr: (line) => io.stderr(terminalLine(redact(line, secrets))),
      });
    const reason = err instanceof RunAborted ? err.message : `unexpected error: ${(err as Error).message}`;
    // What was found before the run stopped, in every report asked for: CI gets the reason and the results so far.
    // The human summary nobody asked for (the default) is left out: a refused sign-in stays one line.
    const asked = argv.some((a) => a === '--reporter' || a.startsWith('--reporter='));
    if (err instanceof RunAborted && err.report)
      await writeReports(
        err.report,
        reporters.filter((r) => r.out || asked),
        secrets,
        io,
      );
    // One line, whatever the server's words in it hold; the last said.
    io.stderr(`contracts: the run could not happen: ${terminalLine(redact(reason, secrets))}`);
    return 2;
  } finally {
    stopListening?.();
    sayNotRun();
  }
  if (unselected)
    progress?.(`skip ${'selection'.padEnd(12)} ${unselected} checks of operations not selected by --only/--skip`);
  if (!(await writeReports(report, reporters, secrets, io))) return 2;
  return exitCode(report);
}

/** The report's results as an exit code: 130 interrupted, 1 a violation, 0 none (2 is said where a run aborts). */
function exitCode(report: RunReport): number {
  if (report.stopped?.kind === 'interrupted') return INTERRUPTED;
  return report.summary.checks.failed > 0 ? 1 : 0;
}

/** Writes every report asked for; false (and one line said) when one could not be written. */
async function writeReports(
  report: RunReport,
  reporters: CliPlan['reporters'],
  secrets: Set<string>,
  io: Io,
): Promise<boolean> {
  // The report comes redacted; each rendering is redacted once more for what a renderer escapes.
  try {
    for (const r of reporters) {
      const text = redact(REPORTERS[r.name](report), secrets);
      if (r.out) await io.writeFile(r.out, text);
      else io.stdout(text);
    }
    return true;
  } catch (err) {
    // What changed under a checked --out during the run is one line too, not a stack trace.
    io.stderr(`contracts: a report could not be written: ${terminalLine((err as Error).message)}`);
    return false;
  }
}

await runMain(import.meta.url, main);
