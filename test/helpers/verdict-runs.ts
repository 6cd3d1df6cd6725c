// The suite's runs against a staging deployment, for the verdict tests: one run
// per mode and set of switches, started at once (a few at a time) and shared by
// every row that reads it; and what a report says. Each row is one assertion.
// The deployment is any server this project did not design for (Laravel-style,
// Spring-style): a start function and its accounts.
import type { Test } from 'tap';
import { findingKey, ofTheAnswer } from '../../contracts/repeats.js';
import { runContracts } from '../../contracts/runner.js';
import type { CheckResult, RunOptions, RunReport } from '../../contracts/types.js';
import { spec } from './mock.js';

import { MODES, type Mode } from './staging-modes.js';

export { MODES, type Mode };

/** The modes a switch is run alone in: all of its modes but the rate limit's, unless it shows there only. A
 *  rate-limit run waits out the throttle's window some five times (the suite's ~300 requests against 60 a
 *  window): each switch alone there cost the verdict files a minute and more of waiting, and showed nothing the
 *  read-only run alone and the rate-limit run with every switch on do not. */
export function aloneIn(modes: readonly Mode[]): Mode[] {
  const others = modes.filter((m) => m !== 'rate-limit');
  return others.length ? others : [...modes];
}

export interface RunKey<D extends string = string, V extends string = string> {
  mode: Mode;
  defects: readonly D[];
  deviations: readonly V[];
}

interface Account {
  email: string;
  password: string;
}

export interface Deployment<D extends string, V extends string> {
  /** A unique name, so that two deployments' runs are never shared. */
  name: string;
  accounts: { main: Account; nosub: Account; password: Account };
  /** Starts a fresh server with the switches; `rateLimitMs` is the throttle's window when the mode needs one. */
  start(
    k: RunKey<D, V>,
    rateLimitMs?: number,
  ): Promise<{ url: string; disposableClientId: number; close(): Promise<void> }>;
}

/** What a staging's start gives: its address, its store's disposable client, and how to stop it. */
interface Started {
  url: string;
  store: { disposableClientId: number };
  close(): Promise<void>;
}

/** A staging as a deployment: started with the run's switches, and with a throttle window in the rate-limit
 *  mode; `baseUrl` is what the suite is given of its address. */
export function stagingDeployment<D extends string, V extends string>(
  name: string,
  accounts: Deployment<D, V>['accounts'],
  start: (o: { defects: readonly D[]; deviations: readonly V[]; rateLimit?: { windowMs: number } }) => Promise<Started>,
  baseUrl: (url: string) => string = (url) => url,
): Deployment<D, V> {
  return {
    name,
    accounts,
    async start(k, rateLimitMs) {
      const s = await start({
        defects: k.defects,
        deviations: k.deviations,
        ...(rateLimitMs ? { rateLimit: { windowMs: rateLimitMs } } : {}),
      });
      return { url: baseUrl(s.url), disposableClientId: s.store.disposableClientId, close: () => s.close() };
    },
  };
}

/** The rate limit's window is 10 s, so that a run in that mode waits seconds, not minutes, while the
 *  rate-limit check's burst of 70 calls fits in one window on a loaded machine (5 s did not, once in a while,
 *  with other test files and work sharing the two CPUs: 'no 429 after 70 calls in a row'). */
const RATE_WINDOW_MS = 10_000;

function optionsOf(mode: Mode, baseUrl: string, accounts: Deployment<string, string>['accounts'], clientId: number) {
  const base: RunOptions = {
    baseUrl,
    credentials: accounts.main,
    nosub: accounts.nosub,
    passwordAccount: accounts.password,
    // The runs share this process's one thread (and the machine its two): a request may wait its turn.
    timeoutMs: 30_000,
    deadlineMs: 120_000,
  };
  if (mode === 'writes') return { ...base, allowWrites: true, allowDestructive: true, clientId };
  if (mode === 'fuzz') return { ...base, fuzz: 30, seed: 1 };
  if (mode === 'rate-limit') return { ...base, checkRateLimit: true, maxWaitMs: 60_000 };
  return base;
}

/** At most `size` runs at once. The runs share one thread, so more would only slow each down; the
 *  rate-limit runs have a pool of their own, since they spend most of their time waiting for Retry-After. */
function pool(size: number) {
  const queue: (() => void)[] = [];
  let running = 0;
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((go) => queue.push(go));
    running++;
    try {
      return await work();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}
const busy = pool(4);
const waiting = pool(10);

const runs = new Map<string, Promise<RunReport>>();

/** The report of a run of the suite against a fresh server of the deployment with these switches (memoized). */
export function runOf<D extends string, V extends string>(deployment: Deployment<D, V>, k: RunKey<D, V>) {
  const key = `${deployment.name}|${k.mode}|${[...k.defects].sort()}|${[...k.deviations].sort()}`;
  let out = runs.get(key);
  if (!out) {
    out = (k.mode === 'rate-limit' ? waiting : busy)(async () => {
      const server = await deployment.start(k, k.mode === 'rate-limit' ? RATE_WINDOW_MS : undefined);
      try {
        const options = optionsOf(k.mode, server.url, deployment.accounts, server.disposableClientId);
        return await runContracts(options, await spec());
      } finally {
        await server.close();
      }
    });
    // A rejected run is reported by the rows that read it, not as an unhandled rejection.
    out.catch(() => undefined);
    runs.set(key, out);
  }
  return out;
}

const failed = (r: RunReport) => r.results.filter((x) => x.verdict === 'fail');
const said = (x: CheckResult) => `${x.id} | ${x.problems.map((p) => p.message).join(' ;; ')}`;
const named = (x: CheckResult) => new Set([x.operationId, ...x.problems.map((p) => p.operationId)]);

/** The failed checks, one line each. */
export const brief = (r: RunReport) => failed(r).map((x) => said(x).slice(0, 240));

/** The failed check that names one of these operations and says what the evidence matches. */
export function failedWith(r: RunReport, operations: readonly string[], evidence: RegExp): CheckResult | undefined {
  return failed(r).find((x) => evidence.test(said(x)) && [...named(x)].some((o) => o && operations.includes(o)));
}

/** Defects of an answer's shape that failed more than one check, each with two of the checks: none is wanted,
 *  one defect being one failed check (contracts/repeats.ts). */
export function failedTwice(r: RunReport): string[] {
  const first = new Map<string, string>();
  const twice = new Set<string>();
  for (const x of failed(r))
    for (const p of x.problems.filter(ofTheAnswer)) {
      const by = first.get(findingKey(p));
      if (by === undefined) first.set(findingKey(p), x.id);
      else if (by !== x.id) twice.add(`${p.message.slice(0, 120)} (${by}; ${x.id})`);
    }
  return [...twice];
}

export const ledgerStatus = (r: RunReport, pointer: string) =>
  r.ledger?.entries.find((e) => e.id === pointer)?.status ?? 'absent';

export interface Row<K> {
  name: string;
  key: K;
  assert: (t: Test, report: RunReport) => unknown;
}

/** Starts every row's run, then asserts each row as its run finishes. */
export function assertRowsOf<K>(t: Test, rows: Row<K>[], run: (k: K) => Promise<RunReport>): void {
  // About 40 s on an idle machine; a loaded one (other test files, other work) may take several times that.
  t.setTimeout(600_000);
  for (const row of rows) run(row.key);
  for (const row of rows) t.test(row.name, async (tt) => await row.assert(tt, await run(row.key)));
}
