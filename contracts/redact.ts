// No reporter ever prints a password or token: known secrets are replaced
// wherever they appear, and token-like fields are masked whatever their value.
const MASK = '[REDACTED]';

export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of [...secrets].filter((x) => x.length >= 4).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(MASK);
  }
  return out
    .replace(/(\\?"(?:api_token|password|current_password|new_password|password_confirmation|new_password_confirmation|token|qr_code)\\?"\s*:\s*\\?")[^"\\]+/g, `$1${MASK}`)
    .replace(/\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/g, `$1${MASK}`);
}
