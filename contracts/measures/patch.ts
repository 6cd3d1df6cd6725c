// For a contradicted assumption, the RFC 6902 JSON Patch on spec/openapi.yaml
// that would make the mock answer as the deployment did, derived only from
// what the finding and its exchange show. Where they do not say what the spec
// should say instead, there is no patch and the reason says why: a reviewer is
// better served by nothing than by a guess.
import { isNode, isSeq, parseDocument, stringify } from 'yaml';
import type { RawNode } from '../../spec/load.js';
import { decodePointer, encodePointer } from '../../spec/schema.js';
import type { Finding } from '../types.js';
import { nodeAt } from './assumptions.js';
import type { PatchOperation } from './types.js';

export type Derived = { patch: PatchOperation[] } | { noPatch: string };

/** Keywords whose removal lets the value the deployment sent through. */
const LOOSENED = new Set([
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'const',
]);

/** The answer's body, parsed, when the finding's exchange kept it whole. */
function answerBody(f: Finding): { ok: true; value: unknown } | { ok: false } {
  const text = f.reproduce?.response?.body;
  if (text === undefined) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The value at a pointer into a body. */
function valueAt(body: unknown, pointer: string): unknown {
  let node = body;
  for (const t of decodePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[t];
  }
  return node;
}

const jsonType = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/** A status the deployment answered that the operation does not document: add it, with the answer as its example. */
function addStatus(raw: RawNode, id: string, f: Finding): Derived {
  const ptr = decodePointer(id);
  const at = ptr.lastIndexOf('responses');
  const responses = at >= 0 ? encodePointer(ptr.slice(0, at + 1)) : `${id}/responses`;
  const status = f.reproduce?.response?.status ?? f.status;
  if (status === undefined) return { noPatch: 'the finding does not say which status the deployment answered' };
  const map = nodeAt(raw, responses);
  if (!map || typeof map !== 'object') return { noPatch: `${responses} is not a responses map of the spec` };
  if (String(status) in map)
    return {
      noPatch: `the spec already documents ${status} here: the deployment chose it where the spec expects another`,
    };
  const body = answerBody(f);
  const value: RawNode = { description: 'As the deployment answers (seen by the contract run).', 'x-assumed': true };
  value['x-assumed-reason'] = 'Follows the deployment, which answered this where the spec assumed otherwise.';
  if (body.ok) value.content = { 'application/json': { example: body.value } };
  return { patch: [{ op: 'add', path: `${responses}${encodePointer([String(status)])}`, value }] };
}

/** A required property the deployment leaves out: take it out of `required`. */
function unrequire(raw: RawNode, id: string, f: Finding): Derived {
  const ptr = decodePointer(id);
  const named = ptr.at(-2) === 'properties';
  const name = named ? ptr.at(-1) : /property "(.*)"/.exec(f.expected ?? '')?.[1];
  const schema = named ? encodePointer(ptr.slice(0, -2)) : id;
  const required = nodeAt(raw, `${schema}/required`);
  const index = Array.isArray(required) && name !== undefined ? required.indexOf(name) : -1;
  if (index < 0) return { noPatch: `no "required" list at ${schema} names the missing property` };
  const path = `${schema}/required/${index}`;
  return {
    patch: [
      { op: 'test', path, value: name },
      { op: 'remove', path },
    ],
  };
}

/** A type the deployment sends besides the documented one: `null` joins the type list (as the spec writes
 *  nullable), any other type is an alternative (strict Ajv refuses a list of two non-null types). */
function widenType(id: string, was: unknown, sent: string): Derived {
  if (was === undefined) return { noPatch: `${id} names no type to widen` };
  const test: PatchOperation = { op: 'test', path: `${id}/type`, value: was };
  if (sent === 'null') {
    const types = [...new Set([...(Array.isArray(was) ? was : [was]), 'null'])];
    return { patch: [test, { op: 'replace', path: `${id}/type`, value: types }] };
  }
  const alternatives = [{ type: was }, { type: sent }];
  return {
    patch: [test, { op: 'remove', path: `${id}/type` }, { op: 'add', path: `${id}/anyOf`, value: alternatives }],
  };
}

function fromKeyword(raw: RawNode, id: string, f: Finding): Derived {
  const node = nodeAt(raw, id) as RawNode | undefined;
  const keyword = f.keyword ?? '';
  if (!node || typeof node !== 'object') return { noPatch: `${id} is not a node of the spec` };
  if (LOOSENED.has(keyword) && keyword in node)
    return {
      patch: [
        { op: 'test', path: `${id}/${keyword}`, value: node[keyword] },
        { op: 'remove', path: `${id}/${keyword}` },
      ],
    };
  const body = answerBody(f);
  const sent = body.ok && f.at !== undefined ? valueAt(body.value, f.at) : undefined;
  if (keyword === 'enum' && Array.isArray(node.enum) && sent !== undefined)
    return { patch: [{ op: 'add', path: `${id}/enum/-`, value: sent }] };
  if (keyword === 'type' && sent !== undefined) return widenType(id, node.type, jsonType(sent));
  return {
    noPatch: `the finding (${keyword || 'no keyword'}) does not show what the spec should say instead; compare the exchange with the spec by hand`,
  };
}

/** The patch that makes the spec follow the deployment on one finding, or why there is none. */
export function derivePatch(raw: RawNode, id: string, kind: string, f: Finding): Derived {
  if (id.startsWith('http:'))
    return { noPatch: 'an HTTP rule outside the spec: nothing in spec/openapi.yaml to change' };
  // The check that saw it knows best what it saw.
  if (f.patch?.length) return { patch: f.patch };
  if (f.keyword === 'status' || ((kind === 'response' || kind === 'operation') && f.keyword === undefined))
    return addStatus(raw, id, f);
  if (f.keyword === 'required') return unrequire(raw, id, f);
  return fromKeyword(raw, id, f);
}

/** The patch as a reviewer reads it: YAML, the same operations. */
export const patchYaml = (patch: PatchOperation[]): string => stringify(patch, { lineWidth: 0 }).trimEnd();

const plain = (n: unknown): unknown => (isNode(n) ? n.toJSON() : n);

/** Applies a ledger's patch to the YAML text of a spec, keeping its comments and layout; throws, naming the
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
      else doc.setIn(path, doc.createNode(p.value));
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
