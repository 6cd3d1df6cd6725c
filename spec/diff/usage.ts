// Which changes apps really meet, from the usage the mock, the proxy and the
// typed client recorded (spec/usage/). A change is `used` when a source saw an
// app send, receive or read what it touches; `unused` when every source that
// could have seen it saw nothing; `unknown` when none could (a response field
// with no client recording reads is unknown, never unused).
import { type OperationUsage, SEES_READS, type UsageFile } from '../usage/format.js';
import {
  type ChangeUsage,
  FAIL_ON,
  type FailOn,
  type UsageContext,
  type UsageEvidence,
  type UsageVerdict,
  type Verdict,
} from './verdict.js';

export { type ChangeUsage, FAIL_ON, type FailOn, type UsageContext, type UsageEvidence, type UsageVerdict };

import type { Change } from './operations.js';

/** Where a change lies, read from its location (spec/diff/operations.ts writes it). */
type Place =
  | { part: 'operation' }
  | { part: 'body'; at: string }
  | { part: 'parameter'; key: string }
  | { part: 'status'; status: string }
  | { part: 'response'; status: string; at: string }
  | { part: 'response-header'; status: string };

function placeOf(c: Change): Place {
  const body = /^request body (\/.*)$/.exec(c.location);
  if (body) return { part: 'body', at: body[1]! };
  const param = /^((?:header|query|path|cookie) \S+)(?: (\/.*))?$/.exec(c.location);
  if (param) return { part: 'parameter', key: param[1]! };
  const header = /^response (\S+) header /.exec(c.location);
  if (header) return { part: 'response-header', status: header[1]! };
  const field = /^response (\S+) (\/.*)$/.exec(c.location);
  if (field) return { part: 'response', status: field[1]!, at: field[2]! };
  const status = /^response (\S+)$/.exec(c.location);
  if (status) return { part: 'status', status: status[1]! };
  return { part: 'operation' };
}

/** A change's pointer as recorded pointers are written: no `oneOf/N` branch steps, `/` for the root. */
const normal = (at: string) => (at === '/' ? '' : at.replace(/\/oneOf\/\d+/g, ''));

/** Counts of `counts` at `at` or below it (a change to an object touches every field read inside it). */
function atOrBelow(counts: Record<string, number> | undefined, at: string): number {
  let n = 0;
  for (const [k, v] of Object.entries(counts ?? {})) if (k === at || k.startsWith(`${at}/`)) n += v;
  return n;
}

/** Whether an answered status is one a status key of the spec covers: `200`, or `2XX` for a class. */
const covers = (key: string, status: string) => (/^[1-5]XX$/i.test(key) ? status.startsWith(key[0]!) : status === key);

/** Calls answered with a status the key covers. */
function statusCount(statuses: Record<string, number>, key: string): number {
  let n = 0;
  for (const [status, count] of Object.entries(statuses)) if (covers(key, status)) n += count;
  return n;
}

const REQUIRE = /(?:added-required|made-required)$/;

/** What one operation's usage shows of a change: a line when it shows use, else undefined. */
function sawRequest(c: Change, place: Place, op: OperationUsage): string | undefined {
  const values = (key: string) => {
    const sent = op.values[key] ?? {};
    const hits = (c.values ?? []).map((v) => [JSON.stringify(v), sent[JSON.stringify(v)] ?? 0] as const);
    const used = hits.filter(([, n]) => n > 0);
    return used.length ? `sent ${used.map(([v, n]) => `${v} ${n}×`).join(', ')}` : undefined;
  };
  if (place.part === 'body') {
    const at = normal(place.at);
    if (REQUIRE.test(c.kind)) {
      // Callers that did not send it are the ones a new requirement breaks.
      const parent = at.slice(0, at.lastIndexOf('/'));
      const without = (parent ? (op.sent[parent] ?? 0) : op.calls) - (op.sent[at] ?? 0);
      return without > 0 ? `${without} call(s) without ${at}` : undefined;
    }
    if (/enum-value-removed$/.test(c.kind)) return values(at);
    const n = at === '' ? (op.sent[''] ?? 0) : atOrBelow(op.sent, at);
    return n > 0 ? `sent ${at || 'a body'} ${n}×` : undefined;
  }
  if (place.part === 'parameter') {
    if (REQUIRE.test(c.kind)) {
      const without = op.calls - (op.parameters[place.key] ?? 0);
      return without > 0 ? `${without} call(s) without ${place.key}` : undefined;
    }
    if (/enum-value-removed$/.test(c.kind)) return values(place.key);
    const n = op.parameters[place.key] ?? 0;
    return n > 0 ? `sent ${place.key} ${n}×` : undefined;
  }
  if (place.part === 'status' || place.part === 'response-header') {
    const n = statusCount(op.statuses, place.status);
    return n > 0 ? `answered ${place.status} ${n}×` : undefined;
  }
  if (c.kind === 'request-body-made-required' || c.kind === 'request-body-added-required') {
    const without = op.calls - (op.sent[''] ?? 0);
    return without > 0 ? `${without} call(s) without a body` : undefined;
  }
  return op.calls > 0 ? `called ${op.calls}×` : undefined;
}

function sawRead(place: Extract<Place, { part: 'response' }>, op: OperationUsage): string | undefined {
  const at = normal(place.at);
  let n = 0;
  for (const [status, read] of Object.entries(op.read ?? {}))
    if (covers(place.status, status)) n += atOrBelow(read, at);
  return n > 0 ? `read ${at} ${n}×` : undefined;
}

const named = (f: UsageFile, i: number) => `${f.source}${f.label ? ` "${f.label}"` : ` #${i + 1}`}`;

/** The usage verdict of one change, from every usage file. */
export function changeUsage(c: Change, files: UsageFile[]): ChangeUsage {
  const place = placeOf(c);
  const reads = place.part === 'response';
  const seers = reads ? files.filter((f) => SEES_READS[f.source]) : files;
  const evidence: UsageEvidence[] = [];
  for (const [i, f] of files.entries()) {
    const op = c.operationId ? f.operations[c.operationId] : everything(f);
    const canSee = seers.includes(f);
    const saw = op && canSee ? (reads ? sawRead(place, op) : sawRequest(c, place, op)) : undefined;
    if (saw)
      evidence.push({
        source: named(f, i),
        since: f.since,
        until: f.until,
        calls: op!.calls,
        platforms: op!.platforms,
        saw,
      });
  }
  if (evidence.length) return { usage: 'used', why: `used: ${evidence.map(line).join('; ')}`, evidence };
  if (!seers.length)
    return { usage: 'unknown', why: 'unknown: no usage source records the response fields an app reads', evidence };
  if (reads) {
    // Calls the request-seeing sources saw that no client recorded: the app read those answers unseen.
    const calls = (f: UsageFile) => (c.operationId ? (f.operations[c.operationId]?.calls ?? 0) : 0);
    const outside = Math.max(0, ...files.filter((f) => !SEES_READS[f.source]).map(calls));
    const seen = seers.reduce((n, f) => n + calls(f), 0);
    if (outside > 0 && seen === 0)
      return {
        usage: 'unknown',
        why: `unknown: called ${outside}× outside the typed client, whose reads no source recorded`,
        evidence,
      };
  }
  return {
    usage: 'unused',
    why: `unused: nothing in ${seers.length} usage source(s) (${seers.map((f) => named(f, files.indexOf(f))).join(', ')})`,
    evidence,
  };
}

/** A document-wide change (the base path) touches every call. */
function everything(f: UsageFile): OperationUsage | undefined {
  const ops = Object.values(f.operations);
  if (!ops.length) return undefined;
  const platforms: Record<string, number> = {};
  for (const op of ops) for (const [p, n] of Object.entries(op.platforms)) platforms[p] = (platforms[p] ?? 0) + n;
  return {
    calls: ops.reduce((n, op) => n + op.calls, 0),
    statuses: {},
    platforms,
    sent: {},
    parameters: {},
    values: {},
  };
}

function line(e: UsageEvidence): string {
  const platforms = Object.keys(e.platforms);
  return `${e.source} ${e.saw} (${e.calls} call(s)${platforms.length ? `; ${platforms.join(', ')}` : ''})`;
}

/** The verdict with every change marked by the usage files. */
export function markUsage(verdict: Verdict, files: UsageFile[]): Verdict {
  return { ...verdict, changes: verdict.changes.map((c) => ({ ...c, usage: changeUsage(c, files) })) };
}

export function usageSources(files: UsageFile[]): UsageContext['sources'] {
  return files.map((f, i) => ({ source: named(f, i), since: f.since, until: f.until }));
}

/** The unacknowledged breaking changes that fail the comparison under `failOn`. */
export function failing(verdict: Verdict, failOn: FailOn = 'breaking'): Change[] {
  const ids = new Set(verdict.unacknowledged.map((c) => c.id));
  return verdict.changes.filter((c) => {
    if (!ids.has(c.id)) return false;
    if (failOn === 'breaking' || !c.usage) return true;
    return c.usage.usage === 'used' || (failOn === 'unknown' && c.usage.usage === 'unknown');
  });
}
