// Optional persistence (--state-file). Version 3 keeps two files: the state
// file itself, the base (the store's snapshot as JSON, always replaced whole and
// atomically), and beside it its log (state-log.ts), where each write appends
// the size of its change. Loading reads both within a bound in bytes, lays the
// log over the base, and checks the result against the schema and against its
// world (state-check.ts). A version 2 file (a base, no log) still loads.
import { GeneratedWorld } from '../../fixtures/world.js';
import { createAjv } from '../../spec/ajv.js';
import type { LoadedSpec } from '../../spec/load.js';
import type { Collection } from '../store/changes.js';
import type { StateSnapshot } from '../store/store.js';
import { checkConsistency } from './check.js';
import { readRegular } from './disk.js';
import { StateFileError } from './errors.js';
import { applyLog, logPathOf, parseLog, type ValueCheck } from './log.js';
import { recordsOf, snapshotOf } from './records.js';
import { entrySchemas, NULLABLE, stateSchema } from './schema.js';

export { StateFileError } from './errors.js';

/** Bytes of state (the base and its log together) the mock reads and writes at most: 256 MiB, well within V8's string limit. */
export const STATE_LIMIT = 256 * 1024 * 1024;

export interface LoadedState {
  snapshot: StateSnapshot;
  /** The file's version: a version 2 file is written again as version 3 before anything is appended. */
  version: 2 | 3;
  /** The number of the last log line the state holds. */
  n: number;
  /** Bytes of whole lines in the log; undefined when there is no log. */
  logBytes: number | undefined;
  /** Whether the log ends in a torn line (cut back to logBytes before the next append). */
  torn: boolean;
}

export interface LoadOptions {
  /** With the spec, every record is checked against the schema. */
  spec?: LoadedSpec;
  limit?: number;
  /** With the world too, every record is checked against the world (ids, owners, references). */
  world?: (seed: number, clients: number) => GeneratedWorld;
}

function parseBase(text: Buffer, path: string, spec: LoadedSpec | undefined): StateSnapshot & { n?: number } {
  let data: unknown;
  try {
    data = JSON.parse(text.toString('utf8'));
  } catch (err) {
    throw new StateFileError(path, `is not valid JSON (${(err as Error).message})`);
  }
  const s = data as { version?: unknown; world?: unknown; overlay?: unknown } | null;
  if (s && typeof s === 'object' && s.version === 1 && s.world)
    throw new StateFileError(
      path,
      'was written by an older mock (version 1, which kept the whole world); this mock keeps the seed, the size and the changes only (version 3)',
      'Remove it to start afresh from --seed and --clients; the older file is left as it is.',
    );
  if (s && typeof s === 'object' && typeof s.version === 'number' && s.version > 3)
    throw new StateFileError(
      path,
      `was written by a newer mock (version ${s.version}); this one reads versions 2 and 3`,
    );
  if (!s || typeof s !== 'object' || (s.version !== 2 && s.version !== 3) || !s.overlay)
    throw new StateFileError(path, 'is not a mock state file (version 2 or 3)');
  if (spec) {
    const validate = createAjv({ allErrors: false }).compile(stateSchema(spec));
    if (!validate(s)) {
      const e = validate.errors?.[0];
      throw new StateFileError(
        path,
        `does not hold a usable world: ${e?.instancePath || '(top)'} ${e?.message ?? 'is invalid'}`,
      );
    }
  }
  return s as unknown as StateSnapshot & { n?: number };
}

function valueCheck(spec: LoadedSpec | undefined): ValueCheck {
  if (!spec) return () => undefined;
  const ajv = createAjv({ allErrors: false });
  const compiled = Object.entries(entrySchemas(spec)).map(([c, schema]) => [c, ajv.compile(schema)] as const);
  const validators = new Map<string, (typeof compiled)[number][1]>(compiled);
  return (collection, value) => {
    if (value === null && NULLABLE.has(collection as Collection)) return undefined;
    const validate = validators.get(collection)!;
    if (validate(value)) return undefined;
    const e = validate.errors?.[0];
    return `${e?.instancePath ?? ''} ${e?.message ?? 'is invalid'}`.trim();
  };
}

/** The saved state with its log laid over it, or undefined when there is neither (a fresh seed). */
export async function loadState(path: string, options: LoadOptions = {}): Promise<LoadedState | undefined> {
  const limit = options.limit ?? STATE_LIMIT;
  const log = logPathOf(path);
  const tooBig = (size: number) =>
    new StateFileError(
      path,
      `is ${size} bytes with its log, more than the ${limit} the mock reads`,
      'Start afresh with another --state-file; the mock will not overwrite it.',
    );
  const base = await readRegular(path, limit, { follow: true, tooBig });
  const used = base?.length ?? 0;
  const logText = await readRegular(log, limit - used, { follow: false, tooBig: (size) => tooBig(used + size) });
  if (!base) {
    if (logText)
      throw new StateFileError(
        path,
        `is missing, but its log ${log} is there`,
        'Put the state file back, or remove the log to start afresh from --seed and --clients.',
      );
    return undefined;
  }
  const saved = parseBase(base, path, options.spec);
  const records = recordsOf(saved, path);
  const n = saved.n ?? 0;
  const parsed = logText ? parseLog(logText, log, n) : undefined;
  if (parsed) applyLog(records, parsed, log, valueCheck(options.spec));
  if (options.spec && options.world) checkConsistency(records, options.world(saved.seed, saved.clients));
  return {
    snapshot: snapshotOf(records, saved.seed, saved.clients),
    version: saved.version as 2 | 3,
    n: parsed?.last ?? n,
    logBytes: parsed?.goodBytes,
    torn: parsed !== undefined && parsed.goodBytes < logText!.length,
  };
}

/** The saved state (its log laid over it), or undefined when there is no file yet. With the spec, every record is checked. */
export async function readState(path: string, spec?: LoadedSpec): Promise<StateSnapshot | undefined> {
  const world = (seed: number, clients: number) => new GeneratedWorld({ seed, clients });
  return (await loadState(path, { spec, world }))?.snapshot;
}

/** A value as JSON, a list item by item and an object key by key down to `depth`: no one string holds the whole state. */
function* textOf(value: unknown, depth: number): Generator<string> {
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) yield `${i ? ',' : ''}${JSON.stringify(value[i]) ?? 'null'}`;
    yield ']';
  } else if (depth > 0 && value !== null && typeof value === 'object') {
    let first = true;
    yield '{';
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) continue;
      yield `${first ? '' : ','}${JSON.stringify(k)}:`;
      yield* textOf(v, depth - 1);
      first = false;
    }
    yield '}';
  } else yield JSON.stringify(value) ?? 'null';
}

/** The base's text in pieces: version 3, holding the log up to line n. */
export function* stateText(snapshot: StateSnapshot, n: number): Generator<string> {
  const { version: _version, ...rest } = snapshot;
  yield `{"version":3,"n":${n}`;
  for (const [key, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    yield `,${JSON.stringify(key)}:`;
    yield* textOf(value, 1);
  }
  yield '}';
}
