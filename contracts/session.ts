// What every check works through: calls by operationId with the run's
// headers (waiting out throttling), conformance of each answer (conform.ts),
// and the recording of results.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Outcome, Transport } from '../lib/http.js';
import { detachDeep } from '../lib/limits.js';
import { givenSecrets, redactDeep, redactor } from '../lib/redact.js';
import { reproduction } from '../lib/reproduce.js';
import type { ExchangeValidator } from '../spec/exchange.js';
import type { LoadedSpec, OperationEntry } from '../spec/load.js';
import { conformAnswer, type Expect } from './conform.js';
import { Coverage } from './measures/coverage.js';
import { ResponseTimes } from './measures/timing.js';
import type { RunContext } from './options.js';
import type { CheckGroup, CheckResult, Finding } from './types.js';

export { type Expect, refusedForNoPlan } from './conform.js';

export type AuthMode = 'bearer' | 'x-api-token' | 'none' | { bearer: string } | { xApiToken: string };

export interface CallOptions {
  body?: unknown;
  raw?: string;
  contentType?: string;
  auth?: AuthMode;
  /** null leaves the platform header out. */
  platform?: string | null;
  params?: Record<string, string>;
  /** Query parameters, appended to the path. */
  query?: Record<string, string>;
  /** Another method than the operation's (the wrong-method check). */
  method?: string;
  /** The rate-limit check wants its 429; every other check waits one out. */
  allow429?: boolean;
}

export interface CheckSpec {
  id: string;
  group: CheckGroup;
  title: string;
  operationId?: string;
}

export const DEADLINE_SKIP = "not run: the run's deadline passed (--deadline)";

/** Characters of answers (their whole texts, standing for their parsed bodies) a running check holds besides
 *  its last: past it, the answers are checked at once and let go of, so a check of a hundred 10 MiB pages
 *  holds two, not a hundred. */
export const HELD_CHARS = 8 * 2 ** 20;

/** A call of the running check: its answer, and whether the check (or the session) has checked it. */
interface Call {
  operationId: string;
  out: Outcome;
  ownMethod: boolean;
  conformed: boolean;
}

export class Session {
  readonly results: CheckResult[] = [];
  readonly covered = new Set<string>();
  readonly secrets = new Set<string>();
  /** Fed by every answer the session validates (through `validator`). */
  readonly coverage: Coverage;
  /** Fed by every answer a call receives. */
  readonly timing: ResponseTimes;
  token = '';
  private notes: string[] = [];
  /** Problems listed in the report so far (the per-run cap). */
  private listed = 0;
  /** Time spent waiting out 429s so far (the --max-wait budget). */
  private waitedMs = 0;
  /** Set by a check whose answers held no records: it passes nothing, it is skipped with this reason. */
  private nothing: string | undefined;
  /** The calls of the running check, so that every answer is checked, conformed or not. */
  private calls: Call[] = [];
  /** Over-budget findings on answers let go of before the check ends (--fuzz). */
  private slow: Finding[] = [];
  /** Findings on answers checked and let go of before the check ends (HELD_CHARS). */
  private early: Finding[] = [];

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

  headers(auth: AuthMode, platform: string | null | undefined): Record<string, string> {
    const names = this.ctx.facts.headers;
    const h: Record<string, string> = {};
    if (platform !== null) h[names.platform] = platform ?? this.ctx.platform;
    if (this.ctx.apiKey) h[names.apiKey] = this.ctx.apiKey;
    if (auth === 'bearer') h[names.authorization] = `Bearer ${this.token}`;
    else if (auth === 'x-api-token') h[names.token] = this.token;
    else if (typeof auth === 'object' && 'bearer' in auth) h[names.authorization] = `Bearer ${auth.bearer}`;
    else if (typeof auth === 'object' && 'xApiToken' in auth) h[names.token] = auth.xApiToken;
    return h;
  }

  async call(operationId: string, o: CallOptions = {}): Promise<Outcome> {
    const op = this.op(operationId);
    let path = op.path;
    for (const [k, v] of Object.entries(o.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    if (o.query && Object.keys(o.query).length) path += `?${new URLSearchParams(o.query)}`;
    const headers = this.headers(o.auth ?? (op.isPublic ? 'none' : 'bearer'), o.platform);
    if (o.contentType) headers['content-type'] = o.contentType;
    const method = o.method ?? op.method.toUpperCase();
    const req = { method, path, headers, body: o.body, raw: o.raw };
    let out = await this.transport.send(req);
    for (let retry = 0; retry < 3 && out.status === 429 && !o.allow429; retry++) {
      const left = this.ctx.maxWaitMs - this.waitedMs;
      if (left <= 0) {
        this.notes.push(
          `throttled (429) on ${operationId}; the waiting budget (--max-wait ${Math.round(this.ctx.maxWaitMs / 1000)} s) is spent, so not waiting`,
        );
        break;
      }
      const retryAfter = out.headers['retry-after'];
      const wait = Math.min(left, 1000 * Math.max(1, Number(retryAfter) || 1));
      // Said as the wait begins: a run that goes quiet for a minute should say why.
      this.ctx.onNotice(
        `throttled (429) on ${operationId}: waiting ${Math.ceil(wait / 1000)} s (Retry-After: ${retryAfter ?? 'none'}; ${Math.round((left - wait) / 1000)} s of --max-wait left)`,
      );
      this.notes.push(`throttled (429) on ${operationId}; waited ${Math.round(wait / 1000)} s and retried`);
      await sleep(wait, undefined, this.runSignal ? { signal: this.runSignal } : undefined).catch(() => undefined);
      this.waitedMs += wait;
      out = await this.transport.send(req);
    }
    this.calls.push({ operationId, out, ownMethod: o.method === undefined, conformed: false });
    this.timing.record(operationId, out);
    this.bound();
    return out;
  }

  /** Past HELD_CHARS, every answer but the last is checked now (what the check's end would have found) and let go of. */
  private bound(): void {
    let held = 0;
    for (const c of this.calls) held += c.out.textLength ?? c.out.text.length;
    if (held <= HELD_CHARS) return;
    const last = this.calls.at(-1);
    for (const c of this.calls) {
      if (c === last || c.conformed) continue;
      this.early.push(...this.problemsOf(c));
      c.conformed = true;
    }
    this.releaseConformed();
  }

  /** The exchange as a developer would replay it, redacted before anything is cut. */
  reproduce(out: Outcome) {
    return reproduction(this.ctx.apiBase, out, redactor(this.secrets));
  }

  /** An answer the check received and did not conform itself, checked against the spec for its status. */
  private problemsOf(c: Call): Finding[] {
    if (c.conformed || !c.ownMethod || c.out.fault || c.out.status === undefined || c.out.status === 429) return [];
    if (c.out.body === undefined) return [];
    const found: Finding[] = this.validator.validate({
      operationId: c.operationId,
      status: c.out.status,
      headers: c.out.headers,
      body: c.out.body,
    });
    if (found.length) found[0] = { ...found[0]!, reproduce: this.reproduce(c.out) };
    return found;
  }

  /** Every answer a check received and did not conform itself, checked against the spec for its status. */
  private unconformedProblems(): Finding[] {
    return [...this.early, ...this.calls.flatMap((c) => this.problemsOf(c))];
  }

  /** Findings on an answer: network faults, non-JSON, an unexpected status, anything off the spec. */
  conform(operationId: string, out: Outcome, expect: Expect = '2xx'): Finding[] {
    for (const c of this.calls) if (c.out === out) c.conformed = true;
    // An answer received before its check began (the sign-in) is the check's from here on.
    if (!this.calls.some((c) => c.out === out)) this.calls.push({ operationId, out, ownMethod: true, conformed: true });
    const { findings, covered } = conformAnswer(this.op(operationId), this.validator, out, expect);
    if (covered) this.covered.add(operationId);
    // One reproduction per exchange, on its first finding: a report stays small.
    if (findings.length) findings[0] = { ...findings[0]!, reproduce: this.reproduce(out) };
    return findings;
  }

  /** Lets go of the answers already conformed but the last: a check of thousands of calls (--fuzz) holds only what it still needs. */
  releaseConformed(): void {
    const last = this.calls.at(-1);
    const released = this.calls.filter((c) => c.conformed && c !== last);
    // Their times are judged as they go: the check's closing tally sees only the calls it still holds.
    this.slow.push(
      ...this.timing.over(
        released.map((c) => c.out),
        (out) => this.reproduce(out),
      ),
    );
    this.calls = this.calls.filter((c) => !c.conformed || c === last);
  }

  /** A remark on the running check, shown with its result. */
  note(line: string): void {
    this.notes.push(line);
  }

  /** Says the running check had nothing to check (an empty list proves nothing): it ends skipped unless something failed. */
  nothingToCheck(reason: string): void {
    this.nothing = reason;
  }

  /** Runs one check; whatever it throws becomes a problem of that check, never a crash. */
  async check(spec: CheckSpec, fn: () => Promise<Finding[]>): Promise<CheckResult> {
    if (spec.operationId && !this.selected(this.op(spec.operationId)))
      return this.skip(spec, 'not selected by --only/--skip');
    if (this.runSignal?.aborted) return this.skip(spec, DEADLINE_SKIP);
    const started = performance.now();
    this.notes = [];
    this.calls = [];
    this.slow = [];
    this.early = [];
    this.nothing = undefined;
    let problems: Finding[];
    try {
      problems = [...(await fn()), ...this.unconformedProblems()];
    } catch (err) {
      problems = [
        {
          operationId: spec.operationId,
          message: `the check could not complete: ${(err as Error).message}`,
          severity: 'error',
        },
      ];
    }
    const received = this.calls.map((c) => c.out);
    problems.push(...this.slow, ...this.timing.over(received, (out) => this.reproduce(out)));
    // Problems a check found by itself are shown with the last exchange it made.
    const last = this.calls.at(-1)?.out;
    if (last && problems.length && !problems.some((p) => p.reproduce))
      problems[0] = { ...problems[0]!, reproduce: this.reproduce(last) };
    const failing = problems.filter((p) => this.ctx.strict || p.severity === 'error');
    // Redacted as it is made: no result, progress line or report ever holds a secret; and copied, bounded,
    // so that it holds nothing of the answers it was made from.
    const result: CheckResult = detachDeep(
      redactDeep(
        {
          ...spec,
          verdict: failing.length ? 'fail' : problems.length ? 'observation' : this.nothing ? 'skip' : 'pass',
          problems: this.cap(problems, spec.operationId),
          notes: this.nothing && !problems.length ? [...this.notes, this.nothing] : this.notes,
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
      {
        operationId,
        message: `... and ${rest.length} more problem${rest.length === 1 ? '' : 's'} not listed (a report lists at most ${perCheck} per check and ${perRun} per run)`,
        severity: rest.every((p) => p.severity === 'observation') ? 'observation' : 'error',
      },
    ];
  }

  skip(spec: CheckSpec, reason: string): CheckResult {
    const result: CheckResult = { ...spec, verdict: 'skip', problems: [], notes: [reason], ms: 0 };
    this.results.push(result);
    this.ctx.onResult(result);
    return result;
  }
}
