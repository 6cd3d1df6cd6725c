// Response times: every answer a call receives is timed (the transport
// measures the whole exchange, body included, in Outcome.ms); the session
// records it here. An answer slower than its budget (--max-response-ms, or the
// operation's entry of --budgets FILE) is a finding of the check that received
// it, and the report lists the slowest operations with p50 and p95.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { Outcome } from '../../lib/http.js';
import type { LoadedSpec } from '../../spec/load.js';
import { ContractOptionsError } from '../options-error.js';
import type { CheckResult, Finding } from '../types.js';
import type { Budgets, OperationTiming, TimingReport } from './types.js';

/** Budgets run from 1 ms to 10 minutes. */
export const MAX_BUDGET_MS = 600_000;

const isBudget = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_BUDGET_MS;
const show = (v: unknown) => JSON.stringify(v) ?? String(v);

/** What is wrong with a budgets object, in one line; undefined when nothing is. */
export function budgetsProblem(value: unknown): string | undefined {
  const rule = `a whole number of milliseconds from 1 to ${MAX_BUDGET_MS}`;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return 'must be an object such as {"default": 2000, "operations": {"listClients": 500}}';
  const { default: fallback, operations, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) return `has ${extra.map((k) => `"${k}"`).join(', ')}; only "default" and "operations" are read`;
  if (fallback !== undefined && !isBudget(fallback)) return `"default" must be ${rule}, not ${show(fallback)}`;
  if (operations === undefined) return undefined;
  if (operations === null || typeof operations !== 'object' || Array.isArray(operations))
    return `"operations" must map operationIds to budgets, not ${show(operations)}`;
  for (const [id, ms] of Object.entries(operations))
    if (!isBudget(ms)) return `"operations.${id}" must be ${rule}, not ${show(ms)}`;
  return undefined;
}

/** Reads and checks a budgets file, JSON or YAML; a bad one throws one line naming the file. */
export function readBudgetsFile(file: string, flag = 'budgets'): Budgets {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(
      `--${flag} ${file}: cannot read it (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    );
  }
  let value: unknown;
  try {
    value = parseYaml(text);
  } catch (err) {
    throw new Error(`--${flag} ${file}: neither JSON nor YAML (${(err as Error).message.split('\n')[0]})`);
  }
  const problem = budgetsProblem(value);
  if (problem) throw new Error(`--${flag} ${file}: ${problem}`);
  return value as Budgets;
}

/** Budgets given to the run (the file, or the library's object) that cannot make one: a ContractOptionsError. */
export function checkBudgets(
  o: { budgets?: Budgets; maxResponseMs?: number },
  spec: Pick<LoadedSpec, 'operations'>,
  suggest: (name: string, names: readonly string[]) => string | undefined,
): void {
  if (o.maxResponseMs !== undefined && !isBudget(o.maxResponseMs))
    throw new ContractOptionsError(
      (n) => `${n('maxResponseMs')} must be a whole number from 1 to ${MAX_BUDGET_MS}, not ${o.maxResponseMs}`,
    );
  if (o.budgets === undefined) return;
  const problem = budgetsProblem(o.budgets);
  if (problem) throw new ContractOptionsError((n) => `${n('budgets')}: ${problem}`);
  const ids = spec.operations.map((op) => op.operationId);
  const name = Object.keys(o.budgets.operations ?? {}).find((id) => !ids.includes(id));
  if (name === undefined) return;
  const guess = suggest(name, ids);
  throw new ContractOptionsError(
    (n) =>
      `${n('budgets')} names ${name}, which is no operationId of the spec${guess ? ` (did you mean ${guess}?)` : ''}`,
  );
}

/** An operation's budget: its own entry in the file, else --max-response-ms, else the file's default. */
export function budgetOf(
  operationId: string,
  o: { budgets?: Budgets; maxResponseMs?: number },
): { ms: number; source: string } | undefined {
  const own = o.budgets?.operations?.[operationId];
  if (own !== undefined) return { ms: own, source: `--budgets operations.${operationId}` };
  if (o.maxResponseMs !== undefined) return { ms: o.maxResponseMs, source: '--max-response-ms' };
  if (o.budgets?.default !== undefined) return { ms: o.budgets.default, source: '--budgets default' };
  return undefined;
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

interface Sample {
  operationId: string;
  ms: number;
  slow?: Finding;
  taken: boolean;
}

export class ResponseTimes {
  private readonly samples: Sample[] = [];
  /** Weakly: an answer (up to --max-body) is not kept alive for the report's sake. */
  private readonly byOutcome = new WeakMap<Outcome, Sample>();

  constructor(private readonly limits: { budgets?: Budgets; maxResponseMs?: number }) {}

  /** One answer received by a call; a network fault (no answer) is not timed. */
  record(operationId: string, out: Outcome): void {
    if (out.status === undefined || this.byOutcome.has(out)) return;
    const ms = Math.round(out.ms);
    const budget = budgetOf(operationId, this.limits);
    const slow: Finding | undefined =
      budget && ms > budget.ms
        ? {
            operationId,
            status: out.status,
            message: `${operationId} answered in ${ms} ms, over the budget of ${budget.ms} ms (${budget.source})`,
            expected: `at most ${budget.ms} ms`,
            actual: `${ms} ms`,
            severity: 'error',
          }
        : undefined;
    const sample = { operationId, ms, slow, taken: false };
    this.samples.push(sample);
    this.byOutcome.set(out, sample);
  }

  /** The slow answers among `outs` not yet reported, each as a finding with its exchange. */
  over(outs: Iterable<Outcome>, reproduce?: (out: Outcome) => Finding['reproduce']): Finding[] {
    const found: Finding[] = [];
    for (const out of outs) {
      const s = this.byOutcome.get(out);
      if (!s?.slow || s.taken) continue;
      s.taken = true;
      found.push(reproduce ? { ...s.slow, reproduce: reproduce(out) } : s.slow);
    }
    return found;
  }

  /** Slow answers no check received (the run's own setup calls): a check of the 'run' group. */
  leftoverResult(): CheckResult | undefined {
    const left = this.samples.filter((s) => s.slow && !s.taken);
    if (left.length === 0) return undefined;
    for (const s of left) s.taken = true;
    return {
      id: 'run:response-time',
      group: 'run',
      title: "the run's own calls (sign-in and setup) answer within their budgets",
      verdict: 'fail',
      problems: left.map((s) => s.slow!),
      notes: [],
      ms: 0,
    };
  }

  report(): TimingReport {
    const byOp = new Map<string, Sample[]>();
    for (const s of this.samples) {
      const list = byOp.get(s.operationId) ?? [];
      list.push(s);
      byOp.set(s.operationId, list);
    }
    const operations = [...byOp].map(([operationId, samples]): OperationTiming => {
      const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
      const budget = budgetOf(operationId, this.limits);
      return {
        operationId,
        count: sorted.length,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        maxMs: sorted.at(-1) ?? 0,
        ...(budget ? { budgetMs: budget.ms } : {}),
        overBudget: samples.filter((s) => s.slow).length,
      };
    });
    operations.sort((a, b) => b.p95Ms - a.p95Ms || b.maxMs - a.maxMs || a.operationId.localeCompare(b.operationId));
    return { answers: this.samples.length, operations };
  }
}
