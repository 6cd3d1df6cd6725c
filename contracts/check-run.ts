// One check as it runs: the calls it made, its remarks, and whether it had
// anything to check. Session.check makes a CheckRun when a check starts and
// hands it to the check's body, which calls and conforms through it; the run
// ends with the body, so nothing of one check reaches the next. What concerns
// the run as a whole (results, coverage, timing, secrets, the waiting budget,
// the token) stays on the Session, which a CheckRun reaches as `RunWide`.
import type { Outcome } from '../lib/http.js';
import type { Reproduction } from '../lib/reproduce.js';
import type { ExchangeValidator } from '../spec/exchange.js';
import type { LoadedSpec, OperationEntry } from '../spec/load.js';
import { conformAnswer, type Expect, type Judgement, type Situation } from './conform.js';
import type { ResponseTimes } from './measures/timing.js';
import type { RunContext } from './options.js';
import { findingKey, ofTheAnswer, splitRepeats } from './repeats.js';
import type { Finding, Verdict } from './types.js';

export type AuthMode = 'bearer' | 'x-api-token' | 'none' | { bearer: string } | { xApiToken: string };

export interface CallOptions {
  /** Completed with the required properties it lacks (contracts/valid-request.ts) unless `exact`. */
  body?: unknown;
  /** The body goes as written: one invalid on purpose (a required field left out, a wrong type, a value
   *  outside its enum, a fuzz case), never completed from the spec. `raw` and `method` imply it. */
  exact?: boolean;
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
  /** The check looks for the end of the run's own session itself: a 401 to the run's token is its finding, not
   *  tried again (the run still signs in again for the checks after it). */
  judgesSession?: boolean;
}

/** What a check's run reads and feeds of the run as a whole (the Session); nothing in it is one check's. */
export interface RunWide {
  readonly ctx: RunContext;
  readonly spec: LoadedSpec;
  /** Feeds the run's coverage with every answer it validates. */
  readonly validator: ExchangeValidator;
  readonly timing: ResponseTimes;
  /** Operations shown to serve. */
  readonly covered: Set<string>;
  readonly token: string;
  /** Aborted when the run's deadline passes. */
  readonly runSignal?: AbortSignal;
  op(id: string): OperationEntry;
  selected(op: OperationEntry): boolean;
  keepSecret(value: string | undefined): void;
  /** A token that is no secret (made up): reproductions write it out. */
  showToken(value: string): void;
  /** A token the check ended (logged out): reproductions send it as $MCS_CHECK_TOKEN without writing it, as
   *  the deployment may still accept it. */
  standInToken(value: string): void;
  reproduce(out: Outcome): Reproduction;
  /** The check that reported a finding of this key (findingKey) first, if one did. */
  reportedBy(key: string): string | undefined;
  /** The body the operation takes as valid: `written`, with every required property it lacks (valid-request.ts). */
  validBody(operationId: string, written: unknown): unknown;
  /** One call on the wire, waiting out throttling within the run's budget; each wait is told to `note`. */
  send(operationId: string, o: CallOptions, note: (line: string) => void): Promise<Outcome>;
}

/** What a check found, for Session.check to cap, redact and record. */
export interface CheckOutcome {
  verdict: Verdict;
  problems: Finding[];
  notes: string[];
}

export type CheckBody = (run: CheckRun) => Promise<Finding[]>;

/** Characters of answers (their whole texts, standing for their parsed bodies) a running check holds besides
 *  its last: past it, the answers are checked at once and let go of, so a check of a hundred 10 MiB pages
 *  holds two, not a hundred. */
export const HELD_CHARS = 8 * 2 ** 20;

/** A call of the running check: its answer, and whether the check (or its run) has checked it. */
interface Call {
  operationId: string;
  out: Outcome;
  ownMethod: boolean;
  conformed: boolean;
}

export class CheckRun {
  private readonly notes: string[] = [];
  /** Set by a body whose answers held no records: it passes nothing, it is skipped with this reason. */
  private nothing: string | undefined;
  /** The calls of this check, so that every answer is checked, conformed or not. */
  private calls: Call[] = [];
  /** Over-budget findings on answers let go of before the check ends (--fuzz). */
  private readonly slow: Finding[] = [];
  /** Findings on answers checked and let go of before the check ends (HELD_CHARS), and new ones on answers used. */
  private readonly early: Finding[] = [];
  /** Findings on used answers this check reports already (see `used`). */
  private readonly usedKeys = new Set<string>();

  private constructor(
    private readonly run: RunWide,
    private readonly checkId: string,
  ) {}

  /** The body the operation takes as valid, built from the spec around what the check wrote: for a call that
   *  breaks one thing on purpose and so goes `exact` (a limit past its cap), everything else is valid. */
  validBody(operationId: string, written: unknown = {}): unknown {
    return this.run.validBody(operationId, written);
  }

  /** The only way to a CheckRun: a fresh one per body, judged when the body ends. */
  static async perform(
    run: RunWide,
    { id, operationId }: { id: string; operationId?: string },
    body: CheckBody,
  ): Promise<CheckOutcome> {
    const self = new CheckRun(run, id);
    let problems: Finding[];
    try {
      problems = [...(await body(self)), ...self.unconformedProblems()];
    } catch (err) {
      problems = [
        { operationId, message: `the check could not complete: ${(err as Error).message}`, severity: 'error' },
      ];
    }
    return self.judge(problems);
  }

  get ctx(): RunContext {
    return this.run.ctx;
  }
  get spec(): LoadedSpec {
    return this.run.spec;
  }
  get token(): string {
    return this.run.token;
  }
  get runSignal(): AbortSignal | undefined {
    return this.run.runSignal;
  }
  op(id: string): OperationEntry {
    return this.run.op(id);
  }
  selected(op: OperationEntry): boolean {
    return this.run.selected(op);
  }
  keepSecret(value: string | undefined): void {
    this.run.keepSecret(value);
  }
  showToken(value: string): void {
    this.run.showToken(value);
  }
  standInToken(value: string): void {
    this.run.standInToken(value);
  }
  /** The exchange as a developer would replay it, redacted before anything is cut. */
  reproduce(out: Outcome): Reproduction {
    return this.run.reproduce(out);
  }

  async call(operationId: string, o: CallOptions = {}): Promise<Outcome> {
    const out = await this.run.send(operationId, o, (line) => this.notes.push(line));
    this.calls.push({ operationId, out, ownMethod: o.method === undefined, conformed: false });
    this.bound();
    return out;
  }

  /** Findings on an answer: network faults, non-JSON, an unexpected status, anything off the spec; `judged` is
   *  the status the spec documents for what the call set up, or what the status expectation rests on (conform.ts). */
  conform(operationId: string, out: Outcome, expect: Expect = '2xx', judged?: Situation | Judgement): Finding[] {
    for (const c of this.calls) if (c.out === out) c.conformed = true;
    // An answer received before its check began (the sign-in) is the check's from here on.
    if (!this.calls.some((c) => c.out === out)) this.calls.push({ operationId, out, ownMethod: true, conformed: true });
    const { findings, covered } = conformAnswer(this.op(operationId), this.run.validator, out, expect, judged);
    if (covered) this.run.covered.add(operationId);
    // One reproduction per exchange, on its first finding: a report stays small.
    if (findings.length) findings[0] = { ...findings[0]!, reproduce: this.reproduce(out) };
    return findings;
  }

  /** An answer read for what it holds, not for its shape: its findings are this check's (one each), and those
   *  of the answer's shape another check reported already are counted there (see `judge`). It never stops the
   *  check. */
  used(operationId: string, out: Outcome): void {
    for (const f of this.conform(operationId, out)) {
      const key = findingKey(f);
      // A status, a fault or a body that is no JSON another check reported is that check's, silently: a read
      // that answered 500 is one failure, not one per check that read it. One of the answer's shape is noted.
      if (this.usedKeys.has(key) || (!ofTheAnswer(f) && this.run.reportedBy(key) !== undefined)) continue;
      this.usedKeys.add(key);
      this.early.push(f);
    }
  }

  /** Lets go of the answers already conformed but the last: a check of thousands of calls (--fuzz) holds only what it still needs. */
  releaseConformed(): void {
    const last = this.calls.at(-1);
    const released = this.calls.filter((c) => c.conformed && c !== last);
    // Their times are judged as they go: the check's closing tally sees only the calls it still holds.
    this.slow.push(
      ...this.run.timing.over(
        released.map((c) => c.out),
        (out) => this.reproduce(out),
      ),
    );
    this.calls = this.calls.filter((c) => !c.conformed || c === last);
  }

  /** A remark on the check, shown with its result. */
  note(line: string): void {
    this.notes.push(line);
  }

  /** Says the check had nothing to check (an empty list proves nothing): it ends skipped unless something failed. */
  nothingToCheck(reason: string): void {
    this.nothing = reason;
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

  /** An answer the check received and did not conform itself, checked against the spec for its status. */
  private problemsOf(c: Call): Finding[] {
    if (c.conformed || !c.ownMethod || c.out.fault || c.out.status === undefined || c.out.status === 429) return [];
    if (c.out.body === undefined) return [];
    const found: Finding[] = this.run.validator.validate({
      operationId: c.operationId,
      status: c.out.status,
      headers: c.out.headers,
      body: c.out.body,
    });
    if (found.length) found[0] = { ...found[0]!, reproduce: this.reproduce(c.out) };
    return found;
  }

  /** Every answer the check received and did not conform itself, checked against the spec for its status. */
  private unconformedProblems(): Finding[] {
    return [...this.early, ...this.calls.flatMap((c) => this.problemsOf(c))];
  }

  /** The verdict on the body's problems, with the slow answers it received and its last exchange. */
  private judge(all: Finding[]): CheckOutcome {
    const { own: found, notes: repeated } = splitRepeats(all, this.checkId, (key) => this.run.reportedBy(key));
    this.notes.push(...repeated);
    const received = this.calls.map((c) => c.out);
    const problems = [...found, ...this.slow, ...this.run.timing.over(received, (out) => this.reproduce(out))];
    // Problems a check found by itself are shown with the last exchange it made.
    const last = this.calls.at(-1)?.out;
    if (last && problems.length && !problems.some((p) => p.reproduce))
      problems[0] = { ...problems[0]!, reproduce: this.reproduce(last) };
    const failing = problems.filter((p) => this.ctx.strict || p.severity === 'error');
    const verdict = failing.length ? 'fail' : problems.length ? 'observation' : this.nothing ? 'skip' : 'pass';
    const notes = this.nothing && !problems.length ? [...this.notes, this.nothing] : this.notes;
    return { verdict, problems, notes };
  }
}
