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
  // New strings quoted as the spec quotes its own (single quotes).
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false, singleQuote: true });
}

type Json = Record<string, unknown> | unknown[];

/** The container a pointer's parent names in a parsed document, and the last token; throws where it is not. */
function parentOf(doc: unknown, pointer: string): [Json, string] {
  const path = decodePointer(pointer);
  let node = doc;
  for (const t of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') throw new Error(`${pointer}: its parent is not in the document`);
    node = (node as Record<string, unknown>)[t];
  }
  if (node === null || typeof node !== 'object') throw new Error(`${pointer}: its parent is not in the document`);
  return [node as Json, path.at(-1) ?? ''];
}

/**
 * Applies a patch to a parsed document in place, and returns the patch that undoes it (to apply after it, in
 * its order): each `add` undone by a `remove` (or by restoring what it replaced), each `remove` and `replace`
 * by putting back what was there. What spec:apply keeps beside the spec, so that what was learnt can be told
 * from what was written (spec/learnt.ts).
 */
export function applyPatchToJson(doc: unknown, patch: PatchOperation[]): PatchOperation[] {
  const undo: PatchOperation[] = [];
  for (const p of patch) {
    if (p.op === 'test') continue;
    const [parent, last] = parentOf(doc, p.path);
    const isArray = Array.isArray(parent);
    const index = isArray ? (last === '-' ? parent.length : Number(last)) : -1;
    const had = isArray ? index < parent.length && p.op !== 'add' : Object.hasOwn(parent, last);
    const old = structuredClone(isArray ? parent[index] : (parent as Record<string, unknown>)[last]);
    if (p.op === 'remove') {
      if (isArray) parent.splice(index, 1);
      else delete (parent as Record<string, unknown>)[last];
      undo.unshift({ op: 'add', path: p.path, value: old });
    } else if (isArray && p.op === 'add') {
      parent.splice(index, 0, structuredClone(p.value));
      undo.unshift({ op: 'remove', path: `${p.path.slice(0, p.path.lastIndexOf('/'))}/${index}` });
    } else {
      if (isArray) parent[index] = structuredClone(p.value);
      else (parent as Record<string, unknown>)[last] = structuredClone(p.value);
      undo.unshift(had ? { op: 'replace', path: p.path, value: old } : { op: 'remove', path: p.path });
    }
  }
  return undo;
}
