// The README's endpoint table and its list of assumptions are rendered from the
// spec, between marker comments, so they cannot drift from it.
import type { LoadedSpec, RawNode } from './load.js';
import { decodePointer, walk } from './schema.js';

export const SECTIONS = {
  endpoints: ['<!-- endpoints:start (npm run readme) -->', '<!-- endpoints:end -->'],
  assumptions: ['<!-- assumptions:start (npm run readme) -->', '<!-- assumptions:end -->'],
} as const;

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderEndpoints(spec: LoadedSpec): string {
  const rows = spec.operations.map((op) => {
    const auth = op.isPublic ? 'public' : op.subscriptionRequired ? 'token + plan' : 'token';
    const codes = Object.keys(op.responses).join(', ');
    const mark = op.assumed ? ' (assumed)' : '';
    // spec/operation-facts.ts: what the contract suite and the fuzzer treat it as.
    const kind = op.read ? (op.list ? 'read, list' : 'read') : 'write';
    return `| \`${op.method.toUpperCase()} ${op.path}\` | \`${op.operationId}\` | ${op.tags.join(', ')} | ${auth} | ${kind} | ${cell(op.summary)}${mark} | ${codes} |`;
  });
  return [
    '| Method and path (under `/api/v1`) | operationId | Tag | Auth | Kind | Summary | Responses |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Where, in words, a JSON pointer into the raw document points. */
export function describePointer(pointer: string, raw: RawNode): string {
  const parts = decodePointer(pointer);
  if (parts[0] === 'paths') {
    const [, path, method, ...rest] = parts;
    const where = `\`${method!.toUpperCase()} ${path}\``;
    if (rest.length === 0) return `${where} (operation)`;
    if (rest[0] === 'responses') return `${where} response ${rest[1]}`;
    if (rest[0] === 'parameters')
      return `${where} parameter \`${raw.paths[path!][method!].parameters[Number(rest[1])]?.name}\``;
    return `${where} ${rest.join('.')}`;
  }
  if (parts[0] === 'components') {
    const [, kind, name, ...rest] = parts;
    const field = rest.filter((_, i) => rest[i - 1] === 'properties' || rest[i - 1] === 'headers');
    return `${kind} \`${name}\`${field.length ? ` → \`${field.join('.')}\`` : ''}`;
  }
  if (parts.length === 1 && parts[0]!.startsWith('x-')) return `spec extension \`${parts[0]}\``;
  if (parts.length === 2 && parts[0]!.startsWith('x-')) return `spec extension \`${parts[0]}\` \`${parts[1]}\``;
  return pointer;
}

/** One row per decision: the places that share a reason (the 422 of each field, the 429's headers) are named together. */
export function renderAssumptions(spec: LoadedSpec): string {
  const places = new Map<string, string[]>();
  for (const [pointer, node] of walk(spec.raw)) {
    if (node['x-assumed'] !== true) continue;
    // A point learnt from a deployment (npm run spec:apply) says where and when, beside its reason.
    const learned = typeof node['x-learned'] === 'string' ? ` Learned from ${node['x-learned']}` : '';
    const reason = `${String(node['x-assumed-reason'] ?? '')}${learned}`;
    places.set(reason, [...(places.get(reason) ?? []), describePointer(pointer, spec.raw)]);
  }
  const rows = [...places].map(([reason, where]) => `| ${where.join(', ')} | ${cell(reason)} |`);
  return ['| Where in the spec | Decision and why |', '|---|---|', ...rows].join('\n');
}

export function replaceSection(text: string, [start, end]: readonly [string, string], body: string): string {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`README lacks the markers ${start} … ${end}`);
  return `${text.slice(0, a + start.length)}\n${body}\n${text.slice(b)}`;
}
