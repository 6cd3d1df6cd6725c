// Which browser origins may call the mock: the CORS grant and the guard of the
// controls both ask here, so the two can never disagree. And which Host a
// request may name (DNS rebinding): the mock's controls and the proxy's summary.

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

/**
 * This machine's names, as hostName() spells them: the loopback name and the
 * loopback literals (an IP literal cannot be rebound). `0.0.0.0` and `[::]` are
 * "any address", not one, and are refused; so is every other name under
 * `localhost` (`foo.localhost`), which only some resolvers keep on this machine.
 */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]', '[::ffff:7f00:1]'];

/** What a Host header may hold: a name or IP literal and a port; no userinfo, path, space or escape. */
const HOST_CHARS = /^[A-Za-z0-9._\-[\]:]+$/;

/**
 * The host a Host header (or an authority) names, spelled as a browser would
 * (WHATWG URL: lower case, `127.1` and `2130706433` as `127.0.0.1`, IPv6
 * compressed) and without the port or a name's trailing dot; '' when it is not
 * a bare `host[:port]` (empty, `evil@localhost`, `localhost/x`, a bad port).
 */
export function hostName(host: string | undefined): string {
  const h = host?.trim() ?? '';
  if (!HOST_CHARS.test(h)) return '';
  try {
    // `localhost.` is the same name as `localhost` (the root made explicit).
    return new URL(`http://${h}/`).hostname.replace(/\.$/, '');
  } catch {
    return '';
  }
}

/** The authority of an absolute-form request line (`POST http://host/path HTTP/1.1`), if it is one. */
function targetAuthority(rawUrl: string | undefined): string | undefined {
  if (rawUrl === undefined || rawUrl.startsWith('/')) return undefined;
  try {
    return new URL(rawUrl).host;
  } catch {
    return '';
  }
}

/** An IPv4 or IPv6 literal as hostName() spells it, not "any address": no DNS answer can point it elsewhere. */
export const isIpLiteral = (name: string) =>
  name !== '0.0.0.0' && name !== '[::]' && (/^\d{1,3}(\.\d{1,3}){3}$/.test(name) || /^\[[0-9a-f:.]+\]$/.test(name));

/** The hosts a request may name, as hostName() spells them: a Set, or a rule that also asks the OS (mock/controls/guard.ts). */
export interface HostSet {
  has(name: string): boolean;
}

/**
 * Why the hosts a request names (its Host header, and an absolute-form request line's authority) are not all
 * in `hosts` (with `ipLiterals`, or an IP literal), or undefined when they are: the DNS-rebinding rule of the
 * mock's controls (mock/controls/guard.ts) and the proxy's summary.
 */
export function foreignHost(
  hosts: HostSet,
  header: string | undefined,
  rawUrl: string | undefined,
  ipLiterals = false,
) {
  const ok = (name: string) => hosts.has(name) || (ipLiterals && isIpLiteral(name));
  if (!ok(hostName(header))) return `the Host ${JSON.stringify(header ?? '')} is not this machine`;
  // RFC 9112 3.2.2: an absolute-form target's authority is the host meant, whatever Host says.
  const authority = targetAuthority(rawUrl);
  if (authority !== undefined && !ok(hostName(authority)))
    return `the request line names the host ${JSON.stringify(authority)}, not this machine`;
  return undefined;
}

/** The hosts a request may name (hostName() spelling): loopback, --host, the --cors-origin hosts; the mock's
 *  cross-site checks and the proxy's summary. */
export function allowedHosts(extraOrigins: readonly string[], extraHosts: readonly string[] = []): Set<string> {
  return new Set(
    [...LOOPBACK_HOSTS, ...extraHosts, ...extraOrigins.map((o) => new URL(o).host)].map(hostName).filter(Boolean),
  );
}
