// One request of the run on the wire: the run's headers (its token, its world),
// the run's pace kept, a 429 waited out within --max-wait, and the answer timed.
// Every call of the run leaves through here, so that the pace and the waiting
// budget are one for the whole run. What an answer means for the run's own
// session is session-renewal.ts's; what it means for a check, check-run.ts's.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Outcome, Transport } from '../lib/http.js';
import { WORLD_HEADER } from '../lib/world-name.js';
import type { OperationEntry } from '../spec/load.js';
import type { AuthMode, CallOptions } from './check-run.js';
import type { Discovered } from './discovered.js';
import type { ResponseTimes } from './measures/timing.js';
import type { RunContext } from './options.js';
import { Pacer } from './pace.js';
import { bodyToSend } from './valid-request.js';

/** What a request takes of the run (the Session): read at each request, as the token and the world change
 *  mid-run (a sign-in again, the world chosen after the probe). */
export interface WireRun {
  readonly ctx: RunContext;
  readonly transport: Transport;
  /** Aborted when the run's deadline passes: it ends a wait. */
  readonly runSignal?: AbortSignal;
  readonly timing: ResponseTimes;
  readonly found: Discovered;
  readonly token: string;
  readonly world?: string;
  op(id: string): OperationEntry;
}

export class Wire {
  /** Time spent waiting out 429s so far (the --max-wait budget). */
  private waitedMs = 0;
  /** All the time spent waiting so far, for the pace and for 429s' Retry-After: no answer's time nor any check's
   *  own, so that a paced run's checks do not each show the pace's second. */
  pausedMs = 0;
  /** Spaces every request to --pace; the one place a run's pace is kept. */
  private readonly pacer: Pacer;

  constructor(private readonly run: WireRun) {
    this.pacer = new Pacer(run.ctx.pace);
  }

  headers(auth: AuthMode, platform: string | null | undefined): Record<string, string> {
    const { ctx, token, world } = this.run;
    const names = ctx.facts.headers;
    const h: Record<string, string> = {};
    if (platform !== null) h[names.platform] = platform ?? ctx.platform;
    if (ctx.apiKey) h[names.apiKey] = ctx.apiKey;
    if (auth === 'bearer') h[names.authorization] = `Bearer ${token}`;
    else if (auth === 'x-api-token') h[names.token] = token;
    else if (typeof auth === 'object' && 'bearer' in auth) h[names.authorization] = `Bearer ${auth.bearer}`;
    else if (typeof auth === 'object' && 'xApiToken' in auth) h[names.token] = auth.xApiToken;
    // Every request, whatever else it leaves out: a reproduction sent again lands in the same world.
    if (world) h[WORLD_HEADER] = world;
    return h;
  }

  /** One call on the wire: the run's headers, a 429 waited out within --max-wait (each wait told to `note`),
   *  and the answer timed. */
  async send(operationId: string, o: CallOptions, note: (line: string) => void): Promise<Outcome> {
    const op = this.run.op(operationId);
    let path = op.path;
    for (const [k, v] of Object.entries(o.params ?? {})) path = path.replace(`{${k}}`, encodeURIComponent(v));
    if (o.query && Object.keys(o.query).length) path += `?${new URLSearchParams(o.query)}`;
    const headers = this.headers(o.auth ?? (op.isPublic ? 'none' : 'bearer'), o.platform);
    if (o.contentType) headers['content-type'] = o.contentType;
    const method = o.method ?? op.method.toUpperCase();
    const req = { method, path, headers, body: bodyToSend(op, o, this.run.found), raw: o.raw };
    let out = await this.paced(req, o);
    for (let retry = 0; retry < 3 && out.status === 429 && !o.allow429; retry++) {
      const wait = this.waitFor(operationId, out, note);
      if (wait === undefined) break;
      const signal = this.run.runSignal;
      const asleep = performance.now();
      await sleep(wait, undefined, signal ? { signal } : undefined).catch(() => undefined);
      this.pausedMs += performance.now() - asleep;
      this.waitedMs += wait;
      out = await this.paced(req, o);
    }
    this.run.timing.record(operationId, out);
    return out;
  }

  /** Resolves when the pace lets the run's next request leave (a request outside the checks: the world's probe). */
  async turn(): Promise<void> {
    await this.pacer.turn(this.run.runSignal);
  }

  /** One request, when the pace lets it leave. A call that expects the 429 (the rate-limit check) spends the
   *  quota on purpose, so it is not held back. */
  private async paced(req: Parameters<Transport['send']>[0], o: CallOptions): Promise<Outcome> {
    if (!o.allow429) {
      const waiting = performance.now();
      // Only a turn that slept is a wait: the await of one that did not can take a millisecond on a loaded
      // machine, which an unpaced run would then show as a wait for the pace.
      if (await this.pacer.turn(this.run.runSignal)) this.pausedMs += performance.now() - waiting;
    }
    return this.run.transport.send(req);
  }

  /** How long to wait out a 429 within what is left of --max-wait; undefined when the budget is spent. */
  private waitFor(operationId: string, out: Outcome, note: (line: string) => void): number | undefined {
    const { ctx } = this.run;
    const left = ctx.maxWaitMs - this.waitedMs;
    if (left <= 0) {
      note(
        `throttled (429) on ${operationId}; the waiting budget (--max-wait ${Math.round(ctx.maxWaitMs / 1000)} s) is spent, so not waiting`,
      );
      return undefined;
    }
    const retryAfter = out.headers['retry-after'];
    const wait = Math.min(left, 1000 * Math.max(1, Number(retryAfter) || 1));
    // Said as the wait begins: a run that goes quiet for a minute should say why.
    ctx.onNotice(
      `throttled (429) on ${operationId}: waiting ${Math.ceil(wait / 1000)} s (Retry-After: ${retryAfter ?? 'none'}; ${Math.round((left - wait) / 1000)} s of --max-wait left)`,
    );
    note(`throttled (429) on ${operationId}; waited ${Math.round(wait / 1000)} s and retried`);
    return wait;
  }
}
