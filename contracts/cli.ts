// npm run contracts -- --base-url URL (--email E --password P | --token T) [...]
// The one place that turns a run into an exit code: 0 honours the spec,
// 1 a violation, 2 the run could not happen.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { pairOutputs } from '../spec/cli-outputs.js';
import { parseSize } from './limits.js';
import { givenSecrets, redact } from './redact.js';
import { progressLine, REPORTERS, type ReporterName } from './reporters/index.js';
import { runContracts } from './runner.js';
import { RunAborted, type RunOptions, type RunReport } from './types.js';

export const USAGE = `usage: npm run contracts -- --base-url URL (--email E --password P | --token T) [options]
  --base-url URL          the service address before /api/v1 (a URL ending in /api/v1 works too)
  --email E --password P  the account to sign in with (or MCS_EMAIL, MCS_PASSWORD)
  --token T               a token instead of signing in (or MCS_TOKEN)
  --nosub-email E --nosub-password P
                          an account without a plan, for the 403 checks (or MCS_NOSUB_EMAIL, MCS_NOSUB_PASSWORD)
  --platform P            a value of the spec's Platform enum (default: the spec's example)
  --api-key K             the static api-key header (or MCS_API_KEY)
  --timeout MS            per-request timeout (default 10000)
  --only X[,Y]            only these operationIds or tags (repeatable)
  --skip X[,Y]            not these operationIds or tags (repeatable)
  --reporter R            human, json, junit or html (repeatable; default human)
  --out FILE              where the reporter before it writes (else standard output)
  --strict                behaviour marked x-assumed fails instead of being an observation
  --allow-writes          also the client update round-trip and measurement add/edit
  --allow-destructive     also delete the client named by --client-id
  --client-id N           the client --allow-destructive may delete
  --check-rate-limit      spend the quota to see the 429 past the documented limit
  --max-pages N           pages of client/list walked at most (default 100)
  --max-body SIZE         answers are read up to SIZE after decompression, e.g. 10m, 512k, 1048576 (default 10m)
  --max-wait SECONDS      all waiting for 429s' Retry-After in the run, together (default 300)
  --deadline SECONDS      the whole run ends by then; checks left are skipped, the overrun fails (default 1200)
  --help                  this help
exit code: 0 the deployment honours the spec, 1 a violation, 2 the run could not happen`;

export interface CliPlan {
  options: RunOptions;
  reporters: Array<{ name: ReporterName; out?: string }>;
}

export type Parsed = { ok: true; plan: CliPlan } | { ok: false; message: string; help?: boolean };

const list = (xs: string[] | undefined) =>
  (xs ?? [])
    .flatMap((x) => x.split(','))
    .map((x) => x.trim())
    .filter(Boolean);

function int(name: string, v: string | undefined, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
    throw new Error(`--${name} takes a whole number from ${min} to ${max}, not "${v}"`);
  return Number(v);
}

function seconds(name: string, v: string | undefined, min: number, max: number): number | undefined {
  const n = int(name, v, min, max);
  return n === undefined ? undefined : n * 1000;
}

export function parseContractArgs(argv: string[], env: Record<string, string | undefined> = process.env): Parsed {
  try {
    const { values, tokens } = parseArgs({
      args: argv,
      strict: true,
      tokens: true,
      options: {
        'base-url': { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        token: { type: 'string' },
        'nosub-email': { type: 'string' },
        'nosub-password': { type: 'string' },
        platform: { type: 'string' },
        'api-key': { type: 'string' },
        timeout: { type: 'string' },
        only: { type: 'string', multiple: true },
        skip: { type: 'string', multiple: true },
        reporter: { type: 'string', multiple: true },
        out: { type: 'string', multiple: true },
        strict: { type: 'boolean' },
        'allow-writes': { type: 'boolean' },
        'allow-destructive': { type: 'boolean' },
        'client-id': { type: 'string' },
        'check-rate-limit': { type: 'boolean' },
        'max-pages': { type: 'string' },
        'max-body': { type: 'string' },
        deadline: { type: 'string' },
        'max-wait': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) return { ok: false, message: USAGE, help: true };
    const reporters: CliPlan['reporters'] = pairOutputs(tokens, 'reporter', Object.keys(REPORTERS) as ReporterName[]);
    if (reporters.length === 0) reporters.push({ name: 'human' });
    if (reporters.filter((r) => r.out === undefined).length > 1)
      throw new Error('only one reporter can write to standard output; give the others --out FILE');
    const baseUrl = values['base-url'];
    if (!baseUrl) throw new Error('--base-url is required');
    const nosubEmail = values['nosub-email'] ?? env.MCS_NOSUB_EMAIL;
    const nosubPassword = values['nosub-password'] ?? env.MCS_NOSUB_PASSWORD;
    if (Boolean(nosubEmail) !== Boolean(nosubPassword))
      throw new Error('--nosub-email and --nosub-password go together');
    return {
      ok: true,
      plan: {
        reporters,
        options: {
          baseUrl,
          credentials: {
            email: values.email ?? env.MCS_EMAIL,
            password: values.password ?? env.MCS_PASSWORD,
            token: values.token ?? env.MCS_TOKEN,
          },
          nosub: nosubEmail && nosubPassword ? { email: nosubEmail, password: nosubPassword } : undefined,
          platform: values.platform,
          apiKey: values['api-key'] ?? env.MCS_API_KEY,
          timeoutMs: int('timeout', values.timeout, 1, 600_000),
          only: list(values.only),
          skip: list(values.skip),
          strict: values.strict ?? false,
          allowWrites: (values['allow-writes'] ?? false) || (values['allow-destructive'] ?? false),
          allowDestructive: values['allow-destructive'] ?? false,
          clientId: int('client-id', values['client-id'], 1, Number.MAX_SAFE_INTEGER),
          checkRateLimit: values['check-rate-limit'] ?? false,
          maxPages: int('max-pages', values['max-pages'], 1, 100_000),
          maxBodyBytes: values['max-body'] === undefined ? undefined : parseSize('max-body', values['max-body']),
          deadlineMs: seconds('deadline', values.deadline, 1, 7 * 24 * 3600),
          maxWaitMs: seconds('max-wait', values['max-wait'], 0, 24 * 3600),
        },
      },
    };
  } catch (err) {
    return { ok: false, message: `${(err as Error).message}\n${USAGE}` };
  }
}

export interface Io {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  writeFile: (path: string, text: string) => Promise<void>;
}

const realIo: Io = {
  stdout: (s) => process.stdout.write(`${s}\n`),
  stderr: (s) => process.stderr.write(`${s}\n`),
  writeFile: async (path, text) => {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  },
};

export async function main(
  argv: string[],
  env = process.env,
  io: Io = realIo,
  extra: Partial<RunOptions> = {},
): Promise<number> {
  const parsed = parseContractArgs(argv, env);
  if (!parsed.ok) {
    (parsed.help ? io.stdout : io.stderr)(parsed.message);
    return parsed.help ? 0 : 2;
  }
  const { options, reporters } = parsed.plan;
  const onCommandLine = (['password', 'nosub-password', 'token', 'api-key'] as const).filter((f) =>
    argv.some((a) => a === `--${f}` || a.startsWith(`--${f}=`)),
  );
  if (onCommandLine.length) {
    io.stderr(
      `contracts: ${onCommandLine.map((f) => `--${f}`).join(', ')} on the command line can be read in the process list, shell history and CI logs (npm run echoes its arguments); prefer the environment: MCS_PASSWORD, MCS_NOSUB_PASSWORD, MCS_TOKEN, MCS_API_KEY`,
    );
  }
  const secrets = new Set(givenSecrets(options));
  const humanToStdout = reporters.some((r) => r.name === 'human' && r.out === undefined);
  const progress = humanToStdout ? io.stdout : reporters.some((r) => r.name === 'human') ? io.stderr : undefined;
  let report: RunReport;
  try {
    report = await runContracts({
      ...options,
      onNotice: (line) => io.stderr(`contracts: ${redact(line, secrets)}`),
      ...extra,
      onResult: progress ? (r) => progress(redact(progressLine(r), secrets)) : undefined,
    });
  } catch (err) {
    const reason = err instanceof RunAborted ? err.message : `unexpected error: ${(err as Error).message}`;
    io.stderr(`contracts: the run could not happen: ${redact(reason, secrets)}`);
    return 2;
  }
  // The report comes redacted; each rendering is redacted once more for what a renderer escapes.
  for (const r of reporters) {
    const text = redact(REPORTERS[r.name](report), secrets);
    if (r.out) await io.writeFile(r.out, text);
    else io.stdout(text);
  }
  return report.summary.checks.failed > 0 ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exitCode = await main(process.argv.slice(2));
