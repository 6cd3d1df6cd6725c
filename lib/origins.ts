// Which browser origins may call the mock: the CORS grant and the guard of the
// controls both ask here, so the two can never disagree.

/** Any origin on this machine: the local dev servers of frontend developers. */
export const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/** What an extra origin must be, as a message says it. */
export const ORIGIN_RULE =
  'an origin such as http://192.168.1.20:5173 (scheme, host and port; no path, query, fragment, credentials or wildcard)';

/** Scheme, then a host and port with no credentials or wildcard, then at most a slash: nothing else. */
const ORIGIN_FORM = /^https?:\/\/[^/?#@*\\\s]+\/?$/i;

/**
 * An origin as browsers send it (`http://192.168.1.20:5173`), normalised
 * (lower case, no trailing slash, a default port dropped); undefined for
 * anything else. Never a wildcard: the CORS grant allows credentials.
 */
export function parseOrigin(raw: string): string | undefined {
  if (!ORIGIN_FORM.test(raw) || !URL.canParse(raw)) return undefined;
  const origin = new URL(raw).origin;
  return origin === 'null' ? undefined : origin;
}

/** Origins compare without a trailing slash and case-insensitively in scheme and host. */
export function normalizeOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/** True for this machine's origins and the exact extra origins given (`--cors-origin`). */
export function isAllowedOrigin(origin: string | undefined, extra: readonly string[] = []): boolean {
  if (origin === undefined || origin === '' || origin === 'null') return false;
  if (LOCAL_ORIGIN.test(origin)) return true;
  const wanted = normalizeOrigin(origin);
  return extra.some((o) => normalizeOrigin(o) === wanted);
}

/** Browsers cache a preflight this long (Chrome caps it at 7200 s), so an app does not preflight every call. */
export const CORS_MAX_AGE = 600;
