// No report ever carries a password or token, in any form: each known secret
// is replaced in every encoding it can take on the wire or in a report (raw,
// JSON-escaped once or twice, URL-encoded, base64 of `email:password`), a piece
// of one left at the end of a cut excerpt is masked too, and token-like fields
// are masked whatever their value.
const MASK = '[REDACTED]';
/** Shorter secrets are not hunted: they would mask ordinary words. */
const MIN_SECRET = 4;
/** A cut-off piece of a secret this long or longer is masked where an excerpt ends. */
const MIN_FRAGMENT = 8;

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

/** Every form a secret can take in a request, an answer or a report. */
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

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A redaction function for a set of secrets, its patterns compiled once. */
export function redactor(secrets: Iterable<string>): (text: string) => string {
  const forms = [...secrets]
    .filter((x) => x.length >= MIN_SECRET)
    .flatMap(encodings)
    .sort((a, b) => b.length - a.length);
  // An excerpt cut inside a secret leaves its beginning before the cut ("...", a
  // closing quote, the end of the text): any such piece of MIN_FRAGMENT or more is masked.
  const pieces = forms
    .filter((f) => f.length > MIN_FRAGMENT)
    .flatMap((f) => Array.from({ length: f.length - MIN_FRAGMENT }, (_, i) => escapeRe(f.slice(0, f.length - 1 - i))));
  const cut = pieces.length ? new RegExp(`(?:${pieces.join('|')})(?=\\.\\.\\.|…|\\\\?"|$)`, 'g') : undefined;
  return (text) => {
    let out = text;
    for (const form of forms) out = out.split(form).join(MASK);
    if (cut) out = out.replace(cut, MASK);
    return out
      .replace(
        /(\\?"(?:api_token|password|current_password|new_password|password_confirmation|new_password_confirmation|token|qr_code)\\?"\s*:\s*\\?")[^"\\]+/g,
        `$1${MASK}`,
      )
      .replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g, `$1${MASK}`)
      .replace(/\b(Basic\s+)[A-Za-z0-9+/=]{8,}/g, `$1${MASK}`);
  };
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
