// A spec's text parsed for spec:diff, with its three ways to exhaust the
// process named as what they are: aliases that expand without end (a "billion
// laughs"), nesting deeper than the YAML parser's stack (it said "not valid
// YAML: Maximum call stack size exceeded"), and nesting the parser survives
// but the $ref resolver and the differ, which recurse, might not.
import { parse as parseYaml } from 'yaml';
import type { RawNode } from '../load.js';

/** Nodes an alias may expand to, counted by the yaml package (its default, named here so it stays). */
export const MAX_ALIAS_COUNT = 100;
/** Levels of nesting spec:diff reads: the toolkit's spec has 14, the $ref resolver stops at 500. */
export const MAX_SPEC_DEPTH = 128;

/** The document, or an Error whose one line says why not. */
export function parseSpecText(text: string, label: string): RawNode {
  let raw: unknown;
  try {
    raw = parseYaml(text, { maxAliasCount: MAX_ALIAS_COUNT });
  } catch (err) {
    const e = err as Error & { code?: string };
    if (e instanceof RangeError || (e.code === 'RESOURCE_EXHAUSTION' && /call stack/i.test(e.message)))
      throw new Error(`${label} is nested too deeply to parse (more levels than the YAML parser's stack holds)`);
    if (e instanceof ReferenceError && /alias/i.test(e.message))
      throw new Error(`${label} expands its aliases past the bound of ${MAX_ALIAS_COUNT} (an alias bomb?)`);
    throw new Error(`${label} is not valid YAML: ${e.message.split('\n')[0]}`);
  }
  if (!raw || typeof raw !== 'object' || !('paths' in raw))
    throw new Error(`${label} is not an OpenAPI document (no paths)`);
  if (deeperThan(raw, MAX_SPEC_DEPTH))
    throw new Error(`${label} is nested too deeply: more than ${MAX_SPEC_DEPTH} levels (spec:diff reads up to that)`);
  return raw as RawNode;
}

/** Whether a parsed value nests past `max` levels; walked without recursion, so any depth is measured. An
 *  object an alias reaches again is walked again only when reached deeper (a cycle is past any bound). */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  const deepest = new Map<object, number>();
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object' || (deepest.get(v) ?? 0) >= depth) continue;
    if (depth > max) return true;
    deepest.set(v, depth);
    for (const x of Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}
