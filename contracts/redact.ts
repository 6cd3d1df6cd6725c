// No reporter ever prints a password or token: known secrets are replaced
// wherever they appear, and token-like fields are masked whatever their value.
const MASK = '[REDACTED]';

/** The secrets a run is given: passwords, token, api key. */
export function givenSecrets(o: { credentials: { password?: string; token?: string }; nosub?: { password: string }; apiKey?: string }): string[] {
  return [o.credentials.password, o.credentials.token, o.nosub?.password, o.apiKey].filter((x): x is string => !!x);
}

export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of [...secrets].filter((x) => x.length >= 4).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(MASK);
  }
  return out
    .replace(/(\\?"(?:api_token|password|current_password|new_password|password_confirmation|new_password_confirmation|token|qr_code)\\?"\s*:\s*\\?")[^"\\]+/g, `$1${MASK}`)
    .replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g, `$1${MASK}`);
}

/** Redacts every string inside a value, before any renderer escapes it (JSON, XML). */
export function redactDeep<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets];
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v, list);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
