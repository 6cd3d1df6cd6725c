/** Every object node of a parsed document, with its JSON pointer, depth first. */
export function* walk(node: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (node === null || typeof node !== 'object') return;
  if (!Array.isArray(node)) yield [pointer, node as Record<string, unknown>];
  for (const [k, v] of Object.entries(node)) yield* walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
}
