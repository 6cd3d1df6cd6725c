// Breaking changes acknowledged in review: spec/breaking-changes.yaml names the
// base the changes are made against and lists their ids with a reason.
// spec:diff fails on any breaking change not listed. The file's lifecycle is in
// docs/ci.md ("Acknowledging a breaking change").
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { type Change, legacyChangeId } from './operations.js';
import { MAX_SPEC_BYTES, type ReadOptions, readSource, readSpecFile } from './source.js';
import type { Acknowledgement, DiffReport, Verdict } from './verdict.js';

export type { Acknowledgement, DiffReport, Verdict };

export const ACK_PATH = fileURLToPath(new URL('../breaking-changes.yaml', import.meta.url));

export interface AcknowledgementFile {
  /** The git commit the acknowledged changes are made against (the pull request's base). */
  base?: string;
  entries: Acknowledgement[];
}

export function readAcknowledgements(path = ACK_PATH, maxBytes = MAX_SPEC_BYTES): AcknowledgementFile {
  if (!existsSync(path)) return { entries: [] };
  const data = parseYaml(readSpecFile(path, path, maxBytes)) as { acknowledged?: unknown; base?: unknown } | null;
  const list = data?.acknowledged ?? [];
  if (!Array.isArray(list)) throw new Error(`${path}: "acknowledged" must be a list`);
  const base = data?.base ?? undefined;
  if (base !== undefined && (typeof base !== 'string' || !base.trim()))
    throw new Error(`${path}: "base" must be a git commit (the base the acknowledged changes are made against)`);
  const entries = list.map((entry, i) => {
    const e = entry as Partial<Acknowledgement>;
    if (typeof e?.id !== 'string' || !e.id || typeof e.reason !== 'string' || !e.reason.trim()) {
      throw new Error(`${path}: entry ${i + 1} needs an "id" (from spec:diff output) and a non-empty "reason"`);
    }
    return { id: e.id, reason: e.reason };
  });
  return base === undefined ? { entries } : { base: base.trim(), entries };
}

/** Whether a comparison starts from the base the acknowledgements name: the same document
 *  (so a rebase onto a commit with the same spec still counts). A base git cannot show is not. */
export function startsFromBase(file: AcknowledgementFile, baseText: string, options: ReadOptions = {}): boolean {
  if (!file.base) return false;
  try {
    return readSource(file.base, options).text === baseText;
  } catch {
    return false;
  }
}

export function judge(changes: Change[], acks: Acknowledgement[]): Verdict {
  const byId = new Map(acks.map((a) => [a.id, a]));
  const legacy: Verdict['legacy'] = [];
  const marked = changes.map((c) => {
    if (!c.breaking) return c;
    const old = legacyChangeId(c);
    const ack = byId.get(c.id) ?? byId.get(old);
    if (!ack) return c;
    if (ack.id === old) legacy.push({ old, id: c.id });
    return { ...c, acknowledged: ack.reason };
  });
  const ids = new Set(changes.flatMap((c) => [c.id, legacyChangeId(c)]));
  return {
    changes: marked,
    unacknowledged: marked.filter((c) => c.breaking && !('acknowledged' in c)),
    unused: acks.filter((a) => !ids.has(a.id)),
    legacy,
  };
}
