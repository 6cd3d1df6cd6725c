// The spec's x-assumed nodes, found by walking the document as written (its
// `$ref`s intact), so that each one's id is the JSON pointer of the node in
// spec/openapi.yaml a reviewer would edit, however many operations reach it.
// Each node lists its uses: the operations (and, for a response or one of its
// properties, the status and property path in coverage's terms) through which
// a run can see it. The ledger (ledger.ts) judges each use against the run.
import type { RawNode } from '../../spec/load.js';
import { decodePointer, encodePointer } from '../../spec/schema.js';

/** `document`: a top-level x- node of the spec; `http`: an HTTP rule the spec does not state (no node). */
export type AssumptionKind = 'operation' | 'parameter' | 'request' | 'response' | 'property' | 'document' | 'http';

/** One way a run can exercise an assumption. */
export interface AssumptionUse {
  operationId: string;
  /** How this use reaches it: a schema shared by a request and a response is seen differently in each. */
  via?: AssumptionKind;
  /** The response status (response, property). */
  status?: string;
  /** The property path as coverage writes it (`data.items[].email`; '' for the whole body). */
  path?: string;
}

export interface Assumption {
  /** The JSON pointer of the x-assumed node in spec/openapi.yaml. */
  id: string;
  kind: AssumptionKind;
  reason: string;
  uses: AssumptionUse[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const JSON_MEDIA = /^application\/([\w.-]+\+)?json\b/i;

/** The node a pointer names in the document, or undefined. */
export function nodeAt(raw: RawNode, pointer: string): unknown {
  let node: unknown = raw;
  for (const t of decodePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[t];
  }
  return node;
}

/** A node and its pointer, after following a local `$ref` (at most a few hops: the spec has no loops of refs). */
function follow(raw: RawNode, node: unknown, pointer: string): [RawNode | undefined, string] {
  let n = node;
  let p = pointer;
  for (let hops = 0; hops < 8 && n && typeof n === 'object' && typeof (n as RawNode).$ref === 'string'; hops++) {
    const ref: string = (n as RawNode).$ref;
    if (!ref.startsWith('#')) return [undefined, p];
    p = ref.slice(1);
    n = nodeAt(raw, p);
  }
  return n && typeof n === 'object' ? [n as RawNode, p] : [undefined, p];
}

/** The pointer of the node as written: a pointer through a `$ref` (into the dereferenced document, say
 *  `.../schema/properties/data`) becomes the pointer of the node the ref names, the id the ledger uses. */
export function canonicalPointer(raw: RawNode, pointer: string): string {
  if (!pointer.startsWith('/')) return pointer;
  let [node, at] = follow(raw, raw, '');
  for (const t of decodePointer(pointer)) {
    if (!node) return pointer;
    [node, at] = follow(raw, node[t], `${at}${encodePointer([t])}`);
  }
  return node ? at : pointer;
}

const isAssumed = (n: RawNode | undefined): n is RawNode => n?.['x-assumed'] === true;

class Collector {
  readonly byId = new Map<string, Assumption>();
  constructor(readonly raw: RawNode) {}

  add(node: RawNode, id: string, kind: AssumptionKind, use: AssumptionUse): void {
    const a = this.byId.get(id) ?? { id, kind, reason: String(node['x-assumed-reason'] ?? ''), uses: [] };
    this.byId.set(id, a);
    const same = (u: AssumptionUse) =>
      u.operationId === use.operationId && u.status === use.status && u.path === use.path && u.via === kind;
    if (!a.uses.some(same)) a.uses.push({ ...use, via: kind });
  }

  /** A schema and what it holds; `path` in coverage's terms, `above` the pointers on the way down. */
  schema(node: unknown, pointer: string, kind: AssumptionKind, use: AssumptionUse, above: Set<string>): void {
    // A `$ref` with x-assumed beside it (OpenAPI 3.1): the assumption is the reference as written here, not
    // the schema it leads to (listPlans' 401 may be the plans failure shape; the shape itself is a fact).
    const written = node as RawNode | undefined;
    if (isAssumed(written) && typeof written.$ref === 'string') this.add(written, pointer, kind, use);
    const [s, at] = follow(this.raw, node, pointer);
    if (!s || above.has(at)) return;
    const inner = new Set(above).add(at);
    if (isAssumed(s)) this.add(s, at, kind, use);
    const path = use.path ?? '';
    for (const [name, sub] of Object.entries<unknown>(s.properties ?? {}))
      this.schema(
        sub,
        `${at}${encodePointer(['properties', name])}`,
        kind,
        { ...use, path: path ? `${path}.${name}` : name },
        inner,
      );
    if (s.items && typeof s.items === 'object')
      this.schema(s.items, `${at}/items`, kind, { ...use, path: `${path}[]` }, inner);
    for (const k of ['allOf', 'oneOf', 'anyOf'])
      (Array.isArray(s[k]) ? s[k] : []).forEach((sub: unknown, i: number) => {
        this.schema(sub, `${at}/${k}/${i}`, kind, use, inner);
      });
  }

  /** An extension's x-assumed nodes, at any depth. */
  extension(node: unknown, pointer: string, operationId: string): void {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    if (isAssumed(node as RawNode)) this.add(node as RawNode, pointer, 'operation', { operationId });
    for (const [key, sub] of Object.entries<unknown>(node as RawNode))
      this.extension(sub, `${pointer}${encodePointer([key])}`, operationId);
  }

  operation(opNode: RawNode, opPointer: string, shared: unknown[], sharedPointer: string): void {
    const operationId = String(opNode.operationId ?? opPointer);
    if (isAssumed(opNode)) this.add(opNode, opPointer, 'operation', { operationId });
    // The choices an operation's own extensions make (x-list's page-size, order and search; x-no-rooms).
    for (const [key, ext] of Object.entries<unknown>(opNode))
      if (key.startsWith('x-')) this.extension(ext, `${opPointer}${encodePointer([key])}`, operationId);
    const params: Array<[unknown, string]> = [
      ...shared.map((p, i): [unknown, string] => [p, `${sharedPointer}/parameters/${i}`]),
      ...(Array.isArray(opNode.parameters) ? opNode.parameters : []).map((p: unknown, i: number): [unknown, string] => [
        p,
        `${opPointer}/parameters/${i}`,
      ]),
    ];
    for (const [p, at] of params) {
      const [param, id] = follow(this.raw, p, at);
      if (isAssumed(param)) this.add(param, id, 'parameter', { operationId });
    }
    const [body, bodyAt] = follow(this.raw, opNode.requestBody, `${opPointer}/requestBody`);
    if (isAssumed(body)) this.add(body, bodyAt, 'request', { operationId });
    const media = body && jsonKey(body.content);
    if (body && media)
      this.schema(
        body.content[media].schema,
        `${bodyAt}${encodePointer(['content', media, 'schema'])}`,
        'request',
        { operationId },
        new Set(),
      );
    for (const [status, r] of Object.entries<unknown>(opNode.responses ?? {})) {
      const [res, resAt] = follow(this.raw, r, `${opPointer}${encodePointer(['responses', status])}`);
      if (!res) continue;
      if (isAssumed(res)) this.add(res, resAt, 'response', { operationId, status });
      const key = jsonKey(res.content);
      if (key)
        this.schema(
          res.content[key].schema,
          `${resAt}${encodePointer(['content', key, 'schema'])}`,
          'property',
          { operationId, status, path: '' },
          new Set(),
        );
    }
  }
}

const jsonKey = (content: unknown): string | undefined =>
  content && typeof content === 'object' ? Object.keys(content).find((k) => JSON_MEDIA.test(k)) : undefined;

/** Every x-assumed node the operations of the document reach, by pointer, in document order. */
export function assumptionsOf(raw: RawNode): Assumption[] {
  const c = new Collector(raw);
  for (const [path, item] of Object.entries<RawNode>(raw.paths ?? {})) {
    const itemAt = encodePointer(['paths', path]);
    const shared = Array.isArray(item?.parameters) ? item.parameters : [];
    for (const m of METHODS) if (item?.[m]) c.operation(item[m], `${itemAt}/${m}`, shared, itemAt);
  }
  return [...c.byId.values()];
}
