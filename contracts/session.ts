// The run as a whole, which every check works through: its calls (through the
// Wire, wire.ts, which keeps the run's headers, pace and waiting budget), the
// token and its renewal when the deployment ends it (session-renewal.ts), the
// secrets, coverage and timing, and the recording of results. What belongs to
// one check lives in its CheckRun (check-run.ts), made here when the check
// starts and handed to its body.
import type { Outcome, Transport } from '../lib/http.js';
import { detachDeep } from '../lib/limits.js';
import { givenSecrets, redactDeep, redactor } from '../lib/redact.js';
import { reproduction } from '../lib/reproduce.js';
import type { ExchangeValidator } from '../spec/exchange.js';
import type { LoadedSpec, OperationEntry } from '../spec/load.js';
import { type CheckSpec, checkTimes, DEADLINE_SKIP, NOT_SELECTED, skipped, unrecorded } from './check-result.js';
import { type CallOptions, type CheckBody, type CheckOutcome, CheckRun, type RunWide } from './check-run.js';
import type { Discovered } from './discovered.js';
import { Coverage } from './measures/coverage.js';
import { ResponseTimes } from './measures/timing.js';
import type { RunContext } from './options.js';
import { ProblemCap } from './problem-cap.js';
import { findingKey } from './repeats.js';
import { SessionRenewal } from './session-renewal.js';
import type { CheckResult, Want } from './types.js';
import { validBody } from './valid-request.js';
import { Wire } from './wire.js';

// The names the checks, the runner and the CLI have always taken from here.
export { type CheckSpec, DEADLINE_SKIP, NOT_CHOSEN, NOT_SELECTED } from './check-result.js';
export type { AuthMode, CallOptions, CheckRun } from './check-run.js';
export { type Expect, refusedForNoPlan } from './conform.js';

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
  /** Keys (findingKey) of the findings checks reported so far, each with the check that reported it first. */
  private readonly reportedKeys = new Map<string, string>();
  /** A check's body is running: it calls through its CheckRun, never through the session. */
  private checking = false;
  private readonly wire: Wire;
  private readonly renewal: SessionRenewal;
  private readonly problemCap: ProblemCap;

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
    this.wire = new Wire(this);
    this.renewal = new SessionRenewal(this, this.wire);
    this.problemCap = new ProblemCap(ctx);
  }

  /** All the time the run spent waiting, for the pace and for 429s (the Wire keeps it). */
  get pausedMs(): number {
    return this.wire.pausedMs;
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
    if (value === this.token || givenSecrets(this.ctx).includes(value)) return;
    this.secrets.delete(value);
    this.shown.add(value);
  }

  /** A logged-out token stays a secret: where the finding is that it still works, it is a live token. */
  standInToken(value: string): void {
    if (value !== this.token) this.standIns.add(value);
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

  /** The call on the wire, for a CheckRun or for `call`; a check's call the run's own token was refused on is
   *  sent again once the run has signed in again (unless the check judges the session itself). */
  async send(operationId: string, o: CallOptions, note: (line: string) => void): Promise<Outcome> {
    const out = await this.wire.send(operationId, o, note);
    this.renewal.sent(operationId, o, out);
    if (!this.checking || !this.renewal.refusedOwnToken(operationId, o, out)) return out;
    const renewed = await this.renewal.renew(operationId, o, note);
    return renewed && !o.judgesSession ? this.wire.send(operationId, o, note) : out;
  }

  /** Resolves when the pace lets the run's next request leave (a request outside the checks: the world's probe). */
  turn(): Promise<void> {
    return this.wire.turn();
  }

  reportedBy(key: string): string | undefined {
    return this.reportedKeys.get(key);
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
      found = await CheckRun.perform(this, spec, body);
    } finally {
      this.checking = false;
    }
    // A check cut short by an interruption found nothing about the deployment: its calls were cut, not answered.
    const stopped = this.stoppedSkip();
    if (stopped) return this.skip(spec, stopped.replace('not run:', 'not finished:'));
    const problems = this.problemCap.cap(found.problems, spec.operationId);
    // Only what the report lists: a later check's note sends the reader to a finding that is there.
    for (const key of problems.map(findingKey)) if (!this.reportedKeys.has(key)) this.reportedKeys.set(key, spec.id);
    // Redacted as it is made: no result, progress line or report ever holds a secret; and copied, bounded,
    // so that it holds nothing of the answers it was made from.
    const result: CheckResult = detachDeep(
      redactDeep(
        {
          ...spec,
          verdict: found.verdict,
          problems,
          notes: found.notes,
          ...checkTimes(performance.now() - started, this.pausedMs - paused),
        },
        this.secrets,
      ),
    );
    this.record(result);
    return result;
  }

  /** The skip reason of a run stopped in words (an interruption, contracts/runner.ts); undefined otherwise. */
  private stoppedSkip(): string | undefined {
    const reason = this.runSignal?.aborted ? this.runSignal.reason : undefined;
    return typeof reason === 'string' ? `not run: ${reason}` : undefined;
  }

  /** Records a check as not run, with the reason; `wants` names the input it lacked (the verdict names it). */
  skip(spec: CheckSpec, reason: string, wants?: Want): CheckResult {
    if (!this.picks(spec)) return unrecorded(spec);
    // A check of an operation --only/--skip left out is that, whatever else it lacked (the CLI counts these).
    if (spec.operationId && reason !== NOT_SELECTED && !this.selected(this.op(spec.operationId)))
      return this.skip(spec, NOT_SELECTED);
    const result = skipped(spec, reason, wants);
    this.record(result);
    return result;
  }

  /** A result of the run, kept for the report and told at once (the progress line). */
  record(result: CheckResult): void {
    this.results.push(result);
    this.ctx.onResult(result);
  }
}
