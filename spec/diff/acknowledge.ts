// Breaking changes acknowledged in review: spec/breaking-changes.yaml lists
// change ids with a reason. spec:diff fails on any breaking change not listed.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import type { Change } from './operations.js';

export const ACK_PATH = fileURLToPath(new URL('../breaking-changes.yaml', import.meta.url));

export interface Acknowledgement {
  id: string;
  reason: string;
}

export function readAcknowledgements(path = ACK_PATH): Acknowledgement[] {
  if (!existsSync(path)) return [];
  const data = parseYaml(readFileSync(path, 'utf8')) as { acknowledged?: unknown } | null;
  const list = data?.acknowledged ?? [];
  if (!Array.isArray(list)) throw new Error(`${path}: "acknowledged" must be a list`);
  return list.map((entry, i) => {
    const e = entry as Partial<Acknowledgement>;
    if (typeof e?.id !== 'string' || !e.id || typeof e.reason !== 'string' || !e.reason.trim()) {
      throw new Error(`${path}: entry ${i + 1} needs an "id" (from spec:diff output) and a non-empty "reason"`);
    }
    return { id: e.id, reason: e.reason };
  });
}

export interface Verdict {
  changes: Array<Change & { acknowledged?: string }>;
  unacknowledged: Change[];
  /** Acknowledgements that match no change of this diff. */
  unused: Acknowledgement[];
}

export function judge(changes: Change[], acks: Acknowledgement[]): Verdict {
  const byId = new Map(acks.map((a) => [a.id, a]));
  const marked = changes.map((c) =>
    c.breaking && byId.has(c.id) ? { ...c, acknowledged: byId.get(c.id)!.reason } : c,
  );
  const ids = new Set(changes.map((c) => c.id));
  return {
    changes: marked,
    unacknowledged: marked.filter((c) => c.breaking && !('acknowledged' in c)),
    unused: acks.filter((a) => !ids.has(a.id)),
  };
}
