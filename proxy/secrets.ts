// What the proxy's log may not show of an exchange: the secrets the app sent.
// The log names each exchange by its path and query, with the values of the
// spec's secret path parameters (the reset link's `{token}`, whatever the
// method, in a near miss of its path too) and of
// secret-named query parameters masked; every line then goes through
// lib/redact.ts with the exchange's own secrets (credential headers, the
// values of secret-named body fields), wherever one might be echoed.
import { redactor } from '../lib/redact.js';
import { isSecretName, MASK } from '../lib/secret-names.js';
import { type SecretPath, secretSegments } from '../lib/secret-paths.js';

/** Body values visited looking for secrets: a huge body costs no more than this. */
const VISITED = 10_000;

const isSecretHeader = (name: string) => isSecretName(name) || name.includes('auth');

/**
 * The path with every segment that holds, or may hold, a secret path parameter of the spec masked
 * (lib/secret-paths.ts: any method, a near miss of the template too); `secrets` collects the values.
 */
function maskedPath(path: string, secretPaths: readonly SecretPath[], secrets: string[]): string {
  const parts = path.split('/');
  const masked = new Set(secretSegments(parts, secretPaths));
  if (masked.size === 0) return path;
  return parts
    .map((part, i) => {
      if (!masked.has(i)) return part;
      secrets.push(part, safeDecode(part), ...safeDecode(part).split('/'));
      return MASK;
    })
    .join('/');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

function maskedQuery(query: string, secrets: string[]): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || !isSecretName(safeDecode(pair.slice(0, eq)))) return pair;
      secrets.push(pair.slice(eq + 1), safeDecode(pair.slice(eq + 1)));
      return `${pair.slice(0, eq)}=${MASK}`;
    })
    .join('&');
}

function headerSecrets(headers: Record<string, string | string[] | undefined>, secrets: string[]): void {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || !isSecretHeader(name.toLowerCase())) continue;
    for (const v of [value].flat()) {
      secrets.push(v, v.replace(/^[A-Za-z][\w.-]*\s+/, ''));
      for (const pair of v.split(';')) secrets.push(pair.slice(pair.indexOf('=') + 1).trim());
    }
  }
}

function bodySecrets(body: unknown, secrets: string[]): void {
  const stack: Array<[unknown, boolean]> = [[body, false]];
  for (let visited = 0; stack.length > 0 && visited < VISITED; visited++) {
    const [v, secret] = stack.pop()!;
    if (typeof v === 'string' && secret) secrets.push(v);
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) stack.push([x, secret || isSecretName(k)]);
  }
}

export interface ExchangeRedaction {
  /** The request's path and query, secrets masked. */
  url: string;
  /** A line of the log with every secret of the exchange masked. */
  clean: (line: string) => string;
}

/** Worked out when the exchange first logs a line: a clean exchange costs nothing here. */
export function exchangeRedaction(
  url: string,
  secretPaths: readonly SecretPath[],
  headers: Record<string, string | string[] | undefined>,
  body: unknown,
): ExchangeRedaction {
  let made: ExchangeRedaction | undefined;
  const make = (): ExchangeRedaction => {
    const secrets: string[] = [];
    const q = url.indexOf('?');
    const path = maskedPath(q < 0 ? url : url.slice(0, q), secretPaths, secrets);
    const shown = q < 0 ? path : `${path}?${maskedQuery(url.slice(q + 1), secrets)}`;
    headerSecrets(headers, secrets);
    bodySecrets(body, secrets);
    const clean = redactor(secrets.filter((s) => s !== ''));
    return { url: clean(shown), clean };
  };
  return {
    get url() {
      made ??= make();
      return made.url;
    },
    clean: (line) => {
      made ??= make();
      return made.clean(line);
    },
  };
}
