// Ajv's errors as a reader needs them. A failed oneOf (or anyOf) lists the
// errors of every branch plus its own "must match exactly one schema": for an
// object where `oneOf: [null, envelope]` is declared, "must be null" hides the
// real cause inside the envelope. The value's JSON type picks the branch it
// was meant for, and that branch's own errors are the cause. And one violation
// repeated on every item of an array is one violation at many places.
import type { ErrorObject } from 'ajv';
import type { JsonSchema } from './load.js';
import { declaredTypes, decodePointer, jsonTypeOf } from './schema.js';

const ALTERNATIVES = new Set(['oneOf', 'anyOf']);

/** The node a JSON pointer names in a value (a schema or a body), or undefined. */
export function nodeAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const part of decodePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Ajv's schemaPath (`#/properties/data/oneOf`) as a pointer into the schema compiled. */
const schemaPointer = (schemaPath: string) => schemaPath.replace(/^#/, '');

/** The index of the one branch whose declared types admit the value's type; undefined when none or several
 *  may (a branch that declares no type may fit anything). */
function fittingBranch(branches: unknown, value: unknown): number | undefined {
  if (!Array.isArray(branches) || value === undefined) return undefined;
  const type = jsonTypeOf(value);
  const fits = branches.map((b) => {
    const types = declaredTypes(b as JsonSchema);
    return !types || types.has(type) || (type === 'integer' && types.has('number'));
  });
  return fits.filter(Boolean).length === 1 ? fits.indexOf(true) : undefined;
}

/**
 * The errors with each failed oneOf / anyOf replaced by the errors of the branch the value's JSON type fits
 * (its own errors, never the other branches' nor the "must match" line); kept as they are where the type
 * picks no single branch, or where the fitting branch has no error of its own (then the value matched
 * several branches, and the oneOf line is the cause).
 */
export function fittingBranchErrors(errors: ErrorObject[], schema: JsonSchema, body: unknown): ErrorObject[] {
  const alternatives = errors.filter((e) => ALTERNATIVES.has(e.keyword));
  if (!alternatives.length) return errors;
  const nested = insideAlternatives(errors);
  const dropped = new Set<ErrorObject>();
  // Outer alternatives first: an inner one inside a branch dropped goes with it.
  alternatives.sort((a, b) => a.schemaPath.length - b.schemaPath.length);
  for (const alt of alternatives) {
    if (dropped.has(alt)) continue;
    const branch = fittingBranch(nodeAt(schema, schemaPointer(alt.schemaPath)), nodeAt(body, alt.instancePath));
    if (branch === undefined) continue;
    const inside = (nested.get(`${alt.schemaPath}\0${alt.instancePath}`) ?? []).filter((e) => e !== alt);
    const own = new Set(inside.filter((e) => e.schemaPath.startsWith(`${alt.schemaPath}/${branch}/`)));
    if (!own.size) continue;
    dropped.add(alt);
    for (const e of inside) if (!own.has(e)) dropped.add(e);
  }
  return errors.filter((e) => !dropped.has(e));
}

/**
 * The errors under each alternative, keyed by its schema path and the value it judged (`schemaPath\0instancePath`):
 * an error is under every oneOf / anyOf its schema path passes through, for the value at any prefix of its
 * instance path. Built once, so that a body with thousands of failed alternatives is not scanned once per each.
 */
function insideAlternatives(errors: ErrorObject[]): Map<string, ErrorObject[]> {
  const out = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const alts = [...e.schemaPath.matchAll(/\/(?:oneOf|anyOf)(?=\/\d+\/)/g)].map((m) =>
      e.schemaPath.slice(0, m.index + m[0].length),
    );
    if (!alts.length) continue;
    const parts = e.instancePath.split('/');
    const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
    for (const alt of alts)
      for (const prefix of prefixes) {
        const key = `${alt}\0${prefix}`;
        const list = out.get(key);
        if (list) list.push(e);
        else out.set(key, [e]);
      }
  }
  return out;
}

/** The instance path with each index into an array of the body written `*` (`/data/data/*\/id`). */
export function generalPath(body: unknown, pointer: string): string {
  let node = body;
  let out = '';
  for (const part of decodePointer(pointer)) {
    const index = Array.isArray(node) && /^\d+$/.test(part);
    out += `/${index ? '*' : part.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  return out;
}

/** One violation met at one place or more: the errors that differ only by array indices, in order. */
export interface Repeated {
  first: ErrorObject;
  /** The instance path with array indices as `*`. */
  general: string;
  /** Every error of the group (the first among them). */
  all: ErrorObject[];
}

/** The errors grouped by rule and place, array indices aside, in the order each group was first met. */
export function foldRepeats(errors: ErrorObject[], body: unknown): Repeated[] {
  const groups = new Map<string, Repeated>();
  for (const e of errors) {
    const general = generalPath(body, e.instancePath);
    const missing = e.keyword === 'required' ? String((e.params as { missingProperty?: unknown }).missingProperty) : '';
    const key = JSON.stringify([e.keyword, e.schemaPath, general, missing, e.message ?? '']);
    const group = groups.get(key);
    if (group) group.all.push(e);
    else groups.set(key, { first: e, general, all: [e] });
  }
  return [...groups.values()];
}
