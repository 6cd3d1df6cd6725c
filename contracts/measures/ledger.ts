// The assumption ledger: every x-assumed choice of the spec the run touched
// (assumptions.ts), judged from what the run already holds, with no second
// pass: a finding that rests on it (finding.assumption) contradicts it; a
// check that shows it (CheckSpec.shows: the probes, the subscription and
// no-platform checks) confirms it when it ran, and says why not when it was
// skipped; for the rest, an answer the run validated that showed it
// (coverage.ts: statuses and properties seen per operation) confirms it. The
// rest were not observed, each with why (unobserved.ts). Each contradiction
// carries the change to spec/openapi.yaml that would make the mock follow the
// deployment (patch.ts). The runner redacts it with the rest of the report.
import type { RawNode } from '../../spec/load.js';
import type { CheckResult, Finding } from '../types.js';
import { type Assumption, type AssumptionUse, assumptionsOf, canonicalPointer, nodeAt } from './assumptions.js';
import { derivePatch } from './patch.js';
import type { AssumptionStatus, CoverageReport, LedgerEntry, LedgerReport, StatusCoverage } from './types.js';
import { NOT_OBSERVED, unobservedWhy } from './unobserved.js';

/** Findings kept per contradicted assumption (the count of checks is in the entry's operations). */
export const CONTRADICTIONS_KEPT = 3;

type Seen = Map<string, Map<string, StatusCoverage>>;

function seenOf(coverage: CoverageReport): Seen {
  return new Map(coverage.byOperation.map((o) => [o.operationId, new Map(o.statuses.map((s) => [s.status, s]))]));
}

/** One use of an assumption shown by a validated answer. A parameter or request property counts as
 *  honoured when the operation answered with a documented success: the request that carried it went through. */
function observed(kind: Assumption['kind'], use: AssumptionUse, seen: Seen): boolean {
  const statuses = seen.get(use.operationId);
  if (!statuses) return false;
  const any = (ok: (s: StatusCoverage) => boolean) => [...statuses.values()].some((s) => s.seen && ok(s));
  if (kind === 'operation') return any(() => true);
  if (kind === 'parameter' || kind === 'request') return any((s) => s.status.startsWith('2'));
  const s = use.status === undefined ? undefined : statuses.get(use.status);
  if (!s?.seen) return false;
  // A schema node with properties of its own (an array's items) is seen when any of them is.
  const under = (p: string) => p === use.path || p.startsWith(`${use.path}.`) || p.startsWith(`${use.path}[`);
  return !use.path || s.properties.seen.some(under);
}

interface Resting {
  result: CheckResult;
  finding: Finding;
}

/** The findings that rest on an assumption, by its id. */
function restingOn(raw: RawNode, results: CheckResult[]): Map<string, Resting[]> {
  const by = new Map<string, Resting[]>();
  for (const result of results)
    for (const finding of result.problems) {
      if (!finding.assumption) continue;
      const id = canonicalPointer(raw, finding.assumption);
      by.set(id, [...(by.get(id) ?? []), { result, finding }]);
    }
  return by;
}

function contradicted(raw: RawNode, a: Assumption, resting: Resting[]): Partial<LedgerEntry> {
  const contradictions = resting.slice(0, CONTRADICTIONS_KEPT).map(({ result, finding: f }) => ({
    checkId: result.id,
    ...((f.operationId ?? result.operationId) ? { operationId: f.operationId ?? result.operationId } : {}),
    message: f.message,
    ...(f.expected === undefined ? {} : { expected: f.expected }),
    ...(f.actual === undefined ? {} : { actual: f.actual }),
    ...(f.reproduce ? { reproduce: f.reproduce } : {}),
  }));
  // The first finding a patch can be derived from; else the first one's reason.
  const derived = resting.map(({ finding }) => derivePatch(raw, a.id, a.kind, finding));
  const patched = derived.find((d) => 'patch' in d);
  return { contradictions, ...(patched ?? derived[0]) };
}

/** An id a finding names that the walk of the operations did not reach (a top-level x- node, an HTTP rule). */
function outside(raw: RawNode, id: string): Assumption {
  const node = id.startsWith('/') ? (nodeAt(raw, id) as RawNode | undefined) : undefined;
  const reason = node && typeof node === 'object' ? String(node['x-assumed-reason'] ?? '') : '';
  return {
    id,
    kind: id.startsWith('http:') ? 'http' : 'document',
    reason: reason || (id.startsWith('http:') ? 'An HTTP rule the spec does not state.' : ''),
    uses: [],
  };
}

const ORDER: Record<AssumptionStatus, number> = { contradicted: 0, confirmed: 1, 'not observed': 2 };

/** The checks that can show each assumption, by its id. */
function showingOf(raw: RawNode, results: CheckResult[]): Map<string, CheckResult[]> {
  const by = new Map<string, CheckResult[]>();
  for (const result of results)
    for (const shown of result.shows ?? []) {
      const id = canonicalPointer(raw, shown);
      by.set(id, [...(by.get(id) ?? []), result]);
    }
  return by;
}

/** Why no check that can show it ran: their reasons for skipping, once each. */
const skipped = (checks: CheckResult[]): string =>
  [...new Set(checks.flatMap((c) => (c.notes.length ? [`${c.id}: ${c.notes.at(-1)}`] : [])))].slice(0, 3).join('; ');

interface Judged {
  status: AssumptionStatus;
  why?: string;
  shownBy?: string[];
}

/** What the run holds to judge one assumption by. */
interface Evidence {
  uses: AssumptionUse[];
  rests: Resting[];
  /** The checks that show it. */
  checks: CheckResult[];
  /** The checks skipped for want of a flag, by operation. */
  flagged: Map<string, CheckResult[]>;
}

/** A check that shows the assumption decides over coverage: a 2xx of client/list does not show that limit is capped. */
function judge(a: Assumption, e: Evidence, seen: Seen): Judged {
  if (e.rests.length) return { status: 'contradicted' };
  const ran = e.checks.filter((c) => c.verdict !== 'skip');
  if (ran.length) return { status: 'confirmed', shownBy: ran.map((c) => c.id) };
  if (!e.checks.length && e.uses.some((u) => observed(u.via ?? a.kind, u, seen))) return { status: 'confirmed' };
  // Why not: the spec's own reason (unobserved.ts), else the skipped checks that would have shown it (theirs,
  // or those of its operations that a flag would add: a write's request body needs --allow-writes).
  const onItsOperations = [...new Set(e.uses.flatMap((u) => e.flagged.get(u.operationId) ?? []))];
  const why =
    a.id in NOT_OBSERVED ? unobservedWhy(a.id) : skipped(e.checks) || skipped(onItsOperations) || unobservedWhy(a.id);
  return { status: 'not observed', why };
}

/** The checks skipped for want of a flag (their reason names one), by operation. */
function flaggedOf(results: CheckResult[]): Map<string, CheckResult[]> {
  const by = new Map<string, CheckResult[]>();
  for (const r of results)
    if (r.verdict === 'skip' && r.operationId && r.notes.some((n) => /--[a-z]/.test(n)))
      by.set(r.operationId, [...(by.get(r.operationId) ?? []), r]);
  return by;
}

/** The ledger of a run: the selected operations are those of its coverage. */
export function buildLedger(raw: RawNode, results: CheckResult[], coverage: CoverageReport): LedgerReport {
  const seen = seenOf(coverage);
  const resting = restingOn(raw, results);
  const showing = showingOf(raw, results);
  const flagged = flaggedOf(results);
  const walked = assumptionsOf(raw);
  const known = new Set(walked.map((a) => a.id));
  // A document-level point no request shows (x-sessions) is listed all the same, with why.
  const unreached = new Set(Object.keys(NOT_OBSERVED).filter((id) => !known.has(id) && nodeAt(raw, id) !== undefined));
  const named = [...new Set([...resting.keys(), ...showing.keys(), ...unreached])].filter((id) => !known.has(id));
  const all = [...walked, ...named.map((id) => outside(raw, id))];
  const entries: LedgerEntry[] = [];
  for (const a of all) {
    const uses = a.uses.filter((u) => seen.has(u.operationId));
    const rests = resting.get(a.id) ?? [];
    // A check of an operation the run did not select shows nothing of this run's.
    const checks = (showing.get(a.id) ?? []).filter((c) => !c.operationId || seen.has(c.operationId));
    if (uses.length === 0 && rests.length === 0 && checks.length === 0 && !unreached.has(a.id)) continue;
    const { status, why, shownBy } = judge(a, { uses, rests, checks, flagged }, seen);
    const operations = [
      ...new Set([
        ...uses.map((u) => u.operationId),
        ...[...rests.map((r) => r.result), ...checks].flatMap((r) => r.operationId ?? []),
      ]),
    ];
    entries.push({
      id: a.id,
      kind: a.kind,
      reason: a.reason,
      status,
      operations,
      ...(why ? { why } : {}),
      ...(shownBy ? { shownBy: [...new Set(shownBy)].slice(0, CONTRADICTIONS_KEPT) } : {}),
      ...(status === 'contradicted' ? contradicted(raw, a, rests) : {}),
    });
  }
  entries.sort((x, y) => ORDER[x.status] - ORDER[y.status]);
  const count = (s: AssumptionStatus) => entries.filter((e) => e.status === s).length;
  const [confirmed, contra, notObserved] = [count('confirmed'), count('contradicted'), count('not observed')];
  return {
    headline: `the mock agrees with this deployment on ${confirmed} of ${confirmed + contra} assumptions observed (${notObserved} not observed)`,
    confirmed,
    contradicted: contra,
    notObserved,
    entries,
  };
}
