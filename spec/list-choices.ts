// The choices the spec makes for lists where the interface document is silent
// (docs/decisions/spec-choices.md): an operation's `x-list` (whether a request
// field sets the page size, the order, which fields a keyword searches) and
// room/get-by-client-id's `x-no-rooms`. Read here once, for the mock (which
// answers by them) and the contract suite (whose probes expect them and
// propose their change), so that the two cannot read them differently. A
// malformed node throws, naming it: a mock started from it would answer by a
// guess.
import type { JsonSchema, LoadedSpec, RawNode } from './load.js';
import { decodePointer, foldAllOf } from './schema.js';

export interface PageSize {
  /** The request field that sets per_page, or null: per_page is always `default`. */
  follows: string | null;
  default: number;
  /** The node's pointer in the spec as written (what a finding rests on, what a patch changes). */
  pointer: string;
}

export interface Order {
  /** The record fields the list is ordered by, in order of precedence. */
  by: string[];
  direction: 'asc' | 'desc';
  pointer: string;
}

export interface Search {
  /** The request field that holds the keyword. */
  field: string;
  /** The record fields it is looked for in. */
  matches: string[];
  pointer: string;
}

export interface ListChoice {
  operationId: string;
  /** The pointer of the operation's x-list. */
  pointer: string;
  pageSize: PageSize;
  order: Order;
  search?: Search;
}

export type NoRoomsAnswer = 'empty-list' | 'null';

export interface ListChoices {
  /** Every operation that declares an x-list, by operationId. */
  lists: ReadonlyMap<string, ListChoice>;
  /** What room/get-by-client-id answers for a client without rooms, when the spec says. */
  noRooms?: { answer: NoRoomsAnswer; pointer: string };
}

export const NO_ROOMS_OPERATION = 'getRoomsByClientId';
export const NO_ROOMS_ANSWERS: readonly NoRoomsAnswer[] = ['empty-list', 'null'];

export class ListChoiceError extends Error {
  constructor(pointer: string, what: string) {
    super(`the spec's ${pointer}: ${what}`);
    this.name = 'ListChoiceError';
  }
}

const isObject = (v: unknown): v is RawNode => typeof v === 'object' && v !== null && !Array.isArray(v);
const names = (v: unknown): v is string[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string' && x.length > 0);
const shown = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));

/** The sub-node of x-list at `key`, an object, or the error that says what is wrong with it. */
function part(list: RawNode, at: string, key: string): [RawNode, string] {
  const pointer = `${at}/${key}`;
  const node = list[key];
  if (!isObject(node)) throw new ListChoiceError(pointer, `must be an object (found ${shown(node)})`);
  return [node, pointer];
}

/** The request body's property names, as the operation declares them. */
function requestFields(spec: Pick<LoadedSpec, 'byId'>, operationId: string): Set<string> {
  const schema = spec.byId.get(operationId)?.requestBody?.schema;
  return new Set(Object.keys((foldAllOf(schema).properties ?? {}) as Record<string, JsonSchema>));
}

function pageSizeOf(list: RawNode, at: string, fields: Set<string>): PageSize {
  const [node, pointer] = part(list, at, 'page-size');
  const { follows, default: size } = node;
  if (follows !== null && typeof follows !== 'string')
    throw new ListChoiceError(`${pointer}/follows`, `must be a request field's name or null (found ${shown(follows)})`);
  if (typeof follows === 'string' && !fields.has(follows))
    throw new ListChoiceError(`${pointer}/follows`, `names ${follows}, which the request body does not declare`);
  if (!Number.isInteger(size) || size < 1)
    throw new ListChoiceError(`${pointer}/default`, `must be a whole number above 0 (found ${shown(size)})`);
  return { follows, default: size, pointer };
}

function orderOf(list: RawNode, at: string): Order {
  const [node, pointer] = part(list, at, 'order');
  if (!names(node.by)) throw new ListChoiceError(`${pointer}/by`, `must list record fields (found ${shown(node.by)})`);
  if (node.direction !== 'asc' && node.direction !== 'desc')
    throw new ListChoiceError(`${pointer}/direction`, `must be asc or desc (found ${shown(node.direction)})`);
  return { by: [...node.by], direction: node.direction, pointer };
}

function searchOf(list: RawNode, at: string, fields: Set<string>): Search | undefined {
  if (list.search === undefined) return undefined;
  const [node, pointer] = part(list, at, 'search');
  if (typeof node.field !== 'string' || !fields.has(node.field))
    throw new ListChoiceError(`${pointer}/field`, `must name a field of the request body (found ${shown(node.field)})`);
  if (!names(node.matches))
    throw new ListChoiceError(`${pointer}/matches`, `must list record fields (found ${shown(node.matches)})`);
  return { field: node.field, matches: [...new Set<string>(node.matches)], pointer };
}

/** Every x-list of the spec and its x-no-rooms, checked; throws ListChoiceError naming a malformed node. */
export function listChoices(spec: Pick<LoadedSpec, 'raw' | 'operations' | 'byId'>): ListChoices {
  const lists = new Map<string, ListChoice>();
  let noRooms: ListChoices['noRooms'];
  for (const op of spec.operations) {
    const written = nodeAt(spec.raw, op.pointer);
    const list = written?.['x-list'];
    const at = `${op.pointer}/x-list`;
    if (list !== undefined) {
      if (!isObject(list)) throw new ListChoiceError(at, `must be an object (found ${shown(list)})`);
      const fields = requestFields(spec, op.operationId);
      const search = searchOf(list, at, fields);
      lists.set(op.operationId, {
        operationId: op.operationId,
        pointer: at,
        pageSize: pageSizeOf(list, at, fields),
        order: orderOf(list, at),
        ...(search ? { search } : {}),
      });
    }
    const rooms = written?.['x-no-rooms'];
    if (rooms !== undefined) {
      const pointer = `${op.pointer}/x-no-rooms`;
      if (!isObject(rooms) || !NO_ROOMS_ANSWERS.includes(rooms.answer))
        throw new ListChoiceError(
          `${pointer}/answer`,
          `must be ${NO_ROOMS_ANSWERS.join(' or ')} (found ${shown(isObject(rooms) ? rooms.answer : rooms)})`,
        );
      noRooms = { answer: rooms.answer, pointer };
    }
  }
  return { lists, ...(noRooms ? { noRooms } : {}) };
}

/** Whether the operation's node, as written, carries an x-list (well formed or not). */
export function declaresList(spec: Pick<LoadedSpec, 'raw' | 'byId'>, operationId: string): boolean {
  const op = spec.byId.get(operationId);
  return op !== undefined && nodeAt(spec.raw, op.pointer)?.['x-list'] !== undefined;
}

/** The node at a pointer of the document as written (`$ref`s not followed). */
function nodeAt(raw: RawNode, pointer: string): RawNode | undefined {
  let node: unknown = raw;
  for (const t of decodePointer(pointer)) {
    if (!isObject(node)) return undefined;
    node = node[t];
  }
  return isObject(node) ? node : undefined;
}
