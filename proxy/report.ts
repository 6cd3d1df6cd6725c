// The proxy's log: one line per violation and per observation, each naming its
// exchange (method, path and query with secrets masked, status, operation), so
// a line can be grepped, counted and read alone; every exchange is counted in
// the tally whatever it held.
import type { ExchangeRedaction } from './secrets.js';
import type { Tally } from './tally.js';

export interface Exchange {
  method: string;
  operationId: string | null;
  redaction: ExchangeRedaction;
}

export interface Outcome {
  /** The status the app got (the upstream's, or the proxy's own 422, 502 or 504). */
  status: number;
  /** The upstream's time, when it answered; or what else to say of the exchange ("not forwarded"). */
  note?: string;
  violations: readonly string[];
  observations?: readonly string[];
}

/** Marks a violation and an observation (the contract suite's reporters say `FAIL` and `obs `). */
export const MARKS = { violation: '✗', observation: '○' } as const;

export function exchangeReporter(log: (line: string) => void, tally: Tally) {
  return (x: Exchange, o: Outcome): void => {
    const observations = o.observations ?? [];
    tally.record(x.operationId, o.violations.length, observations.length);
    if (o.violations.length + observations.length === 0) return;
    const head = `${x.method} ${x.redaction.url} ${o.status} ${x.operationId ?? '(no operation)'}${o.note ? ` (${o.note})` : ''}`;
    for (const v of o.violations) log(x.redaction.clean(`${MARKS.violation} ${head}: ${v}`));
    for (const v of observations) log(x.redaction.clean(`${MARKS.observation} ${head}: ${v}`));
  };
}
