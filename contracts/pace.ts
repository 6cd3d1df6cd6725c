// Pace: against a deployment that enforces the documented rate limit, a run
// that sends as fast as it can trips the limit and then waits out whole
// windows. Spacing the requests to the limit avoids every 429 the run is not
// testing, and the run can say up front how long it will take.
import { setTimeout as sleep } from 'node:timers/promises';
import type { SpecFacts } from '../spec/facts.js';

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: Clock = {
  now: () => performance.now(),
  // A deadline that passes ends the wait; the request after it meets the same aborted signal in the transport.
  sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : undefined).catch(() => undefined),
};

/** Hands out send times at most `perMinute` a minute apart; 0 hands them out at once. */
export class Pacer {
  /** The earliest time the next request may leave. */
  private next = Number.NEGATIVE_INFINITY;

  constructor(
    readonly perMinute: number,
    private readonly clock: Clock = realClock,
  ) {}

  /** Resolves when the next request may leave, with whether it had to wait. The slot is taken before waiting,
   *  so calls made together still leave one interval apart. */
  async turn(signal?: AbortSignal): Promise<boolean> {
    if (this.perMinute <= 0) return false;
    const now = this.clock.now();
    const at = Math.max(now, this.next);
    this.next = at + 60_000 / this.perMinute;
    if (at <= now) return false;
    await this.clock.sleep(at - now, signal);
    return true;
  }
}

/** Special-use names (RFC 6761) that reach no deployment on the public network: a run against them is a test
 *  double's (an in-process mock behind an injected fetch), which no rate limit guards. */
const LOCAL_SUFFIXES = ['.localhost', '.test', '.invalid'];

/** The host is this machine (localhost, 127.0.0.0/8, ::1, 127.x mapped into IPv6) or a special-use test name. */
export function isLocal(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' ||
    LOCAL_SUFFIXES.some((s) => host.endsWith(s)) ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '::1' ||
    /^::ffff:(127\.|7f)/.test(host)
  );
}

/** Requests a minute the run keeps to: the one asked for (0: none), else the spec's documented limit
 *  against a host that is not local, and none against a local one (our mock, a local build). */
export function paceOf(asked: number | undefined, local: boolean, facts: SpecFacts): number {
  if (asked !== undefined) return asked;
  if (local) return 0;
  const { requests, windowSeconds } = facts.rateLimit;
  return Math.floor((requests * 60) / windowSeconds);
}

/** Requests of a full run against our mock, per operation selected (248 for 26 operations read-only, the
 *  probes of every x-assumed point included), and the writes' and fuzz's extra: an estimate for the notice,
 *  not a promise (test/contracts/pace.test.ts holds it within a tenth of a real run). */
const PER_OPERATION = 9.5;
const WITH_WRITES = 42;
const FUZZ_PER_CASE = 2;

export function expectedRequests(o: { operations: number; allowWrites: boolean; fuzz: number }): number {
  return Math.round(
    o.operations * PER_OPERATION + (o.allowWrites ? WITH_WRITES : 0) + o.fuzz * o.operations * FUZZ_PER_CASE,
  );
}

/** The line said before the checks: `about 193 requests, paced to 60 a minute: about 4 min`. */
export function paceNotice(requests: number, perMinute: number): string {
  const seconds = Math.ceil((requests * 60) / perMinute);
  const duration = seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return `about ${requests} requests, paced to ${perMinute} a minute: about ${duration} (--pace off to send at full speed)`;
}
