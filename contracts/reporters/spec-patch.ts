// The ledger's changes as one RFC 6902 JSON Patch for spec/openapi.yaml
// (--ledger-patch FILE, or --reporter spec-patch): every contradicted
// assumption the run could patch, each followed by where it was learnt
// (`x-learned` on the assumption's node: the deployment's host and the day,
// and what it did), so that the spec says why it holds what it holds.
// `npm run spec:apply -- FILE` applies it.
import type { LedgerEntry, PatchOperation } from '../measures/types.js';
import type { RunReport } from '../types.js';

/** What a learnt point's `x-learned` says of the deployment's answer, at most this long. */
const SAID = 240;

/** The host alone: never the scheme's userinfo, path or query a --base-url may carry. */
function hostOf(target: string): string {
  try {
    return new URL(target).host || target;
  } catch {
    return 'the deployment';
  }
}

const clipped = (s: string) => (s.length > SAID ? `${s.slice(0, SAID - 1)}…` : s);

function learned(entry: LedgerEntry, where: string): PatchOperation {
  const saw = entry.contradictions?.[0]?.message;
  return { op: 'add', path: `${entry.id}/x-learned`, value: clipped(saw ? `${where}: ${saw}` : where) };
}

/** The patch of a report's ledger: the patchable entries in ledger order, each once, with where it was learnt. */
export function specPatchOf(report: RunReport): PatchOperation[] {
  const where = `${hostOf(report.target)} on ${report.startedAt.slice(0, 10)}`;
  const seen = new Set<string>();
  const out: PatchOperation[] = [];
  for (const entry of report.ledger?.entries ?? []) {
    if (entry.status !== 'contradicted' || !entry.patch?.length) continue;
    // Two points whose findings led to the same change (one schema reached by two responses) change it once.
    const key = JSON.stringify(entry.patch);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(...entry.patch, learned(entry, where));
  }
  return out;
}

export const renderSpecPatch = (report: RunReport): string => `${JSON.stringify(specPatchOf(report), null, 2)}\n`;
