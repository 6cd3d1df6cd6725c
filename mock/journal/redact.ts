// Redaction of one exchange for the journal: its URL (path tokens, query
// parameters), its headers and its bodies. Secrets are found by name (after
// decoding) and by value (the live tokens, asked of the store when the journal
// is read), and bodies are cut only after they are redacted.

import { formDecode, isSecretName, LiveTokens, MASK } from '../../lib/secret-names.js';
import { type SecretPath, secretSegments } from '../../lib/secret-paths.js';
import { redactText } from './scan.js';

/** Headers that carry a secret whatever the API: the API's own credential headers come from the spec's facts. */
const ALWAYS_SECRET = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

export function secretHeaders(credentialHeaders: readonly string[] = []): ReadonlySet<string> {
  return new Set([...ALWAYS_SECRET, ...credentialHeaders.map((h) => h.toLowerCase())]);
}

/** `removed` collects the secret values masked, in the forms an echo would take. */
export function redactHeaders(
  headers: Record<string, string | string[] | undefined>,
  secret: ReadonlySet<string>,
  live: LiveTokens = new LiveTokens(),
  removed: string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const text = Array.isArray(v) ? v.join(', ') : String(v);
    const lower = name.toLowerCase();
    if (secret.has(lower) || isSecretName(lower) || lower.includes('auth')) {
      // The scheme tells which kind of credential came (Bearer, Basic); only a scheme followed by a credential is kept.
      const scheme = /^([A-Za-z][\w.-]*)\s+(\S.*)$/s.exec(text);
      out[name] = scheme && lower.includes('authorization') ? `${scheme[1]} ${MASK}` : MASK;
      removed.push(...credentialForms(scheme?.[2] ?? text));
    } else {
      const scanned = redactText(text, live);
      removed.push(...scanned.removed);
      out[name] = live.mask(scanned.text);
    }
  }
  return out;
}

/** A credential as an echo may carry it: whole, each cookie's value, and Basic's `user:password` and password. */
function credentialForms(credential: string): string[] {
  const forms = [credential];
  for (const pair of credential.split(/[;,]/)) {
    const eq = pair.indexOf('=');
    if (eq >= 0) forms.push(pair.slice(eq + 1).trim(), formDecode(pair.slice(eq + 1).trim()));
  }
  if (/^[A-Za-z0-9+/]+={0,2}$/.test(credential)) {
    const decoded = Buffer.from(credential, 'base64').toString('utf8');
    forms.push(decoded, decoded.slice(decoded.indexOf(':') + 1));
  }
  return forms;
}

/** The URL with secret path segments and secret query values masked; `removed` collects what was masked. */
export function redactUrl(
  url: string,
  secretPaths: readonly SecretPath[],
  live: LiveTokens,
  removed: string[] = [],
): string {
  const q = url.indexOf('?');
  const segments = (q < 0 ? url : url.slice(0, q)).split('/');
  const masked = new Set(secretSegments(segments, secretPaths));
  segments.forEach((s, i) => {
    if (live.contains(s) || live.contains(formDecode(s))) masked.add(i);
  });
  for (const i of masked) removed.push(segments[i] as string, formDecode(segments[i] as string));
  const path = segments.map((s, i) => (masked.has(i) ? MASK : s)).join('/');
  if (q < 0) return live.mask(path);
  const query = redactText(url.slice(q + 1), live);
  removed.push(...query.removed);
  return live.mask(`${path}?${query.text}`);
}

export interface Excerpt {
  body: string | null;
  truncated: boolean;
}

/**
 * A body as the journal shows it: redacted, then cut at `chars`. The scan runs
 * until its output passes the cut by the longest live token, so a token that
 * straddles the cut is found whole and masked, never shown in part. `cutEarly`
 * says the text was already cut when recorded: its last characters may hold
 * the start of a token whose end is gone, so they are dropped unseen (8 per
 * character of the longest token: the widest escape, `\\u0041` inside a string).
 */
export function excerpt(
  value: unknown,
  chars: number,
  live: LiveTokens,
  cutEarly = false,
  removed: string[] = [],
): Excerpt {
  if (value === undefined || value === null || value === '') return { body: null, truncated: false };
  let text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  if (cutEarly) text = text.slice(0, Math.max(0, text.length - (8 * live.maxLength + 64)));
  const needed = chars + live.maxLength;
  let limit = needed + 16;
  for (;;) {
    const scanned = redactText(text, live, limit);
    // Past the limit nothing is shown: the last pass searches no further (one huge word costs no more than a short one).
    const whole = scanned.text.length <= limit;
    const shown = live.mask(whole ? scanned.text : scanned.text.slice(0, limit));
    if ((scanned.complete && whole) || shown.length >= needed) {
      removed.push(...scanned.removed);
      const truncated = cutEarly || !scanned.complete || !whole || shown.length > chars;
      return { body: shown.length > chars ? shown.slice(0, chars) : shown, truncated };
    }
    limit *= 2;
  }
}
