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
  type RunWide,
} from './check-run.js';
import { Coverage } from './measures/coverage.js';
import { ResponseTimes } from './measures/timing.js';
import type { RunContext } from './options.js';
import { Pacer } from './pace.js';
import { type CheckGroup, type CheckResult, type Finding, resting } from './types.js';

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
  /** The mock's world every request names (contracts/world.ts); none until the run has chosen it. */
  world?: string;
  /** Problems listed in the report so far (the per-run cap). */
  private listed = 0;
  /** Time spent waiting out 429s so far (the --max-wait budget). */
  private waitedMs = 0;
  /** A check's body is running: it calls through its CheckRun, never through the session. */
  private checking = false;
  /** Spaces every request to --pace; the one place a run's pace is kept. */
  private readonly pacer: Pacer;

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

  /** A call of the run's own, outside any check (the sign-in, the setup): timed, and no check's. Its waits are
   *  told through onNotice as they begin; no check shows them. */
  call(operationId: string, o: CallOptions = {}): Promise<Outcome> {
    if (this.checking) throw new Error(`${operationId} was called through the session: a check calls through its run`);
    return this.send(operationId, o, () => undefined);
  }

  /** The call on the wire, for a CheckRun or for `call`: the run's headers, a 429 waited out within --max-wait
   *  (each wait told to `note`), and the answer timed. */
  async send(operationId: string, o: CallOptions, note: (line: string) => void): Promise<Outcome> {
    const op = this.op(operationId);
    let path = op.path;
    for (const [k, v] of Object.entries(o.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    if (o.query && Object.keys(o.query).length) path += `?${new URLSearchParams(o.query)}`;
    const headers = this.headers(o.auth ?? (op.isPublic ? 'none' : 'bearer'), o.platform);
    if (o.contentType) headers['content-type'] = o.contentType;
    const method = o.method ?? op.method.toUpperCase();
    const req = { method, path, headers, body: o.body, raw: o.raw };
    let out = await this.paced(req, o);
    for (let retry = 0; retry < 3 && out.status === 429 && !o.allow429; retry++) {
      const wait = this.waitFor(operationId, out, note);
      if (wait === undefined) break;
      await sleep(wait, undefined, this.runSignal ? { signal: this.runSignal } : undefined).catch(() => undefined);
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
    if (!o.allow429) await this.pacer.turn(this.runSignal);
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

  /** The exchange as a developer would replay it, redacted before anything is cut. */
  reproduce(out: Outcome) {
    return reproduction(this.ctx.apiBase, out, redactor(this.secrets), this.shown, this.standIns);
  }

  /** Runs one check on a CheckRun of its own; whatever it throws becomes a problem of that check, never a crash. */
  async check(spec: CheckSpec, body: CheckBody): Promise<CheckResult> {
    if (spec.operationId && !this.selected(this.op(spec.operationId))) return this.skip(spec, NOT_SELECTED);
    if (this.runSignal?.aborted) return this.skip(spec, DEADLINE_SKIP);
    const started = performance.now();
    this.checking = true;
    let found: CheckOutcome;
    try {
      found = await CheckRun.perform(this, spec.operationId, body);
    } finally {
      this.checking = false;
    }
    // Redacted as it is made: no result, progress line or report ever holds a secret; and copied, bounded,
    // so that it holds nothing of the answers it was made from.
    const result: CheckResult = detachDeep(
      redactDeep(
        {
          ...spec,
          verdict: found.verdict,
          problems: this.cap(found.problems, spec.operationId),
          notes: found.notes,
          ms: Math.round(performance.now() - started),
        },
        this.secrets,
      ),
    );
    this.results.push(result);
    this.ctx.onResult(result);
    return result;
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

  skip(spec: CheckSpec, reason: string): CheckResult {
    const result: CheckResult = { ...spec, verdict: 'skip', problems: [], notes: [reason], ms: 0 };
    this.results.push(result);
    this.ctx.onResult(result);
    return result;
  }
}
