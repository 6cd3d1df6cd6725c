// What every check works through: calls by operationId with the run's
// headers, conformance of an answer to the spec, and the recording of results.
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoadedSpec, OperationEntry } from '../spec/load.js';
import type { ExchangeValidator } from './exchange.js';
import { describeBody, type Outcome, type Transport } from './http.js';
import type { RunContext } from './options.js';
import { givenSecrets, redactDeep, redactor } from './redact.js';
import { reproduction } from './reproduce.js';
import type { CheckGroup, CheckResult, Problem } from './types.js';

export type AuthMode = 'bearer' | 'x-api-token' | 'none' | { bearer: string } | { xApiToken: string };

export interface CallOptions {
  body?: unknown;
  raw?: string;
  contentType?: string;
  auth?: AuthMode;
  /** null leaves the platform header out. */
  platform?: string | null;
  params?: Record<string, string>;
  /** Another method than the operation's (the wrong-method check). */
  method?: string;
  /** The rate-limit check wants its 429; every other check waits one out. */
  allow429?: boolean;
}

export type Expect = number[] | '2xx' | '4xx';

export interface CheckSpec {
  id: string;
  group: CheckGroup;
  title: string;
  operationId?: string;
}

/** The hint for a gated operation refused with its documented no-plan 403 while a 2xx was expected. */
const NO_PLAN = ' (the documented refusal of an account without an active plan: sign in with one that has a plan)';

export function refusedForNoPlan(op: OperationEntry, status: number, body: unknown): boolean {
  if (status !== 403 || !op.subscriptionRequired) return false;
  const documented = op.responses['403']?.examples[0] as { message?: unknown } | undefined;
  return (
    documented?.message !== undefined && (body as { message?: unknown } | undefined)?.message === documented.message
  );
}

export const DEADLINE_SKIP = "not run: the run's deadline passed (--deadline)";

export class Session {
  readonly results: CheckResult[] = [];
  readonly covered = new Set<string>();
  readonly secrets = new Set<string>();
  token = '';
  private notes: string[] = [];
  /** Problems listed in the report so far (the per-run cap). */
  private listed = 0;
  /** Time spent waiting out 429s so far (the --max-wait budget). */
  private waitedMs = 0;
  /** Set by a check whose answers held no records: it passes nothing, it is skipped with this reason. */
  private nothing: string | undefined;
  /** The calls of the running check, so that every answer is checked, conformed or not. */
  private calls: Array<{ operationId: string; out: Outcome; ownMethod: boolean; conformed: boolean }> = [];

  constructor(
    readonly ctx: RunContext,
    readonly spec: LoadedSpec,
    readonly validator: ExchangeValidator,
    readonly transport: Transport,
    /** Aborted when the run's deadline passes. */
    readonly runSignal?: AbortSignal,
  ) {
    for (const s of givenSecrets(ctx)) this.secrets.add(s);
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
    const h: Record<string, string> = {};
    if (platform !== null) h.platform = platform ?? this.ctx.platform;
    if (this.ctx.apiKey) h['api-key'] = this.ctx.apiKey;
    if (auth === 'bearer') h.authorization = `Bearer ${this.token}`;
    else if (auth === 'x-api-token') h['x-api-token'] = this.token;
    else if (typeof auth === 'object' && 'bearer' in auth) h.authorization = `Bearer ${auth.bearer}`;
    else if (typeof auth === 'object' && 'xApiToken' in auth) h['x-api-token'] = auth.xApiToken;
    return h;
  }

  async call(operationId: string, o: CallOptions = {}): Promise<Outcome> {
    const op = this.op(operationId);
    let path = op.path;
    for (const [k, v] of Object.entries(o.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
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
    return out;
  }

  /** The exchange as a developer would replay it, redacted before anything is cut. */
  reproduce(out: Outcome) {
    return reproduction(this.ctx.apiBase, out, redactor(this.secrets));
  }

  /** Every answer a check received and did not conform itself, checked against the spec for its status. */
  private unconformedProblems(): Problem[] {
    const problems: Problem[] = [];
    for (const c of this.calls) {
      if (c.conformed || !c.ownMethod || c.out.fault || c.out.status === undefined || c.out.status === 429) continue;
      if (c.out.body === undefined) continue;
      const found = this.validator.validate({
        operationId: c.operationId,
        status: c.out.status,
        headers: c.out.headers,
        body: c.out.body,
      });
      found.forEach((f, i) => {
        problems.push({
          message: f.message,
          operationId: c.operationId,
          status: c.out.status,
          at: f.at,
          expected: f.expected,
          actual: f.actual,
          assumed: f.assumed,
          ...(i === 0 ? { reproduce: this.reproduce(c.out) } : {}),
        });
      });
    }
    return problems;
  }

  /** Problems with an answer: network faults, non-JSON, an unexpected status, anything off the spec. */
  conform(operationId: string, out: Outcome, expect: Expect = '2xx'): Problem[] {
    for (const c of this.calls) if (c.out === out) c.conformed = true;
    const problems = this.conformProblems(operationId, out, expect);
    // One reproduction per exchange, on its first problem: a report stays small.
    if (problems.length) problems[0] = { ...problems[0]!, reproduce: this.reproduce(out) };
    return problems;
  }

  private conformProblems(operationId: string, out: Outcome, expect: Expect): Problem[] {
    const op = this.op(operationId);
    const base = { operationId, assumed: false };
    if (out.fault)
      return [
        {
          ...base,
          message: `${operationId}: ${out.fault.message} (${out.request.method} ${out.request.path})`,
          expected: 'an answer',
          actual: out.fault.kind,
        },
      ];
    const status = out.status!;
    // A 429 proves nothing about the operation (neither that it serves nor that it refuses):
    // a throttle that outlasts the waiting is a finding, and the operation is not covered.
    if (status === 429 && !(Array.isArray(expect) && expect.includes(429))) {
      return [
        {
          ...base,
          status,
          message: `${operationId} stayed throttled (429) after the waiting allowed (--max-wait): the check could not run`,
          expected: Array.isArray(expect) ? expect.join(' or ') : expect,
          actual: '429',
        },
      ];
    }
    const problems: Problem[] = [];
    const ok =
      expect === '2xx'
        ? status >= 200 && status < 300
        : expect === '4xx'
          ? status >= 400 && status < 500
          : expect.includes(status);
    if (!ok) {
      const want = Array.isArray(expect) ? expect.join(' or ') : expect;
      const why =
        status >= 500 ? ' (a server error)' : expect === '2xx' && refusedForNoPlan(op, status, out.body) ? NO_PLAN : '';
      // Only the expectation decides: a 401 expected of an assumed operation is still a fact.
      const assumed =
        expect === '2xx' ? op.assumed : Array.isArray(expect) && expect.every((x) => op.responses[String(x)]?.assumed);
      problems.push({
        ...base,
        status,
        message: `${operationId} answered ${status}${why}, expected ${want}`,
        expected: want,
        actual: String(status),
        assumed,
      });
    }
    if (out.body === undefined) {
      problems.push({
        ...base,
        status,
        message: `${operationId} ${status} came with ${describeBody(out)}`,
        expected: 'a JSON body',
        actual: describeBody(out),
      });
      return problems;
    }
    for (const f of this.validator.validate({ operationId, status, headers: out.headers, body: out.body })) {
      problems.push({
        message: f.message,
        operationId,
        status,
        at: f.at,
        expected: f.expected,
        actual: f.actual,
        assumed: f.assumed,
      });
    }
    if (out.status !== undefined && out.status < 500) this.covered.add(operationId);
    return problems;
  }

  /** Says the running check had nothing to check (an empty list proves nothing): it ends skipped unless something failed. */
  nothingToCheck(reason: string): void {
    this.nothing = reason;
  }

  /** Runs one check; whatever it throws becomes a problem of that check, never a crash. */
  async check(spec: CheckSpec, fn: () => Promise<Problem[]>): Promise<CheckResult> {
    if (spec.operationId && !this.selected(this.op(spec.operationId)))
      return this.skip(spec, 'not selected by --only/--skip');
    if (this.runSignal?.aborted) return this.skip(spec, DEADLINE_SKIP);
    const started = performance.now();
    this.notes = [];
    this.calls = [];
    this.nothing = undefined;
    let problems: Problem[];
    try {
      problems = [...(await fn()), ...this.unconformedProblems()];
    } catch (err) {
      problems = [
        {
          operationId: spec.operationId,
          message: `the check could not complete: ${(err as Error).message}`,
          assumed: false,
        },
      ];
    }
    // Problems a check found by itself are shown with the last exchange it made.
    const last = this.calls.at(-1)?.out;
    if (last && problems.length && !problems.some((p) => p.reproduce))
      problems[0] = { ...problems[0]!, reproduce: this.reproduce(last) };
    const failing = problems.filter((p) => this.ctx.strict || !p.assumed);
    // Redacted as it is made: no result, progress line or report ever holds a secret.
    const result: CheckResult = redactDeep(
      {
        ...spec,
        verdict: failing.length ? 'fail' : problems.length ? 'observation' : this.nothing ? 'skip' : 'pass',
        problems: this.cap(problems, spec.operationId),
        notes: this.nothing && !problems.length ? [...this.notes, this.nothing] : this.notes,
        ms: Math.round(performance.now() - started),
      },
      this.secrets,
    );
    this.results.push(result);
    this.ctx.onResult(result);
    return result;
  }

  /** The problems the report lists: a body with a million violations must not make a report no one can write or read. */
  private cap(problems: Problem[], operationId: string | undefined): Problem[] {
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
        assumed: rest.every((p) => p.assumed),
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
