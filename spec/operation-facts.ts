// What each operation is, as the contract suite and the fuzzer need to know it:
// a read or a write, a list of records, protected, gated. Read from the spec,
// never listed by hand, so that an operation added to spec/openapi.yaml is
// checked as what it is with no change to the suite. Where the document gives
// no way to tell (read or write: almost every operation is a POST), the spec
// says so itself with `x-read: true` on the operation.
// load.ts calls this module as it builds each operation: the types are restated here, not imported.
import { foldAllOf, subschemas } from './schema.js';

type JsonSchema = Record<string, unknown>;
/** What of an operation entry (spec/load.ts OperationEntry) the facts are read from. */
interface Entry {
  operationId: string;
  read: boolean;
  list: boolean;
  isPublic: boolean;
  subscriptionRequired: boolean;
}

export interface OperationFacts {
  operationId: string;
  /** `x-read: true`: the operation changes nothing. Anything not marked is a write (the safe default for fuzzing). */
  read: boolean;
  /** A success answers records: `data` is an array of objects, or a page whose `data` is one. */
  list: boolean;
  /** Needs a token: not `security: []`. */
  protected: boolean;
  /** Needs an active plan: `x-subscription-required: true`. */
  gated: boolean;
}

/** What a valid request of a write does beyond answering (`x-write-effect` on the operation). */
export const WRITE_EFFECTS = [
  'opens-session',
  'ends-session',
  'creates-account',
  'sends-mail',
  'changes-password',
  'changes-shared-record',
  'deletes-shared-record',
  'adds-own-record',
] as const;
export type WriteEffectKind = (typeof WRITE_EFFECTS)[number];

export interface WriteEffect {
  kind: WriteEffectKind;
  /** The sentence a tool shows for why it sends no valid request (`a valid logout ends the session...`). */
  says: string;
}

/** The operation's `x-write-effect`, or undefined when it has none or one of no known kind (the spec test says so). */
export function writeEffectOf(op: Record<string, unknown>): WriteEffect | undefined {
  const e = op['x-write-effect'] as { kind?: unknown; says?: unknown } | undefined;
  if (!e || typeof e !== 'object' || !WRITE_EFFECTS.includes(e.kind as WriteEffectKind)) return undefined;
  return { kind: e.kind as WriteEffectKind, says: typeof e.says === 'string' ? e.says : String(e.kind) };
}

/** The operation node's own marking (the raw or the dereferenced node: the extension is not behind a $ref). */
export function isReadNode(op: Record<string, unknown>): boolean {
  return op['x-read'] === true;
}

/** Whether a success of the operation answers records (some 2xx body, in any of its oneOf branches). */
export function answersRecords(responses: Record<string, { schema?: JsonSchema }>): boolean {
  return Object.entries(responses).some(([status, r]) => /^2/.test(status) && !!r.schema && bodyListsRecords(r.schema));
}

function bodyListsRecords(schema: JsonSchema): boolean {
  return subschemas(schema).some((branch) => {
    const data = propertyOf(branch, 'data');
    if (!data) return false;
    return subschemas(data).some(
      (d) => isRecordArray(d) || (!!propertyOf(d, 'data') && isRecordArray(propertyOf(d, 'data')!)),
    );
  });
}

function propertyOf(schema: JsonSchema, name: string): JsonSchema | undefined {
  const properties = foldAllOf(schema).properties as Record<string, JsonSchema> | undefined;
  return properties?.[name];
}

/** An array that may hold objects (the envelope's always-empty `data: []` holds none). */
function isRecordArray(schema: JsonSchema): boolean {
  const s = foldAllOf(schema);
  if (s.type !== 'array' || s.maxItems === 0 || !s.items || typeof s.items !== 'object') return false;
  return subschemas(s.items as JsonSchema).some((i) => foldAllOf(i).type === 'object');
}

export function factsOf(op: Entry): OperationFacts {
  return {
    operationId: op.operationId,
    read: op.read,
    list: op.list,
    protected: !op.isPublic,
    gated: op.subscriptionRequired,
  };
}

/** The protected reads, in the spec's order: what the auth checks replay with X-API-Token. */
export function protectedReads<E extends Entry>(spec: { operations: E[] }): E[] {
  return spec.operations.filter((o) => o.read && !o.isPublic);
}
