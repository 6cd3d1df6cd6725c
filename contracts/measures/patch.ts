// For a contradicted assumption, the RFC 6902 JSON Patch on spec/openapi.yaml
// that would make the mock answer as the deployment did, derived only from
// what the finding and its exchange show. Where they do not say what the spec
// should say instead, there is no patch and the reason says why: a reviewer is
// better served by nothing than by a guess.
import { stringify } from 'yaml';
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
  // A shared component (a response, a schema) is met on an operation: the status goes on that operation.
  const op = ptr[0] === 'paths' ? undefined : operationPointer(raw, f.operationId);
  if (ptr[0] !== 'paths' && !op) return { noPatch: `${id} is shared, and the finding names no operation to add to` };
  const responses = op ? `${op}/responses` : at >= 0 ? encodePointer(ptr.slice(0, at + 1)) : `${id}/responses`;
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

const JSON_MEDIA = /^application\/([\w.-]+\+)?json\b/i;

/** The schema a node holds, by the pointer of the node as written: a response's JSON schema, through `$ref`s. */
function schemaPointer(raw: RawNode, id: string): string {
  let at = id;
  const content = (nodeAt(raw, at) as RawNode | undefined)?.content;
  const media =
    content && typeof content === 'object' ? Object.keys(content).find((k) => JSON_MEDIA.test(k)) : undefined;
  if (media) at = `${at}${encodePointer(['content', media, 'schema'])}`;
  for (let hops = 0; hops < 8; hops++) {
    const ref = (nodeAt(raw, at) as RawNode | undefined)?.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) break;
    at = ref.slice(1);
  }
  return at;
}

/** A required property the deployment leaves out: take it out of `required`, where the node or one of the
 *  schemas it is made of (allOf) lists it. A shared schema it borrows by `$ref` (ApiError, a fact for the
 *  401) is not changed: the borrowed part is written out in place, without the property in its `required`. */
function unrequire(raw: RawNode, id: string, f: Finding): Derived {
  const ptr = decodePointer(id);
  const named = ptr.at(-2) === 'properties';
  const name = named ? ptr.at(-1) : /property "(.*)"/.exec(f.expected ?? '')?.[1];
  const schema = named ? encodePointer(ptr.slice(0, -2)) : schemaPointer(raw, id);
  if (name === undefined) return { noPatch: 'the finding does not name the missing property' };
  const required = nodeAt(raw, `${schema}/required`);
  const index = Array.isArray(required) ? required.indexOf(name) : -1;
  if (index >= 0) {
    const path = `${schema}/required/${index}`;
    return {
      patch: [
        { op: 'test', path, value: name },
        { op: 'remove', path },
      ],
    };
  }
  const parts = nodeAt(raw, `${schema}/allOf`);
  for (const [i, part] of (Array.isArray(parts) ? parts : []).entries()) {
    const at = `${schema}/allOf/${i}`;
    const target = schemaPointer(raw, at);
    const borrowed = nodeAt(raw, target) as RawNode | undefined;
    if (!Array.isArray(borrowed?.required) || !borrowed.required.includes(name)) continue;
    // Its description speaks of the shared shape, which this one no longer is.
    const { 'x-assumed': _a, 'x-assumed-reason': _r, description: _d, title: _t, ...copy } = structuredClone(borrowed);
    copy.required = borrowed.required.filter((r: string) => r !== name);
    if (!copy.required.length) delete copy.required;
    return {
      patch: [
        { op: 'test', path: at, value: part },
        { op: 'replace', path: at, value: copy },
      ],
    };
  }
  return { noPatch: `no "required" list at ${schema} names the missing property` };
}

/** The pointer of the operation an id names, for a situation met on it. */
function operationPointer(raw: RawNode, operationId: string | undefined): string | undefined {
  for (const [path, item] of Object.entries<RawNode>(raw.paths ?? {}))
    for (const [method, op] of Object.entries<RawNode>(item ?? {}))
      if (op && typeof op === 'object' && op.operationId === operationId) return encodePointer(['paths', path, method]);
  return undefined;
}

/** A situation (`/x-situations/NAME`) the deployment answers with another status: the status it answered, and for
 *  an error its message and the field its `errors` names; an operation that does not document that status gets it. */
function situationStatus(raw: RawNode, id: string, f: Finding): Derived | undefined {
  const node = nodeAt(raw, id) as RawNode | undefined;
  if (!node || typeof node.status !== 'number' || f.keyword !== 'status') return undefined;
  const answered = f.reproduce?.response?.status ?? f.status;
  if (answered === undefined || answered === node.status)
    return { noPatch: 'the finding does not say which status the deployment answered' };
  const patch: PatchOperation[] = [
    { op: 'test', path: `${id}/status`, value: node.status },
    { op: 'replace', path: `${id}/status`, value: answered },
  ];
  const body = answerBody(f);
  const value = (body.ok ? body.value : undefined) as { message?: unknown; errors?: unknown } | undefined;
  if (answered >= 400 && typeof value?.message === 'string')
    patch.push({ op: 'add', path: `${id}/message`, value: value.message });
  const fields = value?.errors && typeof value.errors === 'object' ? Object.keys(value.errors) : [];
  if (answered >= 400 && fields.length) patch.push({ op: 'add', path: `${id}/field`, value: fields[0] });
  const op = operationPointer(raw, f.operationId);
  const undocumented = op ? addStatus(raw, op, f) : undefined;
  if (undocumented && 'patch' in undocumented) patch.push(...undocumented.patch);
  return { patch };
}

/** A yes-or-no of what a deployment takes (`accepted`: x-numeric-strings, each of x-type-coercion): a
 *  request the node makes invalid answered 2xx says it is taken; one it makes valid refused as invalid (400
 *  or 422), that it is not. Any other answer says neither. */
function acceptedChoice(raw: RawNode, id: string, f: Finding): Derived | undefined {
  const node = nodeAt(raw, id) as RawNode | undefined;
  if (!node || typeof node !== 'object' || typeof node.accepted !== 'boolean') return undefined;
  const status = f.reproduce?.response?.status ?? f.status;
  const took = status !== undefined && status >= 200 && status < 300;
  if (took === node.accepted || !(took || status === 400 || status === 422))
    return { noPatch: `answered ${status ?? 'nothing'}: that says neither taken nor refused as invalid` };
  const path = `${id}/accepted`;
  return {
    patch: [
      { op: 'test', path, value: node.accepted },
      { op: 'replace', path, value: took },
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
  const accepted = acceptedChoice(raw, id, f);
  if (accepted) return accepted;
  const situation = situationStatus(raw, id, f);
  if (situation) return situation;
  if (f.keyword === 'status' || ((kind === 'response' || kind === 'operation') && f.keyword === undefined))
    return addStatus(raw, id, f);
  if (f.keyword === 'required') return unrequire(raw, id, f);
  return fromKeyword(raw, id, f);
}

/** The patch as a reviewer reads it: YAML, the same operations. */
export const patchYaml = (patch: PatchOperation[]): string => stringify(patch, { lineWidth: 0 }).trimEnd();

export { applyPatchToYaml } from '../../spec/yaml-patch.js';
