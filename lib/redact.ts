// No report ever carries a password or token, in any form: each known secret
// is found wherever the text, or the text with its escaping undone (JSON,
// Python, URL, HTML, one family after another: lib/decode.ts), holds it or
// its base64 (alone, or at any offset inside a longer base64 text, written
// as it is or escaped: lib/base64-cores.ts), and the span of the text that
// made it is masked; a piece of one
// (8 characters or more) left before a cut is masked too; token-like fields are
// masked whatever their value. No pattern is ever built from a secret: a search
// costs time linear in the text, whatever the secret's length.
import { isSecretName, MASK } from './secret-names.js';
import { needlesFor, type Span, secretSpans } from './secret-spans.js';

/** Shorter secrets are not hunted: they would mask ordinary words. */
const MIN_SECRET = 4;

interface Given {
  credentials: { email?: string; password?: string; token?: string };
  nosub?: { email: string; password: string };
  passwordAccount?: { email: string; password: string };
  apiKey?: string;
}

/** The secrets a run is given, and the Basic-auth forms of its email/password pairs. */
export function givenSecrets(o: Given): string[] {
  const pairs = [
    [o.credentials.email, o.credentials.password],
    [o.nosub?.email, o.nosub?.password],
    [o.passwordAccount?.email, o.passwordAccount?.password],
  ].filter((p): p is [string, string] => !!p[0] && !!p[1]);
  return [
    o.credentials.password,
    o.credentials.token,
    o.nosub?.password,
    o.passwordAccount?.password,
    o.apiKey,
    ...pairs.map(([e, p]) => Buffer.from(`${e}:${p}`).toString('base64')),
  ].filter((x): x is string => !!x);
}

/** Common forms a secret takes on the wire (raw, JSON-escaped once or twice, URL-encoded): what tests look for. */
export function encodings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    JSON.stringify(json).slice(1, -1),
    encodeURIComponent(secret),
    encodeURIComponent(secret).replace(/%20/g, '+'),
    encodeURI(secret),
  ];
  return [...new Set(forms)];
}

function masked(text: string, spans: Span[]): string {
  if (spans.length === 0) return text;
  spans.sort((x, y) => x[0] - y[0]);
  let out = '';
  let done = 0;
  for (const [a, b] of spans) {
    if (b <= done) continue;
    if (a >= done) out += `${text.slice(done, a)}${MASK}`;
    done = b;
  }
  return out + text.slice(done);
}

/** A JSON string member (escaped once or not): its name, then its value up to the closing quote. */
const FIELD = /(\\?"([\w.[\]-]{1,64})\\?"\s*:\s*\\?")([^"\\]+)/g;

/** Members whose name says they hold a secret (lib/secret-names.ts, the journal's rule) are masked whatever their value. */
const maskFields = (text: string) =>
  text
    .replace(FIELD, (whole, head: string, name: string) => (isSecretName(name) ? `${head}${MASK}` : whole))
    .replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g, `$1${MASK}`)
    .replace(/\b(Basic\s+)[A-Za-z0-9+/=]{8,}/g, `$1${MASK}`);

let last: { key: string; clean: (text: string) => string } | undefined;

/** A redaction function for a set of secrets (the last one made is kept: a run asks for the same set again and again). */
export function redactor(secrets: Iterable<string>): (text: string) => string {
  const list = [...new Set(secrets)].filter((x) => x.length >= MIN_SECRET);
  const key = list.join('\0');
  if (last?.key === key) return last.clean;
  const needles = needlesFor(list);
  const clean = (text: string) => maskFields(masked(text, secretSpans(text, needles)));
  last = { key, clean };
  return clean;
}

export function redact(text: string, secrets: Iterable<string>): string {
  return redactor(secrets)(text);
}

/** Redacts every string inside a value, before any renderer escapes it (JSON, XML). */
export function redactDeep<T>(value: T, secrets: Iterable<string>): T {
  const clean = redactor(secrets);
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return clean(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
