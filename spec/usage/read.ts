// Reading usage files (spec:diff --usage): bounded by bytes, checked against
// the format's own schema, each refusal one line naming the file and the place.
import { readCapped } from '../../lib/read-capped.js';
import { createAjv } from '../ajv.js';
import { USAGE_BOUNDS, USAGE_FORMAT, USAGE_SOURCES, USAGE_VERSION, type UsageFile } from './format.js';

/** Bytes of a usage file read at most: a busy day's mock usage is some tens of KiB. */
export const MAX_USAGE_BYTES = 8 * 1024 * 1024;

const count = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;
const counts = { type: 'object', additionalProperties: count } as const;
const nested = { type: 'object', additionalProperties: counts } as const;

/** The format as JSON Schema: docs/usage.md describes each field. */
export const USAGE_SCHEMA = {
  type: 'object',
  required: ['format', 'version', 'source', 'since', 'until', 'operations'],
  properties: {
    format: { const: USAGE_FORMAT },
    version: { const: USAGE_VERSION },
    source: { enum: [...USAGE_SOURCES] },
    label: { type: 'string', maxLength: 200 },
    since: { type: 'string', format: 'date-time' },
    until: { type: 'string', format: 'date-time' },
    operations: {
      type: 'object',
      maxProperties: USAGE_BOUNDS.operations,
      additionalProperties: {
        type: 'object',
        required: ['calls', 'statuses', 'platforms', 'sent', 'parameters', 'values'],
        properties: {
          calls: count,
          statuses: counts,
          platforms: counts,
          worlds: counts,
          sent: counts,
          parameters: counts,
          values: nested,
          read: nested,
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

let validate: ReturnType<ReturnType<typeof createAjv>['compile']> | undefined;

/** A usage file's text checked; throws one line naming `label` and what is wrong. */
export function parseUsage(text: string, label: string): UsageFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(
      `${label} is not JSON (a usage file is what /__mock/usage, --usage-out or a usage recorder writes)`,
    );
  }
  const format = (data as { format?: unknown } | null)?.format;
  if (format !== USAGE_FORMAT)
    throw new Error(`${label} is not a usage file ("format" is ${JSON.stringify(format)}, not "${USAGE_FORMAT}")`);
  const version = (data as { version?: unknown }).version;
  if (version !== USAGE_VERSION)
    throw new Error(`${label} is usage format version ${JSON.stringify(version)}; this version reads ${USAGE_VERSION}`);
  validate ??= createAjv({ allErrors: false }).compile(USAGE_SCHEMA);
  if (!validate(data)) {
    const e = validate.errors?.[0];
    throw new Error(`${label}: ${e?.instancePath || '(top)'} ${e?.message ?? 'is not valid'}`);
  }
  return data as UsageFile;
}

export function readUsageFile(path: string, maxBytes = MAX_USAGE_BYTES): UsageFile {
  let read: ReturnType<typeof readCapped>;
  try {
    read = readCapped(path, maxBytes);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = { ENOENT: 'there is no such file', EISDIR: 'it is a directory', EACCES: 'permission denied' }[
      code ?? ''
    ];
    throw new Error(`usage file ${path} cannot be read: ${why ?? code ?? (err as Error).message}`);
  }
  if (read.tooLarge) throw new Error(`usage file ${path} is ${read.bytes} bytes, more than ${maxBytes}: not read`);
  return parseUsage(read.text, `usage file ${path}`);
}
