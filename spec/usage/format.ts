// What apps really do with the API, recorded where they already run (the
// mock, the proxy, the typed client) in one versioned JSON format, so that
// spec:diff can tell a breaking change apps use from one nobody does.
// Field names and the spec's enum values only: what a user typed never goes in.
// Browser-safe (the typed client records with it): no Node import.

export const USAGE_FORMAT = 'mcs-usage';
export const USAGE_VERSION = 1;

export const USAGE_SOURCES = ['mock', 'proxy', 'client'] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

/** What a source can see: every source sees the requests and the statuses; only the typed client sees reads. */
export const SEES_READS: Record<UsageSource, boolean> = { mock: false, proxy: false, client: true };

/** Counts keyed by a name: a status, a platform, a pointer, an enum value (JSON-encoded, so 1 and "1" differ). */
export type Counts = Record<string, number>;

export interface OperationUsage {
  /** Calls recorded (answered or not). */
  calls: number;
  /** Status answered to the number of calls (`"0"`: no answer, a dropped connection). */
  statuses: Counts;
  /** The `platform` header's value to the number of calls. */
  platforms: Counts;
  /** The mock's worlds (X-Mock-World) to the number of calls; the mock only. */
  worlds?: Counts;
  /**
   * Request body fields sent, as a pointer into the body with `[]` for any array item
   * (`/limit`, `/windows/[]/width`), to the calls that sent it; `""` counts the calls that sent a body.
   */
  sent: Counts;
  /** Parameters sent (`query page`, `header platform`) to the calls that sent them. */
  parameters: Counts;
  /** Per field pointer or parameter, the enum values the spec lists that were sent, JSON-encoded, to their count. */
  values: Record<string, Counts>;
  /** Per status, the response fields the app's code read (pointers as `sent`); the typed client only. */
  read?: Record<string, Counts>;
}

export interface UsageFile {
  format: typeof USAGE_FORMAT;
  version: typeof USAGE_VERSION;
  source: UsageSource;
  /** A name for where it was recorded (`web-app unit tests`, a host); shown as evidence. */
  label?: string;
  /** When recording started (start or the last reset) and when this was written, ISO 8601. */
  since: string;
  until: string;
  /** By operationId. */
  operations: Record<string, OperationUsage>;
}

/** Bounds that keep a recorder's memory and a file's size small whatever an app sends. */
export const USAGE_BOUNDS = {
  /** Distinct pointers kept per operation and map (sent, read per status); past it new ones are dropped. */
  pointers: 2000,
  /** Distinct enum values kept per field. */
  values: 100,
  /** Depth of a body walked. */
  depth: 32,
  /** Characters of a pointer. */
  pointerChars: 512,
  /** Operations in one file. */
  operations: 1000,
} as const;

export function emptyUsage(source: UsageSource, since = new Date(), label?: string): UsageFile {
  const at = since.toISOString();
  return {
    format: USAGE_FORMAT,
    version: USAGE_VERSION,
    source,
    ...(label ? { label } : {}),
    since: at,
    until: at,
    operations: {},
  };
}

export function operationUsage(file: UsageFile, operationId: string): OperationUsage {
  let op = file.operations[operationId];
  if (!op) {
    op = { calls: 0, statuses: {}, platforms: {}, sent: {}, parameters: {}, values: {} };
    if (file.source === 'mock') op.worlds = {};
    if (SEES_READS[file.source]) op.read = {};
    file.operations[operationId] = op;
  }
  return op;
}

/** Adds `n` to a count, keeping at most `limit` distinct keys (an existing key always counts). */
export function bump(counts: Counts, key: string, n = 1, limit: number = USAGE_BOUNDS.pointers): void {
  if (key in counts) counts[key] = (counts[key] ?? 0) + n;
  else if (Object.keys(counts).length < limit && key.length <= USAGE_BOUNDS.pointerChars) counts[key] = n;
}

function addCounts(into: Counts, from: Counts | undefined, limit?: number): void {
  for (const [k, n] of Object.entries(from ?? {})) bump(into, k, n, limit);
}

function addNested(into: Record<string, Counts>, from: Record<string, Counts> | undefined, limit?: number): void {
  for (const [k, counts] of Object.entries(from ?? {})) {
    into[k] ??= {};
    addCounts(into[k]!, counts, limit);
  }
}

/**
 * Files of one source kind summed into one: the earliest `since`, the latest `until`.
 * spec:diff keeps each file apart as evidence; this is for a team that wants one file per source.
 */
export function mergeUsage(files: UsageFile[]): UsageFile {
  if (!files.length) throw new Error('no usage file to merge');
  const source = files[0]!.source;
  if (files.some((f) => f.source !== source))
    throw new Error(`usage files of different sources (${[...new Set(files.map((f) => f.source))].join(', ')})`);
  const out = emptyUsage(source, new Date(Math.min(...files.map((f) => Date.parse(f.since)))));
  out.until = new Date(Math.max(...files.map((f) => Date.parse(f.until)))).toISOString();
  for (const file of files)
    for (const [id, op] of Object.entries(file.operations)) {
      const into = operationUsage(out, id);
      into.calls += op.calls;
      addCounts(into.statuses, op.statuses);
      addCounts(into.platforms, op.platforms);
      if (into.worlds) addCounts(into.worlds, op.worlds);
      addCounts(into.sent, op.sent);
      addCounts(into.parameters, op.parameters);
      addNested(into.values, op.values, USAGE_BOUNDS.values);
      if (into.read) addNested(into.read, op.read);
    }
  return out;
}

/** What a source tells a usage recorder (the typed client's `usage` option takes one). */
export interface UsageSink {
  /** A call made: the spec's path template, the body and parameters sent, the status answered (0: none). */
  exchange(x: {
    method: string;
    path: string;
    status: number;
    body?: unknown;
    query?: Record<string, unknown>;
    headers?: Record<string, unknown>;
  }): void;
  /** A field of that call's answer read by the app's code, as a pointer (`/data/data/[]/name`). */
  read(x: { method: string; path: string; status: number; at: string }): void;
}
