// Where a finding's assumption lives: the JSON pointer, into spec/openapi.yaml
// as written, of the node that carries `x-assumed: true`. Found by walking the
// document along a pointer and following each `$ref` on the way, so that a
// response or schema shared by many operations is one assumption with one id
// (`/components/responses/BadRequest`), not one per operation that uses it.
// No imports: spec/load.ts calls it as it builds the operation table, and
// spec/schema.ts reads load.ts's types (a cycle otherwise).

// biome-ignore lint/suspicious/noExplicitAny: the parsed document, untyped (load.ts's RawNode).
type RawNode = Record<string, any>;

/** A JSON pointer (RFC 6901) from its reference tokens: `~` is written `~0` and `/` is written `~1` (spec/schema.ts re-exports it). */
export const encodePointer = (tokens: readonly string[]): string =>
  tokens.map((t) => `/${t.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
/** The reference tokens of a JSON pointer (`''` is the whole document). */
export const decodePointer = (pointer: string): string[] =>
  pointer === ''
    ? []
    : pointer
        .split('/')
        .slice(1)
        .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

type Visit = [pointer: string, node: RawNode];

const isNode = (v: unknown): v is RawNode => v !== null && typeof v === 'object';

/** The local `$ref` target of a node, with its pointer; undefined for none (or one outside the document). */
function target(raw: RawNode, node: RawNode): Visit | undefined {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  let at: unknown = raw;
  for (const t of decodePointer(pointer)) at = isNode(at) ? at[t] : undefined;
  return isNode(at) ? [pointer, at] : undefined;
}

/** Follows a node's chain of `$ref`s (bounded: a cycle ends it), yielding each node reached. */
function* referred(raw: RawNode, start: Visit): Generator<Visit> {
  let at: Visit | undefined = start;
  for (let hops = 0; at && hops < 16; hops++) {
    yield at;
    at = target(raw, at[1]);
  }
}

/**
 * The object nodes met walking `tokens` from the document's root, one list per
 * step (the root's first), each with the `$ref`s it leads to: a token a node
 * lacks is looked up in what it refers to (OpenAPI 3.1 lets a schema hold
 * `$ref` beside keywords of its own, x-assumed among them). Stops where the
 * path leaves the document's objects.
 */
export function along(raw: RawNode, tokens: readonly string[]): Visit[][] {
  let chain = [...referred(raw, ['', raw])];
  const steps = [chain];
  for (const token of tokens) {
    const holder = chain.find(([, n]) => Object.hasOwn(n, token));
    const child = holder?.[1][token];
    if (!holder || !isNode(child)) break;
    chain = [...referred(raw, [`${holder[0]}${encodePointer([token])}`, child])];
    steps.push(chain);
  }
  return steps;
}

/** The pointer of the deepest x-assumed node among the visits (the most exact assumption), if any. */
function deepest(visits: readonly Visit[]): string | undefined {
  for (let i = visits.length - 1; i >= 0; i--) if (visits[i]![1]['x-assumed'] === true) return visits[i]![0];
  return undefined;
}

/** The assumption of the node a pointer names: the node, or what it refers to, when x-assumed (never an ancestor:
 *  an assumed operation does not make each of its responses assumed). */
export function assumptionAt(raw: RawNode, pointer: string): string | undefined {
  const tokens = decodePointer(pointer);
  const steps = along(raw, tokens);
  return steps.length === tokens.length + 1 ? deepest(steps.at(-1)!) : undefined;
}

/**
 * The assumption a body's violation rests on: the deepest x-assumed schema
 * node on Ajv's schemaPath (`#/properties/a/format`) from the schema at
 * `schemaPointer` down. The response holding the schema does not count (its
 * x-assumed is about its status number), nor does anything above it.
 */
export function schemaAssumption(raw: RawNode, schemaPointer: string, schemaPath: string): string | undefined {
  const base = decodePointer(schemaPointer);
  const path = decodePointer(schemaPath.replace(/^#/, '')).filter(Boolean);
  return deepest(
    along(raw, [...base, ...path])
      .slice(base.length)
      .flat(),
  );
}
