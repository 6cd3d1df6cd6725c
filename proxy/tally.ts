// What the proxy saw, counted per operation since it started: exchanges, those
// with violations, violations and observations. Served as JSON at
// GET /__proxy/summary (proxy/server.ts) and printed by the CLI at exit and on
// SIGUSR2, as summaryLines() renders it.

/** Where an exchange that is no operation of the spec is counted. */
export const NO_OPERATION = '(no operation)';

export interface OperationCounts {
  operationId: string;
  exchanges: number;
  /** Exchanges with at least one violation (a refused request and an upstream failure count). */
  withViolations: number;
  violations: number;
  observations: number;
}

export interface ProxySummary extends Omit<OperationCounts, 'operationId'> {
  /** When counting began (the proxy's start), ISO 8601. */
  since: string;
  /** Most violations first, then by name. */
  operations: OperationCounts[];
}

export class Tally {
  private readonly started = new Date();
  private readonly byOperation = new Map<string, OperationCounts>();

  record(operationId: string | null, violations: number, observations: number): void {
    const id = operationId ?? NO_OPERATION;
    let counts = this.byOperation.get(id);
    if (!counts) {
      counts = { operationId: id, exchanges: 0, withViolations: 0, violations: 0, observations: 0 };
      this.byOperation.set(id, counts);
    }
    counts.exchanges++;
    if (violations > 0) counts.withViolations++;
    counts.violations += violations;
    counts.observations += observations;
  }

  summary(): ProxySummary {
    const operations = [...this.byOperation.values()]
      .map((c) => ({ ...c }))
      .sort((a, b) => b.violations - a.violations || a.operationId.localeCompare(b.operationId));
    const sum = (k: 'exchanges' | 'withViolations' | 'violations' | 'observations') =>
      operations.reduce((n, c) => n + c[k], 0);
    return {
      since: this.started.toISOString(),
      exchanges: sum('exchanges'),
      withViolations: sum('withViolations'),
      violations: sum('violations'),
      observations: sum('observations'),
      operations,
    };
  }
}

const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function countsText(c: Omit<OperationCounts, 'operationId'>): string {
  const parts = [`${counted(c.exchanges, 'exchange')}, ${c.withViolations} with violations`];
  parts.push(counted(c.violations, 'violation'), counted(c.observations, 'observation'));
  return parts.join(', ');
}

/** The summary as the CLI prints it: a total line, then one line per operation. */
export function summaryLines(s: ProxySummary): string[] {
  const width = Math.max(0, ...s.operations.map((c) => c.operationId.length));
  return [
    `Proxy summary since ${s.since}: ${countsText(s)}`,
    ...s.operations.map((c) => `  ${c.operationId.padEnd(width)}  ${countsText(c)}`),
  ];
}
