// Where a URL's path holds a secret path parameter of the spec (the reset
// link's `{token}`), for the mock's journal and the proxy's log alike, whatever
// the method and whether or not the path is an operation: matched on the path
// as a router would see it and as it would not (each segment percent-decoded,
// `%2F` splitting it, empty and dot segments resolved, any case, a trailing
// slash ignored); and, for a path that matches no template, every segment after
// the literal segments that lead to a secret (`…/user/reset_password/`), so a
// near miss (`reset_password/TOKEN/x`, a missing base path) shows no token.
import { formDecode, isSecretParameter } from './secret-names.js';

export interface SecretPath {
  /** The whole path (base path and the operation's) as segments: a literal (lower case), `'*'` for any other parameter, `null` where a secret sits. */
  segments: ReadonlyArray<string | null>;
  /** For each secret, the literal segments of the operation's own path just before it (`['user', 'reset_password']`). */
  leads: ReadonlyArray<ReadonlyArray<string>>;
}

type Operation = {
  path: string;
  parameters: ReadonlyArray<{ name: string; in: string; schema: Record<string, unknown> }>;
};

/** The run of literal segments just before index k (none when a parameter or the start comes first). */
function leadOf(parts: ReadonlyArray<string | null>, k: number): string[] {
  let from = k;
  while (from > 0 && typeof parts[from - 1] === 'string' && parts[from - 1] !== '*') from--;
  return parts.slice(from, k) as string[];
}

const segmentsOf = (path: string, secret: ReadonlySet<string>): Array<string | null> =>
  path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (/^\{.+\}$/.test(s) ? (secret.has(s.slice(1, -1)) ? null : '*') : s.toLowerCase()));

/** Secret path templates of the spec's operations (`{token}` of `/user/reset_password/{token}`). */
export function secretPathsOf(operations: ReadonlyArray<Operation>, basePath: string): SecretPath[] {
  const out: SecretPath[] = [];
  for (const op of operations) {
    const secret = new Set(op.parameters.filter((p) => p.in === 'path' && isSecretParameter(p)).map((p) => p.name));
    if (secret.size === 0) continue;
    const own = segmentsOf(op.path, secret);
    const leads = own.flatMap((s, k) => (s === null ? [leadOf(own, k)] : [])).filter((l) => l.length > 0);
    out.push({ segments: segmentsOf(`${basePath}${op.path}`, secret), leads });
  }
  return out;
}

interface Resolved {
  /** The index of the raw segment it came from. */
  at: number;
  text: string;
}

/** The path as segments a router could see: decoded (a `+` kept), split at `%2F`, empty and dot segments resolved, lower case. */
function resolve(segments: readonly string[]): Resolved[] {
  const resolved: Resolved[] = [];
  segments.forEach((s, at) => {
    for (const part of formDecode(s.replace(/\+/g, '%2B')).toLowerCase().split(/[/\\]/)) {
      if (part === '' || part === '.') continue;
      if (part === '..') resolved.pop();
      else resolved.push({ at, text: part });
    }
  });
  return resolved;
}

/**
 * The raw segments after each run of resolved segments that spells `lead`: every non-empty one after the
 * raw segment that ends the run (dot segments too: `TOKEN/..` still shows TOKEN), and that one itself when
 * it holds more than the lead's last part (`reset_password%2FTOKEN`).
 */
function afterLead(segments: readonly string[], resolved: readonly Resolved[], lead: ReadonlyArray<string>): number[] {
  const out: number[] = [];
  for (let i = 0; i + lead.length <= resolved.length; i++) {
    if (!lead.every((part, k) => resolved[i + k]!.text === part)) continue;
    const last = resolved[i + lead.length - 1]!;
    if (formDecode(segments[last.at]!.replace(/\+/g, '%2B')).toLowerCase() !== last.text) out.push(last.at);
    for (let at = last.at + 1; at < segments.length; at++) if (segments[at] !== '') out.push(at);
  }
  return out;
}

/** Indices of the raw segments (`path.split('/')`) that hold, or may hold, a secret path parameter. */
export function secretSegments(segments: readonly string[], secretPaths: readonly SecretPath[]): number[] {
  const resolved = resolve(segments);
  const found = new Set<number>();
  for (const { segments: template, leads } of secretPaths) {
    const tail = resolved.slice(resolved.length - template.length);
    const fits =
      tail.length === template.length &&
      template.every((part, k) => part === null || part === '*' || part === tail[k]!.text);
    if (fits)
      template.forEach((part, k) => {
        if (part === null) found.add(tail[k]!.at);
      });
    // A near miss, or a path the template fits too: whatever follows the lead may be the secret.
    for (const lead of leads) for (const at of afterLead(segments, resolved, lead)) found.add(at);
  }
  return [...found].sort((a, b) => a - b);
}
