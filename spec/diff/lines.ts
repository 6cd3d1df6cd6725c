// The line of the spec as written where a change lies, for annotations (a
// breaking change shown on its line in the pull request). A change's location
// is in the dereferenced operation (`response 200 /data/data/[]/city`); this
// walks the document as written to it, following each `$ref` and each allOf,
// oneOf and anyOf member, so the line is the schema's own (`Client.city` under
// components), once for every operation that shares it. A node the change
// removed is not in HEAD: the line is that of the deepest node still there.
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import { decodePointer, encodePointer } from '../assumptions.js';
import type { RawNode } from '../load.js';
import type { Change } from './operations.js';

type Visit = [pointer: string, node: RawNode];

const isNode = (v: unknown): v is RawNode => v !== null && typeof v === 'object';

export interface SpecLines {
  /** The 1-based line of the node a JSON pointer names, or of its deepest ancestor there. */
  lineOf(pointer: string): number;
  /** The pointer of the node a change lies at in the document (or its deepest ancestor there). */
  pointerOf(change: Pick<Change, 'operation' | 'location'>): string;
  /** The pointer of the operation with this operationId, or undefined. */
  operationPointer(operationId: string): string | undefined;
}

export function specLines(text: string): SpecLines {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const raw = (doc.toJS({ maxAliasSize: 100 }) ?? {}) as RawNode;
  const lineOf = (pointer: string) => {
    const tokens = decodePointer(pointer);
    for (let n = tokens.length; n > 0; n--) {
      // A mapping's entry is shown at its key (`city:`), a list's at its item.
      const parent = doc.getIn(tokens.slice(0, n - 1), true);
      const token = tokens[n - 1]!;
      const at = isMap(parent)
        ? parent.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === token)?.key
        : isSeq(parent)
          ? parent.items[Number(token)]
          : undefined;
      const range = (at as { range?: [number, number, number] } | undefined)?.range;
      if (range) return counter.linePos(range[0]).line;
    }
    return 1;
  };
  const operationPointer = (id: string) => {
    for (const [path, item] of Object.entries((raw.paths ?? {}) as RawNode))
      for (const [method, op] of Object.entries(isNode(item) ? item : {}))
        if (isNode(op) && op.operationId === id) return encodePointer(['paths', path, method]);
    return undefined;
  };
  return { lineOf, pointerOf: (c) => pointerOf(raw, c), operationPointer };
}

function resolve(raw: RawNode, visit: Visit): Visit {
  let at = visit;
  for (let hops = 0; hops < 16; hops++) {
    const ref = at[1].$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return at;
    let node: unknown = raw;
    for (const t of decodePointer(ref.slice(1))) node = isNode(node) ? node[t] : undefined;
    if (!isNode(node)) return at;
    at = [ref.slice(1), node];
  }
  return at;
}

const child = ([pointer, node]: Visit, ...tokens: string[]): Visit | undefined => {
  let at: unknown = node;
  for (const t of tokens) at = isNode(at) ? at[t] : undefined;
  return isNode(at) ? [`${pointer}${encodePointer(tokens)}`, at] : undefined;
};

/** The schema one step of a change's body path leads to: a property (through allOf and the branches), `[]`, `{additional}`. */
function step(raw: RawNode, visit: Visit, token: string): Visit | undefined {
  const at = resolve(raw, visit);
  if (token === '[]') return child(at, 'items');
  if (token === '{additional}') return child(at, 'additionalProperties');
  const own = child(at, 'properties', token);
  if (own) return own;
  for (const k of ['allOf', 'oneOf', 'anyOf']) {
    const members = at[1][k];
    if (!Array.isArray(members)) continue;
    for (const i of members.keys()) {
      const found = step(raw, child(at, k, String(i))!, token);
      if (found) return found;
    }
  }
  return undefined;
}

function walkSchema(raw: RawNode, start: Visit, path: string): string {
  let at = start;
  // `oneOf/N` is one step of the differ's path: the branch itself.
  const tokens = path === '/' ? [] : path.slice(1).split('/');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next =
      t === 'oneOf' && /^\d+$/.test(tokens[i + 1] ?? '')
        ? (child(resolve(raw, at), 'oneOf', tokens[++i]!) ?? child(resolve(raw, at), 'anyOf', tokens[i]!))
        : step(raw, at, t);
    if (!next) break;
    at = next;
  }
  return at[0];
}

function pointerOf(raw: RawNode, c: Pick<Change, 'operation' | 'location'>): string {
  const m = /^([A-Z]+) (\/.*)$/.exec(c.operation);
  if (!m) return c.location === 'servers' ? '/servers' : '';
  const op = child(['', raw], 'paths', m[2]!, m[1]!.toLowerCase());
  if (!op) return child(['', raw], 'paths', m[2]!)?.[0] ?? '/paths';
  const body = /^request body(?: (\/.*))?$/.exec(c.location);
  if (body) {
    const schema = child(resolve(raw, child(op, 'requestBody') ?? op), 'content', 'application/json', 'schema');
    return schema && body[1] ? walkSchema(raw, schema, body[1]) : (schema?.[0] ?? op[0]);
  }
  const response = /^response (\S+)(?: header (\S+)| (\/.*))?$/.exec(c.location);
  if (response) {
    const r = child(op, 'responses', response[1]!);
    if (!r) return child(op, 'responses')?.[0] ?? op[0];
    const resolved = resolve(raw, r);
    if (response[2]) {
      // Header names are compared without case (the differ writes them in lower case).
      const name = Object.keys(resolved[1].headers ?? {}).find((h) => h.toLowerCase() === response[2]);
      return (name && child(resolved, 'headers', name)?.[0]) || resolved[0];
    }
    const schema = child(resolved, 'content', 'application/json', 'schema');
    return schema && response[3] ? walkSchema(raw, schema, response[3]) : resolved[0];
  }
  const param = /^(header|query|path|cookie) (\S+)(?: (\/.*))?$/.exec(c.location);
  if (param) {
    const list = Array.isArray(op[1].parameters) ? (op[1].parameters as unknown[]) : [];
    for (const i of list.keys()) {
      const p = resolve(raw, child(op, 'parameters', String(i))!);
      if (p[1].in === param[1] && String(p[1].name).toLowerCase() === param[2]!.toLowerCase()) {
        const schema = child(p, 'schema');
        if (!schema) return p[0];
        return param[3] ? walkSchema(raw, schema, param[3]) : resolve(raw, schema)[0];
      }
    }
    return child(op, 'parameters')?.[0] ?? op[0];
  }
  const key = {
    security: 'security',
    'x-subscription-required': 'x-subscription-required',
    operationId: 'operationId',
  }[c.location];
  return key && Object.hasOwn(op[1], key) ? `${op[0]}${encodePointer([key])}` : op[0];
}
