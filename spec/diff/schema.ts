// Compares two dereferenced JSON Schemas in one direction:
// `request` (what a client sends: the server must keep accepting it) or
// `response` (what a client reads: the server must keep sending what it relied on).
import type { JsonSchema } from '../load.js';
import { declaredTypes, foldAllOf } from '../schema.js';

export type Direction = 'request' | 'response';

export interface SchemaChange {
  /** Stable kind, e.g. `response-property-removed`. */
  kind: string;
  breaking: boolean;
  /** JSON pointer inside the body, e.g. `/data/data/[]/phone_no`. */
  at: string;
  message: string;
  /** The values an enum change is about (those no longer allowed, or new): what usage is matched against. */
  values?: unknown[];
}

type S = JsonSchema;

/** Does type set `a` admit every value of type set `b`? (number covers integer) */
function covers(a: Set<string>, b: Set<string>): boolean {
  return [...b].every((t) => a.has(t) || (t === 'integer' && a.has('number')));
}

const show = (set: Set<string>) => [...set].sort().join('|');
const child = (at: string, key: string) => `${at}/${key}`;

export function diffSchema(
  base: S | undefined,
  head: S | undefined,
  direction: Direction,
  at = '',
  seen = new Map<object, Set<object>>(),
): SchemaChange[] {
  const out: SchemaChange[] = [];
  const add = (kind: string, breaking: boolean, message: string, where = at, values?: unknown[]) =>
    out.push({ kind: `${direction}-${kind}`, breaking, at: where || '/', message, ...(values ? { values } : {}) });
  if (!base || !head || typeof base !== 'object' || typeof head !== 'object') return out;
  // Recursive schemas: each pair of nodes is compared once.
  const pairs = seen.get(base) ?? new Set<object>();
  if (pairs.has(head)) return out;
  pairs.add(head);
  seen.set(base, pairs);
  const sub = (x: S | undefined, y: S | undefined, where: string) => diffSchema(x, y, direction, where, seen);
  const b = foldAllOf(base);
  const h = foldAllOf(head);

  // A schema that became a union keeping it as one branch (or the reverse) changed its alternatives, not its
  // fields: comparing the union's empty top level with the object would say every field is gone.
  const union = (x: S) => (x.oneOf ?? x.anyOf) as S[] | undefined;
  const kept = (one: S, many: S[] | undefined) => many?.some((m) => safeEqual(foldAllOf(m), one));
  if (!union(b) && kept(b, union(h))) {
    const n = union(h)!.length;
    add('alternatives-changed', direction === 'response', `1 alternative → ${n} (the old one among them)`);
    return out;
  }
  if (!union(h) && kept(h, union(b))) {
    const n = union(b)!.length;
    add('alternatives-changed', direction === 'request', `${n} alternatives → 1 (one of the old ones)`);
    return out;
  }

  const bt = declaredTypes(b);
  const ht = declaredTypes(h);
  if (bt && ht && show(bt) !== show(ht)) {
    // A request type may widen (the server accepts more); a response type may narrow.
    const safe = direction === 'request' ? covers(ht, bt) : covers(bt, ht);
    add('type-changed', !safe, `type ${show(bt)} → ${show(ht)}`);
  }

  if ('const' in b || 'const' in h) {
    if (JSON.stringify(b.const) !== JSON.stringify(h.const)) add('const-changed', true, fixedValues(b, h));
  }

  const be = b.enum as unknown[] | undefined;
  const he = h.enum as unknown[] | undefined;
  if (be || he) {
    const removed = (be ?? []).filter((v) => !(he ?? []).some((x) => JSON.stringify(x) === JSON.stringify(v)));
    const added = (he ?? []).filter((v) => !(be ?? []).some((x) => JSON.stringify(x) === JSON.stringify(v)));
    if (!be && he) add('enum-added', direction === 'request', `now restricted to ${JSON.stringify(he)}`);
    else if (be && !he) add('enum-lifted', direction === 'response', `no longer restricted to ${JSON.stringify(be)}`);
    else {
      if (removed.length)
        add(
          'enum-value-removed',
          direction === 'request',
          `values no longer allowed: ${JSON.stringify(removed)}`,
          at,
          removed,
        );
      if (added.length)
        add('enum-value-added', direction === 'response', `new values: ${JSON.stringify(added)}`, at, added);
    }
  }

  constraints(b, h, direction, add);

  const bp = (b.properties as Record<string, S>) ?? {};
  const hp = (h.properties as Record<string, S>) ?? {};
  const breq = new Set((b.required as string[]) ?? []);
  const hreq = new Set((h.required as string[]) ?? []);
  const removed = Object.keys(bp).filter((k) => !(k in hp));
  const added = Object.keys(hp).filter((k) => !(k in bp));
  const closed = (x: S) => x.additionalProperties === false || x.unevaluatedProperties === false;
  for (const k of removed) {
    const twin = added.find((a) => safeEqual(hp[a], bp[k]));
    const renamed = twin ? ` (renamed to "${twin}"?)` : '';
    if (direction === 'response') add('property-removed', true, `"${k}" is no longer sent${renamed}`, child(at, k));
    else if (closed(h))
      add(
        'property-removed',
        true,
        `"${k}" is no longer accepted (unknown fields are refused)${renamed}`,
        child(at, k),
      );
    else add('property-removed', false, `"${k}" is no longer read by the server${renamed}`, child(at, k));
  }
  for (const k of added) {
    if (direction === 'request')
      add(
        hreq.has(k) ? 'property-added-required' : 'property-added',
        hreq.has(k),
        `new ${hreq.has(k) ? 'required' : 'optional'} field "${k}"`,
        child(at, k),
      );
    else add('property-added', false, `new field "${k}"`, child(at, k));
  }
  for (const k of Object.keys(bp).filter((x) => x in hp)) {
    if (breq.has(k) && !hreq.has(k))
      add('property-made-optional', direction === 'response', `"${k}" is no longer required`, child(at, k));
    if (!breq.has(k) && hreq.has(k))
      add('property-made-required', direction === 'request', `"${k}" is now required`, child(at, k));
    out.push(...sub(bp[k], hp[k], child(at, k)));
  }
  if (!closed(b) && closed(h))
    add('additional-properties-refused', direction === 'request', 'fields not listed are now refused');
  if (closed(b) && !closed(h))
    add('additional-properties-allowed', direction === 'response', 'fields not listed may now appear');
  const bap = b.additionalProperties;
  const hap = h.additionalProperties;
  if (bap && hap && typeof bap === 'object' && typeof hap === 'object')
    out.push(...sub(bap as S, hap as S, child(at, '{additional}')));

  // `items: {}` (or `true`) describes nothing: the same as no items at all.
  const bItems = constrains(b.items) ? b.items : undefined;
  const hItems = constrains(h.items) ? h.items : undefined;
  if (bItems && hItems) out.push(...sub(bItems as S, hItems as S, child(at, '[]')));
  else if (bItems && !hItems)
    add('items-unconstrained', direction === 'response', 'array items are no longer described');
  else if (!bItems && hItems) add('items-constrained', direction === 'request', 'array items are now constrained');

  const ba = (b.oneOf ?? b.anyOf) as S[] | undefined;
  const ha = (h.oneOf ?? h.anyOf) as S[] | undefined;
  if (ba && ha && ba.length === ha.length) {
    // Pair identical branches first, so that reordering alternatives is not a change.
    const left = ba.map((_, i) => i);
    const right = ha.map((_, i) => i);
    for (const i of [...left]) {
      const j = right.find((r) => safeEqual(ba[i], ha[r]));
      if (j !== undefined) {
        left.splice(left.indexOf(i), 1);
        right.splice(right.indexOf(j), 1);
      }
    }
    for (const [n, i] of left.entries()) out.push(...sub(ba[i], ha[right[n]!], child(at, `oneOf/${i}`)));
  } else if (ba && ha && ba.length !== ha.length) {
    const fewer = ha.length < ba.length;
    add('alternatives-changed', direction === 'request' ? fewer : !fewer, `${ba.length} alternatives → ${ha.length}`);
  }
  return out;
}

function constraints(
  b: S,
  h: S,
  direction: Direction,
  add: (kind: string, breaking: boolean, message: string) => void,
): void {
  // For a request, tighter limits break clients; for a response, looser ones may.
  const tighter = (key: string, lower: boolean) => {
    const bv = b[key] as number | undefined;
    const hv = h[key] as number | undefined;
    if (bv === hv) return;
    const tightened = hv !== undefined && (bv === undefined || (lower ? hv > bv : hv < bv));
    add(`${key}-changed`, direction === 'request' ? tightened : !tightened, `${key} ${bv ?? 'none'} → ${hv ?? 'none'}`);
  };
  tighter('minimum', true);
  tighter('exclusiveMinimum', true);
  tighter('minLength', true);
  tighter('minItems', true);
  tighter('minProperties', true);
  tighter('maximum', false);
  tighter('exclusiveMaximum', false);
  tighter('maxLength', false);
  tighter('maxItems', false);
  tighter('maxProperties', false);
  if (b.uniqueItems !== h.uniqueItems) {
    const added = h.uniqueItems === true;
    add(
      'uniqueItems-changed',
      direction === 'request' ? added : !added,
      `uniqueItems ${String(b.uniqueItems ?? false)} → ${String(h.uniqueItems ?? false)}`,
    );
  }
  for (const key of ['pattern', 'format', 'multipleOf']) {
    if (b[key] !== h[key]) {
      const added = h[key] !== undefined;
      add(
        `${key}-changed`,
        direction === 'request' ? added : b[key] !== undefined,
        `${key} ${shown(b[key])} → ${shown(h[key])}`,
      );
    }
  }
}

/** A keyword's value in a message: absent is `none`, never `undefined` or `null`. */
const shown = (v: unknown) => (v === undefined ? 'none' : JSON.stringify(v));

/** `fixed value 422 → "error"`, `no fixed value → "error"`, `fixed value "error" → none` (`null` is a value). */
function fixedValues(b: S, h: S): string {
  if (!('const' in b)) return `no fixed value → ${shown(h.const)}`;
  return `fixed value ${shown(b.const)} → ${shown(h.const)}`;
}

/** Structural equality that survives recursive schemas (compared up to a depth). */
function safeEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 12 || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => safeEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], depth + 1))
  );
}

/** Whether an `items` schema constrains anything (`{}`, `true` and annotations alone do not). */
function constrains(items: unknown): boolean {
  if (items === undefined || items === true) return false;
  if (items && typeof items === 'object')
    return Object.keys(items).some(
      (k) => !['description', 'title', 'example', 'examples', 'x-assumed', 'x-assumed-reason', 'x-learned'].includes(k),
    );
  return true;
}
