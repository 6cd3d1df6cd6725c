// runContracts: signs in, runs every check against the deployment, and returns
// the report. It never exits; ContractOptionsError says which option it cannot
// take, RunAborted why else the run could not happen.

import { createTransport } from '../lib/http.js';
import { preview } from '../lib/preview.js';
import { redact, redactDeep } from '../lib/redact.js';
import { nearest } from '../lib/words.js';
import { createExchangeValidator } from '../spec/exchange.js';
import { type LoadedSpec, loadSpec } from '../spec/load.js';
import { signIn } from './checks/kit.js';
import { CHECKS, type CheckModule } from './checks/registry.js';
import { checkMinCoverage, coverageResult } from './measures/coverage.js';
import { buildLedger } from './measures/ledger.js';
import { checkBudgets } from './measures/timing.js';
import { type RunContext, resolveRunOptions } from './options.js';
import { ContractOptionsError } from './options-error.js';
import { expectedRequests, paceNotice } from './pace.js';
import {
  type CheckSelection,
  checkTallies,
  isChosen,
  selectChecks,
  selectionNotices,
  starvedSkips,
} from './selection.js';
import { DEADLINE_SKIP, refusedForNoPlan, Session } from './session.js';
import { type CheckResult, RunAborted, type RunOptions, type RunReport, type RunSummary, type Want } from './types.js';
import { chooseWorld, type WorldChoice } from './world.js';
import { wrongPath } from './wrong-path.js';

/** Runs the suite; the report it returns is already redacted (secrets never leave the run). */
export async function runContracts(options: RunOptions, spec?: LoadedSpec): Promise<RunReport> {
  const loaded = spec ?? (await loadSpec());
  const ctx = resolveRunOptions(options, loaded);
  checkSelection(ctx, loaded);
  const selection = selectChecks(ctx);
  checkMinCoverage(ctx.minCoverage);
  checkBudgets(ctx, loaded, nearest);
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), ctx.deadlineMs);
  // An interruption stops the run as its deadline would, with its own words in the skips (session.ts).
  const interrupt = () => deadline.abort(interruption(options.signal!));
  options.signal?.addEventListener('abort', interrupt, { once: true });
  if (options.signal?.aborted) interrupt();
  const transport = createTransport(ctx.apiBase, ctx.fetch, ctx.timeoutMs, {
    maxBodyBytes: ctx.maxBodyBytes,
    runSignal: deadline.signal,
  });
  // A skip for want of the records an excluded conformance:reads would find says why (contracts/selection.ts).
  const sessionCtx = { ...ctx, onResult: starvedSkips(selection, ctx.onResult) };
  const s = new Session(sessionCtx, loaded, createExchangeValidator(loaded), transport, deadline.signal);
  s.picks = (spec) => isChosen(selection, spec.id, spec.group);
  for (const notice of selectionNotices(selection)) ctx.onNotice(notice);
  announcePace(ctx, loaded.operations.filter((o) => s.selected(o)).length);
  let world: WorldChoice = { fresh: false };
  let stopped: RunReport['stopped'];
  try {
    world = await chooseWorld(ctx, () => s.turn(), deadline.signal);
    s.world = world.name;
    await preflight(s, world);
    for (const m of modulesToRun(selection)) await m.run(s, s.found);
  } catch (err) {
    if (!(err instanceof RunAborted)) throw err;
    // The reason a run could not happen may quote an answer: no secret in it either.
    stopped = { kind: 'aborted', reason: redact(err.message, s.secrets) };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', interrupt);
  }
  // Interrupted wins: an abort it caused (a sign-in cut short) is no reason of the deployment's.
  if (options.signal?.aborted) stopped = { kind: 'interrupted', reason: interruption(options.signal) };
  else if (deadline.signal.aborted && !stopped) overran(s);
  const report = redactDeep(runReport(s, loaded, world, { started, startedAt, stopped, selection }), s.secrets);
  // What was found before the run stopped goes with the reason, for the reports a CI asked for.
  if (stopped?.kind === 'aborted') throw new RunAborted(stopped.reason, report);
  return report;
}

/** Why the run was interrupted: the signal's reason when it gave one in words. */
function interruption(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'the run was interrupted';
}

/** The report of the results so far: the whole run's, or a stopped run's (the one function for both). */
function runReport(
  s: Session,
  loaded: LoadedSpec,
  world: WorldChoice,
  run: { started: number; startedAt: string; stopped: RunReport['stopped']; selection: CheckSelection },
): RunReport {
  const { ctx } = s;
  const { selection } = run;
  const count = (v: string) => s.results.filter((r) => r.verdict === v).length;
  const selected = loaded.operations.filter((o) => s.selected(o));
  const coverage = s.coverage.report(selected, ctx.minCoverage);
  const covered = coverageResult(coverage);
  // A narrowed run reaches less of the spec by choice: its coverage says so rather than look like a gap.
  if (covered && selection.narrowed)
    covered.notes.push('counted over the checks --checks/--exclude-checks selected (report.checks.notSelected)');
  for (const r of [covered, s.timing.leftoverResult()]) if (r) finish(s, r);
  const modes = [
    ctx.allowDestructive ? 'destructive' : ctx.allowWrites ? 'writes' : 'read-only',
    ...(ctx.nosub ? ['no-plan account'] : []),
    ...(ctx.passwordAccount ? ['password-change account'] : []),
    ...(ctx.checkRateLimit ? ['rate limit'] : []),
    ...(ctx.strict ? ['strict'] : []),
    ...(ctx.pace > 0 ? [`paced to ${ctx.pace} a minute`] : []),
    ...(ctx.fuzz > 0 ? [`fuzz ${ctx.fuzz} (seed ${ctx.seed})`] : []),
    ...(world.name ? [`world ${world.name}${world.fresh ? ' (fresh)' : ''}`] : []),
    ...(selection.narrowed
      ? [
          `checks ${CHECKS.filter((c) => selection.chosen.has(c.name))
            .map((c) => c.name)
            .join(', ')}`,
        ]
      : []),
  ];
  return {
    tool: 'mcs-contracts',
    target: ctx.apiBase,
    startedAt: run.startedAt,
    modes,
    ...(world.name ? { world: { name: world.name, fresh: world.fresh } } : {}),
    ...(run.stopped ? { stopped: run.stopped } : {}),
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
      ...wanting(s.results),
      requests: s.transport.count,
      durationMs: Math.round(performance.now() - run.started),
      ...(s.pausedMs >= 1 ? { waitedMs: Math.round(s.pausedMs) } : {}),
    },
    coverage,
    timing: s.timing.report(),
    ledger: buildLedger(loaded.raw, s.results, coverage),
    checks: checkTallies(selection, s.results),
  };
}

/** The inputs checks were skipped for want of, each with its checks: the verdict names them. */
function wanting(results: CheckResult[]): Pick<RunSummary, 'wanting'> {
  const by = new Map<string, Want & { checks: string[] }>();
  for (const r of results) {
    if (r.verdict !== 'skip' || !r.wants) continue;
    const key = `${r.wants.input}\u0000${r.wants.flag}`;
    if (!by.has(key)) by.set(key, { ...r.wants, checks: [] });
    by.get(key)!.checks.push(r.id);
  }
  return by.size ? { wanting: [...by.values()] } : {};
}

/** Said before the first request: a paced run is slow on purpose, and says how slow. */
function announcePace(ctx: RunContext, operations: number): void {
  if (ctx.pace <= 0) return;
  ctx.onNotice(paceNotice(expectedRequests({ operations, allowWrites: ctx.allowWrites, fuzz: ctx.fuzz }), ctx.pace));
}

/** The registry's modules, each once, where its first selected entry stands: the run's order is the registry's. */
function modulesToRun(selection: CheckSelection): CheckModule[] {
  const modules: CheckModule[] = [];
  for (const c of CHECKS)
    if (c.module && (!selection.narrowed || selection.chosen.has(c.name)) && !modules.includes(c.module))
      modules.push(c.module);
  return modules;
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
    const nothingThere = wrongPath('the token check (user/get_profile)', out, s.ctx, s.spec.basePath);
    if (nothingThere) throw new RunAborted(nothingThere);
    if (out.status === 401)
      throw new RunAborted(`the token was refused (401 from ${s.ctx.apiBase}/user/get_profile)${freshHint(world)}`);
    return;
  }
  // Without a token, resolveRunOptions has required both.
  const { out, token: signedIn } = await signIn(s, email!, password!);
  if (out.fault) throw new RunAborted(unreachable(s, out.fault));
  if (signedIn) s.token = signedIn;
  s.signInUser = (out.body as { data?: { user?: unknown } } | null | undefined)?.data?.user;
  // The sign-in's answer becomes this check's as it is conformed.
  await s.check(
    { id: 'conformance:signin', group: 'conformance', operationId: 'signin', title: 'signs in and returns a token' },
    async (run) => run.conform('signin', out),
  );
  if (!s.token)
    throw new RunAborted(
      wrongPath('sign-in', out, s.ctx, s.spec.basePath) ??
        `${noToken(out.status, out.body)}${out.status === 401 ? freshHint(world) : ''}`,
    );
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
