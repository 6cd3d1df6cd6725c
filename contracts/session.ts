// The run as a whole, which every check works through: the calls on the wire
// (with the run's headers, waiting out throttling within the run's budget),
// the token, the secrets, coverage and timing, and the recording of results.
// What belongs to one check lives in its CheckRun (check-run.ts), made here
// when the check starts and handed to its body.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Outcome, Transport } from '../lib/http.js';
import { detachDeep } from '../lib/limits.js';
import { givenSecrets, redactDeep, redactor } from '../lib/redact.js';
import { reproduction } from '../lib/reproduce.js';
import { WORLD_HEADER } from '../lib/world-name.js';
import type { ExchangeValidator } from '../spec/exchange.js';
import type { LoadedSpec, OperationEntry } from '../spec/load.js';
import {
  type AuthMode,
  type CallOptions,
  type CheckBody,
  type CheckOutcome,
  CheckRun,
  findingKey,
  type RunWide,
} from './check-run.js';
import type { Discovered } from './discovered.js';
import { Coverage } from './measures/coverage.js';
import { ResponseTimes } from './measures/timing.js';
import type { RunContext } from './options.js';
import { Pacer } from './pace.js';
import { MAX_RENEWALS, sessionLossNotice, sessionLossResult } from './session-loss.js';
import { type CheckGroup, type CheckResult, type Finding, resting, type Want } from './types.js';
import { bodyToSend, validBody } from './valid-request.js';

export type { AuthMode, CallOptions, CheckRun } from './check-run.js';
export { type Expect, refusedForNoPlan } from './conform.js';

export interface CheckSpec {
  id: string;
  group: CheckGroup;
  title: string;
  operationId?: string;
  /** The x-assumed nodes (JSON pointers, or HTTP_RULES ids) the check's requests show: the ledger counts each
   *  confirmed when the check ran and nothing rests on it, and quotes the check's reason when it was skipped. */
  shows?: string[];
}

export const DEADLINE_SKIP = "not run: the run's deadline passed (--deadline)";
/** The reason of a check left out by the selection: the CLI counts these rather than listing each. */
export const NOT_SELECTED = 'not selected by --only/--skip';
/** The reason of a check --checks / --exclude-checks left out (never recorded: see unrecorded). */
export const NOT_CHOSEN = 'not selected by --checks/--exclude-checks';

/** A check's own time, and apart from it the time it waited for the pace or a Retry-After (when it did). */
function checkTimes(totalMs: number, waitedMs: number): Pick<CheckResult, 'ms' | 'waitedMs'> {
  const waited = Math.round(waitedMs);
  return { ms: Math.max(0, Math.round(totalMs) - waited), ...(waited > 0 ? { waitedMs: waited } : {}) };
}

export class Session implements RunWide {
  readonly results: CheckResult[] = [];
  readonly covered = new Set<string>();
  readonly secrets = new Set<string>();
  /** Tokens that are no secret (made up): reproductions write them out (lib/reproduce.ts). */
  readonly shown = new Set<string>();
  /** Tokens a check ended (logged out): reproductions send them as $MCS_CHECK_TOKEN, unwritten. */
  readonly standIns = new Set<string>();
  /** Fed by every answer the session validates (through `validator`). */
  readonly coverage: Coverage;
  /** Fed by every answer a call receives. */
  readonly timing: ResponseTimes;
  token = '';
  /** The user record of the run's own sign-in answer, where a deployment may name the caller's company. */
  signInUser?: unknown;
  /** The records the checks found (the contract between them); valid bodies take a required field from it. */
  readonly found: Discovered = { measurementTypes: [], reads: [] };
  /** The mock's world every request names (contracts/world.ts); none until the run has chosen it. */
  world?: string;
  /** Whether a check is of an entry of the registry the run makes (--checks / --exclude-checks, set by the
   *  runner from contracts/selection.ts); every check unless set. */
  picks: (spec: CheckSpec) => boolean = () => true;
  /** Keys (findingKey) of the findings checks reported so far. */
  private readonly reportedKeys = new Set<string>();
  /** Problems listed in the report so far (the per-run cap). */
  private listed = 0;
  /** Time spent waiting out 429s so far (the --max-wait budget). */
  private waitedMs = 0;
  /** All the time spent waiting so far, for the pace and for 429s' Retry-After: no answer's time nor any check's
   *  own, so that a paced run's checks do not each show the pace's second. */
  pausedMs = 0;
  /** A check's body is running: it calls through its CheckRun, never through the session. */
  private checking = false;
  /** Spaces every request to --pace; the one place a run's pace is kept. */
  private readonly pacer: Pacer;
  /** The run's own session was found ended (said once, in a notice and a finding), and signed in again so often. */
  private lost = false;
  private renewals = 0;
  /** Calls so far; the last one the run's token was taken on; the last logout of another session taken. A
   *  session lost after such a logout, with no success of its own since, may be that logout's doing. */
  private calls = 0;
  private ownWorked = 0;
  private otherLoggedOut = 0;
  /** The operation that ended that other session (the spec's `ends-session` write). */
  private loggedOutBy: OperationEntry | undefined;

  constructor(
    readonly ctx: RunContext,
    readonly spec: LoadedSpec,
    readonly validator: ExchangeValidator,
    readonly transport: Transport,
    /** Aborted when the run's deadline passes. */
    readonly runSignal?: AbortSignal,
  ) {
    for (const s of givenSecrets(ctx)) this.secrets.add(s);
    this.coverage = new Coverage(spec);
    this.validator = this.coverage.watch(validator);
    this.timing = new ResponseTimes(ctx);
    this.pacer = new Pacer(ctx.pace);
  }

  op(id: string): OperationEntry {
    const op = this.spec.byId.get(id);
    if (!op) throw new Error(`the spec has no operation ${id}`);
    return op;
  }

  selected(op: OperationEntry): boolean {
    const named = (set: Set<string>) => set.has(op.operationId) || op.tags.some((t) => set.has(t));
    if (this.ctx.only.size > 0 && !named(this.ctx.only)) return false;
    return !named(this.ctx.skip);
  }

  keepSecret(value: string | undefined): void {
    if (value) this.secrets.add(value);
  }

  /** A token that opens nothing any more (or never did): no longer hunted, and written out by reproductions, so
   *  that they send what the check sent. Never the run's own token. */
  showToken(value: string): void {
    if (value === this.token || this.givenSecret(value)) return;
    this.secrets.delete(value);
    this.shown.add(value);
  }

  /** A logged-out token stays a secret: where the finding is that it still works, it is a live token. */
  standInToken(value: string): void {
    if (value !== this.token) this.standIns.add(value);
  }

  private givenSecret(value: string): boolean {
    return givenSecrets(this.ctx).includes(value);
  }

  headers(auth: AuthMode, platform: string | null | undefined): Record<string, string> {
    const names = this.ctx.facts.headers;
    const h: Record<string, string> = {};
    if (platform !== null) h[names.platform] = platform ?? this.ctx.platform;
    if (this.ctx.apiKey) h[names.apiKey] = this.ctx.apiKey;
    if (auth === 'bearer') h[names.authorization] = `Bearer ${this.token}`;
    else if (auth === 'x-api-token') h[names.token] = this.token;
    else if (typeof auth === 'object' && 'bearer' in auth) h[names.authorization] = `Bearer ${auth.bearer}`;
    else if (typeof auth === 'object' && 'xApiToken' in auth) h[names.token] = auth.xApiToken;
    // Every request, whatever else it leaves out: a reproduction sent again lands in the same world.
    if (this.world) h[WORLD_HEADER] = this.world;
    return h;
  }

  validBody(operationId: string, written: unknown): unknown {
    return validBody(this.op(operationId), written, this.found);
  }

  /** A call of the run's own, outside any check (the sign-in, the setup): timed, and no check's. Its waits are
   *  told through onNotice as they begin; no check shows them. */
  call(operationId: string, o: CallOptions = {}): Promise<Outcome> {
    if (this.checking) throw new Error(`${operationId} was called through the session: a check calls through its run`);
    return this.send(operationId, o, () => undefined);
  }

  /** The call on the wire, for a CheckRun or for `call`: the run's headers, a 429 waited out within --max-wait
   *  (each wait told to `note`), and the answer timed. */
  async send(operationId: string, o: CallOptions, note: (line: string) => void): Promise<Outcome> {
    const out = await this.sendOnce(operationId, o, note);
    this.calls++;
    const taken = out.status !== undefined && out.status < 300;
    if (taken && this.op(operationId).writeEffect?.kind === 'ends-session' && typeof o.auth === 'object') {
      this.otherLoggedOut = this.calls;
      this.loggedOutBy = this.op(operationId);
    }
    if (taken && this.ownToken(operationId, o)) this.ownWorked = this.calls;
    if (!this.refusedOwnToken(operationId, o, out)) return out;
    const renewed = await this.renew(operationId, o, note);
    return renewed && !o.judgesSession ? this.sendOnce(operationId, o, note) : out;
  }

  /** A check's call with the run's own token answered 401. */
  private refusedOwnToken(operationId: string, o: CallOptions, out: Outcome): boolean {
    return out.status === 401 && this.checking && !!this.token && this.ownToken(operationId, o);
  }

  /** The call carries the run's own token. */
  private ownToken(operationId: string, o: CallOptions): boolean {
    const auth = o.auth ?? (this.op(operationId).isPublic ? 'none' : 'bearer');
    return auth === 'bearer' || auth === 'x-api-token';
  }

  /**
   * The run's token was refused where no check logged it out. If the profile refuses it too, the session is
   * gone (a deployment that ended it, or let a check end it): said once, as a notice and a finding of the run,
   * and the run signs in again when it has the credentials, so that the checks after this one are not all 401
   * failures. True when the run holds a fresh token.
   */
  private async renew(operationId: string, o: CallOptions, note: (line: string) => void): Promise<boolean> {
    const { email, password } = this.ctx.credentials;
    const can = !!(email && password) && this.renewals < MAX_RENEWALS;
    if (this.lost && !can) return false;
    const probe = await this.sendOnce('getProfile', { body: {} }, note);
    if (probe.status !== 401) return false;
    if (!this.lost) this.sessionLost(operationId, probe, can, !o.judgesSession);
    this.lost = true;
    if (!can) return false;
    this.renewals++;
    const signin = await this.sendOnce(
      'signin',
      { body: { email, password, device_token: '', platform: this.ctx.platform } },
      note,
    );
    const token = (signin.body as { data?: { api_token?: unknown } } | null | undefined)?.data?.api_token;
    if (typeof token !== 'string' || !token) return false;
    this.keepSecret(token);
    this.token = token;
    return true;
  }

  /** Says once that the run's session ended: a notice at once, and (unless the check judges it) a finding. */
  private sessionLost(operationId: string, probe: Outcome, renewing: boolean, finding: boolean): void {
    const loss = { operationId, renewing, strict: this.ctx.strict, reproduce: this.reproduce(probe) };
    this.ctx.onNotice(sessionLossNotice(loss));
    if (!finding) return;
    // A logout of another session, with no success of the run's token since, may have ended it too.
    const logout = this.otherLoggedOut > this.ownWorked ? this.loggedOutBy : undefined;
    const recorded = detachDeep(redactDeep(sessionLossResult({ ...loss, logout }), this.secrets));
    this.results.push(recorded);
    this.ctx.onResult(recorded);
  }

  /** One call on the wire, as `send` describes it. */
  private async sendOnce(operationId: string, o: CallOptions, note: (line: string) => void): Promise<Outcome> {
    const op = this.op(operationId);
    let path = op.path;
    for (const [k, v] of Object.entries(o.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    if (o.query && Object.keys(o.query).length) path += `?${new URLSearchParams(o.query)}`;
    const headers = this.headers(o.auth ?? (op.isPublic ? 'none' : 'bearer'), o.platform);
    if (o.contentType) headers['content-type'] = o.contentType;
    const method = o.method ?? op.method.toUpperCase();
    const req = { method, path, headers, body: bodyToSend(op, o, this.found), raw: o.raw };
    let out = await this.paced(req, o);
    for (let retry = 0; retry < 3 && out.status === 429 && !o.allow429; retry++) {
      const wait = this.waitFor(operationId, out, note);
      if (wait === undefined) break;
      const asleep = performance.now();
      await sleep(wait, undefined, this.runSignal ? { signal: this.runSignal } : undefined).catch(() => undefined);
      this.pausedMs += performance.now() - asleep;
      this.waitedMs += wait;
      out = await this.paced(req, o);
    }
    this.timing.record(operationId, out);
    return out;
  }

  /** Resolves when the pace lets the run's next request leave (a request outside the checks: the world's probe). */
  turn(): Promise<void> {
    return this.pacer.turn(this.runSignal);
  }

  /** One request, when the pace lets it leave. A call that expects the 429 (the rate-limit check) spends the
   *  quota on purpose, so it is not held back. */
  private async paced(req: Parameters<Transport['send']>[0], o: CallOptions): Promise<Outcome> {
    if (!o.allow429) {
      const waiting = performance.now();
      await this.pacer.turn(this.runSignal);
      this.pausedMs += performance.now() - waiting;
    }
    return this.transport.send(req);
  }

  /** How long to wait out a 429 within what is left of --max-wait; undefined when the budget is spent. */
  private waitFor(operationId: string, out: Outcome, note: (line: string) => void): number | undefined {
    const left = this.ctx.maxWaitMs - this.waitedMs;
    if (left <= 0) {
      note(
        `throttled (429) on ${operationId}; the waiting budget (--max-wait ${Math.round(this.ctx.maxWaitMs / 1000)} s) is spent, so not waiting`,
      );
      return undefined;
    }
    const retryAfter = out.headers['retry-after'];
    const wait = Math.min(left, 1000 * Math.max(1, Number(retryAfter) || 1));
    // Said as the wait begins: a run that goes quiet for a minute should say why.
    this.ctx.onNotice(
      `throttled (429) on ${operationId}: waiting ${Math.ceil(wait / 1000)} s (Retry-After: ${retryAfter ?? 'none'}; ${Math.round((left - wait) / 1000)} s of --max-wait left)`,
    );
    note(`throttled (429) on ${operationId}; waited ${Math.round(wait / 1000)} s and retried`);
    return wait;
  }

  reported(key: string): boolean {
    return this.reportedKeys.has(key);
  }

  /** The exchange as a developer would replay it, redacted before anything is cut. */
  reproduce(out: Outcome) {
    return reproduction(this.ctx.apiBase, out, redactor(this.secrets), this.shown, this.standIns);
  }

  /** Runs one check on a CheckRun of its own; whatever it throws becomes a problem of that check, never a crash. */
  async check(spec: CheckSpec, body: CheckBody): Promise<CheckResult> {
    // A check of an entry --checks / --exclude-checks left out is neither made nor recorded.
    if (!this.picks(spec)) return unrecorded(spec);
    if (spec.operationId && !this.selected(this.op(spec.operationId))) return this.skip(spec, NOT_SELECTED);
    if (this.runSignal?.aborted) return this.skip(spec, this.stoppedSkip() ?? DEADLINE_SKIP);
    const started = performance.now();
    const paused = this.pausedMs;
    this.checking = true;
    let found: CheckOutcome;
    try {
      found = await CheckRun.perform(this, spec.operationId, body);
    } finally {
      this.checking = false;
    }
    for (const p of found.problems) this.reportedKeys.add(findingKey(p));
    // A check cut short by an interruption found nothing about the deployment: its calls were cut, not answered.
    const stopped = this.stoppedSkip();
    if (stopped) return this.skip(spec, stopped.replace('not run:', 'not finished:'));
    // Redacted as it is made: no result, progress line or report ever holds a secret; and copied, bounded,
    // so that it holds nothing of the answers it was made from.
    const result: CheckResult = detachDeep(
      redactDeep(
        {
          ...spec,
          verdict: found.verdict,
          problems: this.cap(found.problems, spec.operationId),
          notes: found.notes,
          ...checkTimes(performance.now() - started, this.pausedMs - paused),
        },
        this.secrets,
      ),
    );
    this.results.push(result);
    this.ctx.onResult(result);
    return result;
  }

  /** The skip reason of a run stopped in words (an interruption, contracts/runner.ts); undefined otherwise. */
  private stoppedSkip(): string | undefined {
    const reason = this.runSignal?.aborted ? this.runSignal.reason : undefined;
    return typeof reason === 'string' ? `not run: ${reason}` : undefined;
  }

  /** The problems the report lists: a body with a million violations must not make a report no one can write or read. */
  private cap(problems: Finding[], operationId: string | undefined): Finding[] {
    const { maxProblemsPerCheck: perCheck, maxProblemsPerRun: perRun } = this.ctx;
    const room = Math.max(0, Math.min(perCheck, perRun - this.listed));
    if (problems.length <= room) {
      this.listed += problems.length;
      return problems;
    }
    const rest = problems.slice(room);
    this.listed += room;
    return [
      ...problems.slice(0, room),
      // An observation when every one left out is (named by the first one's assumption); else an error.
      resting(
        {
          operationId,
          message: `... and ${rest.length} more problem${rest.length === 1 ? '' : 's'} not listed (a report lists at most ${perCheck} per check and ${perRun} per run)`,
        },
        rest.every((p) => p.assumption) ? rest[0]!.assumption : undefined,
      ),
    ];
  }

  /** Records a check as not run, with the reason; `wants` names the input it lacked (the verdict names it). */
  skip(spec: CheckSpec, reason: string, wants?: Want): CheckResult {
    if (!this.picks(spec)) return unrecorded(spec);
    // A check of an operation --only/--skip left out is that, whatever else it lacked (the CLI counts these).
    if (spec.operationId && reason !== NOT_SELECTED && !this.selected(this.op(spec.operationId)))
      return this.skip(spec, NOT_SELECTED);
    const result: CheckResult = {
      ...spec,
      verdict: 'skip',
      problems: [],
      notes: [wants ? `${reason}; ${wants.flag} gives it` : reason],
      ms: 0,
      ...(wants ? { wants } : {}),
    };
    this.results.push(result);
    this.ctx.onResult(result);
    return result;
  }
}

/** What a check left out by --checks / --exclude-checks returns to its module: kept out of the report. */
function unrecorded(spec: CheckSpec): CheckResult {
  return { ...spec, verdict: 'skip', problems: [], notes: [NOT_CHOSEN], ms: 0 };
}
