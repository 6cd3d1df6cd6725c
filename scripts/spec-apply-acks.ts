// The breaking changes a patch makes, acknowledged in spec/breaking-changes.yaml
// so that the gate (spec:diff) follows the learnt spec too: each with a reason
// that says where it was learnt, for the reviewer to read (and edit) in the
// pull request. The file keeps its comments and follows its lifecycle (docs/ci.md):
// its entries are one pull request's, made against `base`; a base that is not
// behind this commit belongs to another branch, so it and its entries are replaced.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import { ACK_PATH } from '../spec/diff/acknowledge.js';
import { gitCommit, gitRoot, isAncestorOfHead } from '../spec/diff/git.js';
import { type Change, diffSpecs } from '../spec/diff/operations.js';
import type { LoadedSpec } from '../spec/load.js';

export type Acked = { acknowledged: number } | { unacknowledged: Change[]; why: string };

/** Where the patch says its points were learnt ("HOST on DATE"), from its first `x-learned`. */
export function learntWhere(values: unknown[]): string | undefined {
  const first = values.find((v): v is string => typeof v === 'string');
  return first?.split(': ')[0];
}

export function acknowledgeBreaking(
  before: LoadedSpec,
  after: LoadedSpec,
  where: string | undefined,
  path = ACK_PATH,
): Acked {
  const breaking = diffSpecs(before, after).filter((c) => c.breaking);
  if (!breaking.length) return { acknowledged: 0 };
  let root: string;
  let head: string | undefined;
  try {
    root = gitRoot(dirname(path));
    head = gitCommit('HEAD', root);
  } catch {
    return { unacknowledged: breaking, why: 'not in a git repository, so there is no base to name' };
  }
  if (!head) return { unacknowledged: breaking, why: 'git names no HEAD commit to make them against' };
  const doc = parseDocument(readFileSync(path, 'utf8'));
  const base = doc.get('base');
  if (typeof base !== 'string' || !isAncestorOfHead(base, root)) {
    // At the top of the file, where docs/ci.md says it goes.
    if (doc.has('base')) doc.set('base', head);
    else if (isMap(doc.contents)) {
      // The file's heading comment stays above everything: it belongs to the first key as parsed.
      const pair = doc.createPair('base', head);
      const first = doc.contents.items[0]?.key;
      if (isScalar(first) && isScalar(pair.key) && first.commentBefore) {
        pair.key.commentBefore = first.commentBefore;
        first.commentBefore = undefined;
      }
      (doc.contents.items as unknown[]).unshift(pair);
    }
    doc.set('acknowledged', doc.createNode([]));
  }
  let list = doc.get('acknowledged', true);
  if (!isSeq(list)) {
    doc.set('acknowledged', doc.createNode([]));
    list = doc.get('acknowledged', true);
  }
  const seq = list as ReturnType<typeof doc.createNode> & { items: unknown[]; add: (v: unknown) => void };
  const known = new Set(seq.items.map((i) => (isMap(i) ? String(i.get('id')) : '')));
  const reason = `Learnt from ${where ?? 'a deployment'} (npm run spec:apply): the spec now says what the deployment does; check that no app relies on the old behaviour.`;
  let added = 0;
  for (const c of breaking) {
    if (known.has(c.id)) continue;
    seq.add(doc.createNode({ id: c.id, reason }));
    added++;
  }
  writeFileSync(path, doc.toString({ lineWidth: 0 }));
  return { acknowledged: added };
}
