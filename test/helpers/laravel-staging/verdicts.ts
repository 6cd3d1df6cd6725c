// The suite's runs against the staging, for the verdict tests: one run per
// mode and set of switches, started at once (a few at a time) and shared by
// every row that reads it; and what a report says about a defect or an
// assumption. Each row is one assertion.
import type { Test } from 'tap';
import { runContracts } from '../../../contracts/runner.js';
import type { CheckResult, RunOptions, RunReport } from '../../../contracts/types.js';
import { spec } from '../mock.js';
import { startStaging } from './server.js';
import { DEFAULT_ACCOUNTS } from './store.js';
import { DEFECTS, type DefectName, type DeviationName, type Mode } from './switches.js';

export interface RunKey {
  mode: Mode;
  defects: readonly DefectName[];
  deviations: readonly DeviationName[];
}

const keyOf = (k: RunKey) => `${k.mode}|${[...k.defects].sort()}|${[...k.deviations].sort()}`;

/** The rate limit's window is 5 s, so that a run in that mode waits seconds, not minutes, while the
 *  rate-limit check's burst of 61 calls fits in one window on a loaded machine. */
const RATE_WINDOW_MS = 5000;

function optionsOf(mode: Mode, baseUrl: string, clientId: number): RunOptions {
  const a = DEFAULT_ACCOUNTS;
  const base: RunOptions = {
    baseUrl,
    credentials: a.main,
    nosub: a.nosub,
    passwordAccount: a.password,
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

/** The report of a run of the suite against a fresh staging with these switches (memoized). */
export function run(k: RunKey): Promise<RunReport> {
  const key = keyOf(k);
  let out = runs.get(key);
  if (!out) {
    out = (k.mode === 'rate-limit' ? waiting : busy)(async () => {
      const staging = await startStaging({
        defects: k.defects,
        deviations: k.deviations,
        ...(k.mode === 'rate-limit' ? { rateLimit: { windowMs: RATE_WINDOW_MS } } : {}),
      });
      try {
        return await runContracts(optionsOf(k.mode, staging.url, staging.store.disposableClientId), await spec());
      } finally {
        await staging.close();
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

/** The failed check that reports the defect: it names one of its operations and says what its evidence matches. */
export function shows(r: RunReport, d: DefectName): CheckResult | undefined {
  const { operations, evidence } = DEFECTS[d];
  const ops: string[] = operations;
  return failed(r).find((x) => evidence.test(said(x)) && [...named(x)].some((o) => o && ops.includes(o)));
}

export const ledgerStatus = (r: RunReport, pointer: string) =>
  r.ledger?.entries.find((e) => e.id === pointer)?.status ?? 'absent';

export interface Row {
  name: string;
  key: RunKey;
  assert: (t: Test, report: RunReport) => void;
}

/** Starts every row's run, then asserts each row as its run finishes. */
export function assertRows(t: Test, rows: Row[]): void {
  // About 40 s on an idle machine; a loaded one (other test files, other work) may take several times that.
  t.setTimeout(600_000);
  for (const row of rows) run(row.key);
  for (const row of rows) t.test(row.name, async (tt) => row.assert(tt, await run(row.key)));
}
