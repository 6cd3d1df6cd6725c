// runContracts: signs in, runs every check against the deployment, and returns
// the report. It never exits; ContractOptionsError says which option it cannot
// take, RunAborted why else the run could not happen.

import { createTransport } from '../lib/http.js';
import { preview } from '../lib/preview.js';
import { redact, redactDeep } from '../lib/redact.js';
import { nearest } from '../lib/words.js';
import { createExchangeValidator } from '../spec/exchange.js';
import { type LoadedSpec, loadSpec } from '../spec/load.js';
import { authChecks } from './checks/auth.js';
import { conformanceChecks, logoutCheck } from './checks/conformance.js';
import { signIn } from './checks/kit.js';
import { meaningChecks } from './checks/meaning.js';
import { negativeChecks } from './checks/negative.js';
import { pagingChecks } from './checks/paging.js';
import { probeChecks } from './checks/probes.js';
import { rateLimitCheck } from './checks/rate-limit.js';
import { searchChecks } from './checks/search.js';
import { sequenceChecks } from './checks/sequences/index.js';
import { subscriptionChecks } from './checks/subscription.js';
import { writeChecks } from './checks/writes.js';
import { checkMinCoverage, coverageResult } from './measures/coverage.js';
import { buildLedger } from './measures/ledger.js';
import { checkBudgets } from './measures/timing.js';
import { type RunContext, resolveRunOptions } from './options.js';
import { ContractOptionsError } from './options-error.js';
import { expectedRequests, paceNotice } from './pace.js';
import { DEADLINE_SKIP, refusedForNoPlan, Session } from './session.js';
import { type CheckResult, RunAborted, type RunOptions, type RunReport } from './types.js';
import { chooseWorld, type WorldChoice } from './world.js';

/** Runs the suite; the report it returns is already redacted (secrets never leave the run). */
export async function runContracts(options: RunOptions, spec?: LoadedSpec): Promise<RunReport> {
  const loaded = spec ?? (await loadSpec());
  const ctx = resolveRunOptions(options, loaded);
  checkSelection(ctx, loaded);
  checkMinCoverage(ctx.minCoverage);
  checkBudgets(ctx, loaded, nearest);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), ctx.deadlineMs);
  const transport = createTransport(ctx.apiBase, ctx.fetch, ctx.timeoutMs, {
    maxBodyBytes: ctx.maxBodyBytes,
    runSignal: deadline.signal,
  });
  const s = new Session(ctx, loaded, createExchangeValidator(loaded), transport, deadline.signal);
  announcePace(ctx, loaded.operations.filter((o) => s.selected(o)).length);
  let world: WorldChoice = { fresh: false };
  try {
    world = await chooseWorld(ctx, () => s.turn(), deadline.signal);
    s.world = world.name;
    await preflight(s, world);
    const found = await conformanceChecks(s);
    await authChecks(s, found);
    await subscriptionChecks(s, found);
    await pagingChecks(s, found);
    await searchChecks(s, found);
    await meaningChecks(s, found);
    await probeChecks(s, found);
    await negativeChecks(s);
    // Loaded only when asked for: fast-check stays out of a plain run.
    if (ctx.fuzz > 0) await (await import('./checks/fuzz.js')).fuzzChecks(s, found);
    await writeChecks(s, found);
    await sequenceChecks(s, found);
    await logoutCheck(s, found);
    await rateLimitCheck(s);
  } catch (err) {
    // The reason a run could not happen may quote an answer: no secret in it either.
    if (err instanceof RunAborted) throw new RunAborted(redact(err.message, s.secrets));
    throw err;
  } finally {
    clearTimeout(timer);
  }
  if (deadline.signal.aborted) overran(s);

  const count = (v: string) => s.results.filter((r) => r.verdict === v).length;
  const selected = loaded.operations.filter((o) => s.selected(o));
  const coverage = s.coverage.report(selected, ctx.minCoverage);
  for (const r of [coverageResult(coverage), s.timing.leftoverResult()]) if (r) finish(s, r);
  const modes = [
    ctx.allowDestructive ? 'destructive' : ctx.allowWrites ? 'writes' : 'read-only',
    ...(ctx.nosub ? ['no-plan account'] : []),
    ...(ctx.passwordAccount ? ['password-change account'] : []),
    ...(ctx.checkRateLimit ? ['rate limit'] : []),
    ...(ctx.strict ? ['strict'] : []),
    ...(ctx.pace > 0 ? [`paced to ${ctx.pace} a minute`] : []),
    ...(ctx.fuzz > 0 ? [`fuzz ${ctx.fuzz} (seed ${ctx.seed})`] : []),
    ...(world.name ? [`world ${world.name}${world.fresh ? ' (fresh)' : ''}`] : []),
  ];
  const report: RunReport = {
    tool: 'mcs-contracts',
    target: ctx.apiBase,
    startedAt,
    modes,
    ...(world.name ? { world: { name: world.name, fresh: world.fresh } } : {}),
    results: s.results,
    summary: {
      operations: {
        covered: selected.filter((o) => s.covered.has(o.operationId)).length,
        total: selected.length,
        uncovered: selected.filter((o) => !s.covered.has(o.operationId)).map((o) => o.operationId),
      },
      checks: {
        total: s.results.length,
        passed: count('pass'),
        failed: count('fail'),
        observations: count('observation'),
        skipped: count('skip'),
      },
      requests: s.transport.count,
      durationMs: Math.round(performance.now() - started),
    },
    coverage,
    timing: s.timing.report(),
    ledger: buildLedger(loaded.raw, s.results, coverage),
  };
  return redactDeep(report, s.secrets);
}

/** Said before the first request: a paced run is slow on purpose, and says how slow. */
function announcePace(ctx: RunContext, operations: number): void {
  if (ctx.pace <= 0) return;
  ctx.onNotice(paceNotice(expectedRequests({ operations, allowWrites: ctx.allowWrites, fuzz: ctx.fuzz }), ctx.pace));
}

/** only and skip name operationIds or tags of the spec; anything else is an options error. */
function checkSelection(ctx: { only: Set<string>; skip: Set<string> }, spec: LoadedSpec): void {
  const ids = spec.operations.map((o) => o.operationId);
  const tags = [...new Set(spec.operations.flatMap((o) => o.tags))];
  const valid = new Set([...ids, ...tags]);
  for (const option of ['only', 'skip'] as const) {
    for (const name of ctx[option]) {
      if (valid.has(name)) continue;
      const guess = nearest(name, [...valid]);
      throw new ContractOptionsError(
        (n) =>
          `${n(option)} names ${name}, which is no operationId or tag of the spec${guess ? ` (did you mean ${guess}?)` : ''}; tags: ${tags.join(', ')}; operationIds: ${ids.join(', ')}`,
      );
    }
  }
}

/** A result of the run as a whole, recorded as the checks' are. */
function finish(s: Session, result: CheckResult): void {
  s.results.push(result);
  s.ctx.onResult(result);
}

/** One finding for a run that overran its deadline, naming what it did not get to. */
function overran(s: Session): void {
  const notRun = s.results.filter((r) => r.verdict === 'skip' && r.notes.includes(DEADLINE_SKIP)).length;
  const seconds = Math.round(s.ctx.deadlineMs / 1000);
  const result: CheckResult = {
    id: 'run:deadline',
    group: 'run',
    title: `finishes within the run's deadline (${seconds} s)`,
    verdict: 'fail',
    problems: [
      {
        message: `the run did not finish within ${seconds} s (--deadline): ${notRun} check${notRun === 1 ? ' was' : 's were'} not run`,
        severity: 'error',
      },
    ],
    notes: [],
    ms: 0,
  };
  finish(s, result);
}

/** Sign in (or check the given token); a run that cannot start is aborted. */
async function preflight(s: Session, world: WorldChoice): Promise<void> {
  await signInOrCheckToken(s, world);
  await checkSetup(s);
}

/** Setup mistakes are the account's, not the API's: one line and exit 2, not a page of violations. */
async function checkSetup(s: Session): Promise<void> {
  const list = await s.call('listClients', { body: { page: 1 } });
  if (list.status !== undefined && refusedForNoPlan(s.op('listClients'), list.status, list.body)) {
    throw new RunAborted(
      'the account has no active plan, so every operation that needs one answers 403 Subscription required.: sign in with an account that has a plan (an account without one goes in --nosub-email / MCS_NOSUB_EMAIL)',
    );
  }
  const id = s.ctx.clientId;
  if (id === undefined) return;
  const rooms = await s.call('getRoomsByClientId', { body: { client_id: id } });
  if (rooms.status === 404 || rooms.status === 403 || rooms.status === 422) {
    throw new RunAborted(
      `--client-id ${id} is not a client of this account (room/get-by-client-id answered ${rooms.status}): name one of its own clients, made for the destructive check`,
    );
  }
}

/** Why an account or token the default world knows may be refused in the run's fresh world. */
function freshHint(world: WorldChoice): string {
  return world.fresh
    ? ` (in the run's fresh world ${world.name}, which starts as the mock's seeded world: an account or token made in the default world is not in it; --world default runs there)`
    : '';
}

async function signInOrCheckToken(s: Session, world: WorldChoice): Promise<void> {
  const { email, password, token } = s.ctx.credentials;
  if (token) {
    s.token = token;
    const out = await s.call('getProfile', { body: {} });
    if (out.fault) throw new RunAborted(unreachable(s, out.fault));
    if (out.status === 401)
      throw new RunAborted(`the token was refused (401 from ${s.ctx.apiBase}/user/get_profile)${freshHint(world)}`);
    return;
  }
  // Without a token, resolveRunOptions has required both.
  const { out, token: signedIn } = await signIn(s, email!, password!);
  if (out.fault) throw new RunAborted(unreachable(s, out.fault));
  if (signedIn) s.token = signedIn;
  // The sign-in's answer becomes this check's as it is conformed.
  await s.check(
    { id: 'conformance:signin', group: 'conformance', operationId: 'signin', title: 'signs in and returns a token' },
    async (run) => run.conform('signin', out),
  );
  if (!s.token) throw new RunAborted(`${noToken(out.status, out.body)}${out.status === 401 ? freshHint(world) : ''}`);
}

/** Why the run has no token after its sign-in: a refusal, or a success that gave none (the deployment's defect). */
function noToken(status: number | undefined, body: unknown): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  if (status === undefined || status >= 300)
    return `sign-in refused: ${status}${typeof message === 'string' ? ` ${message}` : ''}`;
  const data = (body as { data?: unknown } | null | undefined)?.data;
  const given =
    data !== null && typeof data === 'object' && 'api_token' in data
      ? `data.api_token is ${preview((data as { api_token: unknown }).api_token, 80)}`
      : 'it has no data.api_token';
  return `sign-in answered ${status} but gave no token (${given}; the spec requires a non-empty string, the token to present afterwards): no protected operation can be checked`;
}

function unreachable(s: Session, fault: { kind: string; message: string }): string {
  return fault.kind === 'too-large' || fault.kind === 'deadline'
    ? `${s.ctx.apiBase}: ${fault.message}`
    : `cannot reach ${s.ctx.apiBase}: ${fault.message}`;
}
