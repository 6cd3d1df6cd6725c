// RFC 6902 JSON Patch on the YAML text of a spec, keeping its comments and
// layout (the `yaml` document API edits the nodes in place), and the checks a
// patch file gets before anything is written: `npm run spec:apply` takes a
// file a contract run wrote (--ledger-patch), or one a person edited.
import { type Document, isCollection, isNode, isSeq, parseDocument } from 'yaml';
import type { PatchOperation } from './finding.js';
import { decodePointer } from './schema.js';

const OPS = new Set(['add', 'remove', 'replace', 'test']);

const plain = (n: unknown): unknown => (isNode(n) ? n.toJSON() : n);

/** The operations of a JSON Patch given as JSON text; throws one line naming the first thing wrong. */
export function parsePatch(text: string): PatchOperation[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`not JSON (${(err as Error).message})`);
  }
  if (!Array.isArray(value)) throw new Error('not a JSON Patch: RFC 6902 wants a JSON array of operations');
  value.forEach((p: unknown, i) => {
    const o = p as Partial<PatchOperation> | null;
    const at = `operation ${i + 1}`;
    if (o === null || typeof o !== 'object' || Array.isArray(o)) throw new Error(`${at} is not an object`);
    if (!OPS.has(String(o.op)))
      throw new Error(`${at} has op ${JSON.stringify(o.op)}; this tool applies add, remove, replace and test`);
    if (typeof o.path !== 'string' || (o.path !== '' && !o.path.startsWith('/')))
      throw new Error(`${at} has no JSON pointer as its path`);
    if (o.op !== 'remove' && !('value' in o)) throw new Error(`${at} (${o.op} ${o.path}) has no value`);
  });
  return value as PatchOperation[];
}

/** A replacement written as what it replaces was: `[name, surname]` stays on one line. */
function inStyleOf(was: unknown, node: ReturnType<Document['createNode']>): unknown {
  if (isCollection(was) && was.flow && isCollection(node)) node.flow = true;
  return node;
}

/** Applies a patch to the YAML text of a spec, keeping its comments and layout; throws, naming the
 *  operation, where the spec is not what the patch was made against (a `test` that fails, a path that is not there). */
export function applyPatchToYaml(text: string, patch: PatchOperation[]): string {
  const doc = parseDocument(text);
  for (const p of patch) {
    const path = decodePointer(p.path);
    const parent = path.slice(0, -1);
    const last = path.at(-1) ?? '';
    const here = doc.getIn(path, true);
    const fail = (why: string) => new Error(`${p.op} ${p.path}: ${why}`);
    if (p.op === 'test') {
      if (JSON.stringify(plain(here)) !== JSON.stringify(p.value)) throw fail('the spec holds something else there');
    } else if (p.op === 'remove' || p.op === 'replace') {
      if (here === undefined) throw fail('no such node in the spec');
      if (p.op === 'remove') doc.deleteIn(path);
      else doc.setIn(path, inStyleOf(here, doc.createNode(p.value)));
    } else {
      const container = doc.getIn(parent, true);
      if (!isNode(container) && parent.length) throw fail('its parent is not in the spec');
      if (isSeq(container) && last === '-') container.add(doc.createNode(p.value));
      else if (isSeq(container)) container.items.splice(Number(last), 0, doc.createNode(p.value));
      else doc.setIn(path, doc.createNode(p.value));
    }
  }
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
