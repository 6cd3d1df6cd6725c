// Spec coverage: which documented response statuses the run saw per operation,
// and which properties of the documented response schemas were present in at
// least one answer it validated. The session feeds it every answer it
// validates (coverage.watch wraps the session's validator); the runner turns it
// into the report's `coverage` and, with --min-coverage, a check of the run.

import type { ExchangeValidator } from '../../spec/exchange.js';
import type { JsonSchema, LoadedSpec, OperationEntry } from '../../spec/load.js';
import { subschemas } from '../../spec/schema.js';
import { ContractOptionsError } from '../options-error.js';
import type { CheckResult } from '../types.js';
import type { CoverageReport, OperationCoverage, StatusCoverage } from './types.js';

/** A response schema's properties as a tree: named children, and the items of an array. */
export interface PathTree {
  children: Map<string, Named>;
  items?: PathTree;
  /** Every property path at or under this node. */
  paths: string[];
}
interface Named extends PathTree {
  path: string;
}

const newNode = (): PathTree => ({ children: new Map(), paths: [] });

/** Adds what `schema` documents (across allOf / oneOf / anyOf) to `node`, paths under `prefix`.
 *  `above` holds the schemas on the way down: a recursive schema is described once. */
function describe(node: PathTree, schema: JsonSchema | undefined, prefix: string, above: Set<object>): void {
  if (!schema || typeof schema !== 'object' || above.has(schema)) return;
  const inner = new Set(above).add(schema);
  for (const s of subschemas(schema)) {
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, sub] of Object.entries(props)) {
      const path = prefix ? `${prefix}.${name}` : name;
      const child = node.children.get(name) ?? { ...newNode(), path };
      node.children.set(name, child);
      describe(child, sub, path, inner);
    }
    if (s.items && typeof s.items === 'object') {
      node.items ??= newNode();
      describe(node.items, s.items as JsonSchema, `${prefix}[]`, inner);
    }
  }
}

/** Fills in `paths` bottom-up. */
function index(node: PathTree): string[] {
  const own = 'path' in node ? [(node as Named).path] : [];
  const below = [...node.children.values()].flatMap(index);
  node.paths = [...new Set([...own, ...below, ...(node.items ? index(node.items) : [])])];
  return node.paths;
}

/** The property paths a response schema documents, as a tree. */
export function responseTree(schema: JsonSchema | undefined): PathTree {
  const root = newNode();
  describe(root, schema, '', new Set());
  index(root);
  return root;
}

/** Marks the documented paths present in `value`; an array stops once its items showed every path. */
function mark(node: PathTree, value: unknown, seen: Set<string>): void {
  if (Array.isArray(value)) {
    const items = node.items;
    if (!items) return;
    for (const v of value) {
      if (items.paths.every((p) => seen.has(p))) break;
      mark(items, v, seen);
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [name, child] of node.children) {
    if (!Object.hasOwn(value, name)) continue;
    seen.add(child.path);
    mark(child, (value as Record<string, unknown>)[name], seen);
  }
}

/** The documented property paths present in one body (for tests and tools). */
export function presentPaths(schema: JsonSchema | undefined, body: unknown): string[] {
  const seen = new Set<string>();
  mark(responseTree(schema), body, seen);
  return [...seen];
}

interface Tracked {
  tree: PathTree;
  seen: Set<string>;
  answered: boolean;
}

export class Coverage {
  private readonly byOp = new Map<string, Map<string, Tracked>>();

  constructor(spec: Pick<LoadedSpec, 'operations'>) {
    for (const op of spec.operations) {
      const statuses = new Map<string, Tracked>();
      for (const [status, r] of Object.entries(op.responses))
        statuses.set(status, { tree: responseTree(r.schema), seen: new Set(), answered: false });
      this.byOp.set(op.operationId, statuses);
    }
  }

  /** One answer, validated against the operation's documented response for its status. */
  record(operationId: string, status: number, body: unknown): void {
    const tracked = this.byOp.get(operationId)?.get(String(status));
    if (!tracked) return;
    tracked.answered = true;
    mark(tracked.tree, body, tracked.seen);
  }

  /** The validator, recording every answer it validates: the one place coverage is fed. */
  watch(validator: ExchangeValidator): ExchangeValidator {
    return {
      ...validator,
      validate: (exchange) => {
        const op = validator.resolve(exchange);
        if (op) this.record(op.operationId, exchange.status, exchange.body);
        return validator.validate(exchange);
      },
    };
  }

  report(operations: OperationEntry[], minimum?: number): CoverageReport {
    const byOperation = operations.map((op) => this.operation(op));
    const all = byOperation.flatMap((o) => o.statuses);
    const statuses = { seen: all.filter((s) => s.seen).length, documented: all.length };
    const properties = {
      seen: sum(all.map((s) => s.properties.seen.length)),
      documented: sum(all.map((s) => s.properties.seen.length + s.properties.missing.length)),
    };
    return {
      percent: percentOf(statuses.seen + properties.seen, statuses.documented + properties.documented),
      statuses,
      properties,
      operations: {
        answered: byOperation.filter((o) => o.statuses.some((s) => s.seen)).length,
        total: operations.length,
      },
      ...(minimum === undefined ? {} : { minimum }),
      byOperation,
    };
  }

  private operation(op: OperationEntry): OperationCoverage {
    const tracked = this.byOp.get(op.operationId) ?? new Map<string, Tracked>();
    const statuses = [...tracked].map(
      ([status, t]): StatusCoverage => ({
        status,
        seen: t.answered,
        assumed: op.responses[status]?.assumed === true,
        properties: {
          seen: t.tree.paths.filter((p) => t.seen.has(p)),
          missing: t.tree.paths.filter((p) => !t.seen.has(p)),
        },
      }),
    );
    const got = sum(statuses.map((s) => Number(s.seen) + s.properties.seen.length));
    const of = sum(statuses.map((s) => 1 + s.properties.seen.length + s.properties.missing.length));
    return { operationId: op.operationId, percent: percentOf(got, of), statuses };
  }
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Rounded down, so that a figure below a minimum never reads as reaching it. */
export const percentOf = (part: number, whole: number): number =>
  whole === 0 ? 100 : Math.floor((1000 * part) / whole) / 10;

/** `61.0%`: always one decimal. */
export const showPercent = (n: number): string => `${n.toFixed(1)}%`;

/** --min-coverage takes a percentage; anything else cannot make a run. */
export function checkMinCoverage(minimum: number | undefined): void {
  if (minimum === undefined) return;
  if (!Number.isFinite(minimum) || minimum < 0 || minimum > 100)
    throw new ContractOptionsError((n) => `${n('minCoverage')} must be a percentage from 0 to 100, not ${minimum}`);
}

/** The run's coverage against --min-coverage: a check of the 'run' group, failed below the minimum. */
export function coverageResult(c: CoverageReport): CheckResult | undefined {
  if (c.minimum === undefined) return undefined;
  const figures = `${showPercent(c.percent)} (statuses ${c.statuses.seen} of ${c.statuses.documented}, properties ${c.properties.seen} of ${c.properties.documented})`;
  // Compared unrounded: the figure shown is rounded down.
  const got = c.statuses.seen + c.properties.seen;
  const of = c.statuses.documented + c.properties.documented;
  const below = (of === 0 ? 100 : (100 * got) / of) < c.minimum;
  return {
    id: 'run:coverage',
    group: 'run',
    title: `covers at least ${c.minimum}% of the spec (--min-coverage)`,
    verdict: below ? 'fail' : 'pass',
    problems: below
      ? [
          {
            message: `spec coverage ${figures} is below --min-coverage ${c.minimum}%`,
            expected: `at least ${c.minimum}%`,
            actual: showPercent(c.percent),
            severity: 'error',
          },
        ]
      : [],
    notes: below ? [] : [`spec coverage ${figures}`],
    ms: 0,
  };
}
