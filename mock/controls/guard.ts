// Keeps the controls under /__mock (reset, plans, tokens, the reset-token
// mailbox, the journal, the console) out of reach of web pages on other sites:
// a foreign Origin, a cross-site fetch without Origin, a POST a page could send
// without a preflight (not JSON), and a Host that is not this machine (DNS
// rebinding) are refused. curl and scripts, which send no Origin, are unaffected.
//
// The guard hangs on the control routes themselves (issue 26), not on the URL
// text: the router decodes `%5F_mock`, `%2F` and a trailing slash and strips an
// absolute-form request line's authority, so any test of the raw URL can be
// spelled around. Whatever spelling reached a route under the prefix, the route
// runs the guard first.
import { isIP } from 'node:net';
import type { FastifyRequest, onRequestHookHandler, onRouteHookHandler } from 'fastify';
import { isAllowedOrigin } from '../../lib/origins.js';

/** Every route registered under this prefix is a control, and guarded. */
export const CONTROL_PREFIX = '/__mock';

/**
 * This machine's names, as hostName() spells them: the loopback name and the
 * loopback literals (an IP literal cannot be rebound). `0.0.0.0` and `[::]` are
 * "any address", not one, and are refused; so is every other name under
 * `localhost` (`foo.localhost`), which only some resolvers keep on this machine.
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]', '[::ffff:7f00:1]'];

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

/** Why the hosts a request names are not all this machine, or undefined when they are. */
function foreignHost(hosts: ReadonlySet<string>, header: string | undefined, rawUrl: string | undefined) {
  if (!hosts.has(hostName(header))) return `the Host ${JSON.stringify(header ?? '')} is not this machine`;
  // RFC 9112 3.2.2: an absolute-form target's authority is the host meant, whatever Host says.
  const authority = targetAuthority(rawUrl);
  if (authority !== undefined && !hosts.has(hostName(authority)))
    return `the request line names the host ${JSON.stringify(authority)}, not this machine`;
  return undefined;
}

/** The hosts a request may name to pass the cross-site checks: loopback, --host, the --cors-origin hosts. */
export function allowedHosts(extraOrigins: readonly string[], extraHosts: readonly string[] = []): Set<string> {
  return new Set(
    [...LOOPBACK_HOSTS, ...extraHosts, ...extraOrigins.map((o) => new URL(o).host)].map(hostName).filter(Boolean),
  );
}

/** Whether a Host header names an IP literal (which no DNS rebinding can produce), port aside. */
export function isIpLiteralHost(header: string | undefined): boolean {
  const h = hostName(header);
  return isIP(h.startsWith('[') ? h.slice(1, -1) : h) !== 0;
}

/**
 * Why a request may come from a page of another site (a Host that is not this
 * machine, a foreign Origin, a cross-site fetch without Origin), or undefined.
 * The one rule the controls and the making of a world (worlds/hook.ts) share;
 * `anyIpHost` also lets a Host that is an IP literal through (a LAN device when
 * the mock listens on every address).
 */
export function crossSiteReason(
  request: FastifyRequest,
  hosts: ReadonlySet<string>,
  extraOrigins: readonly string[],
  anyIpHost = false,
): string | undefined {
  const origin = request.headers.origin;
  const foreign = foreignHost(hosts, request.headers.host, request.raw.url);
  if (
    foreign &&
    !(anyIpHost && isIpLiteralHost(request.headers.host) && targetAuthority(request.raw.url) === undefined)
  )
    return foreign;
  if (origin !== undefined && !isAllowedOrigin(origin, extraOrigins))
    return `the Origin ${JSON.stringify(origin)} is not allowed (see --cors-origin)`;
  if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site') return 'a cross-site request';
  return undefined;
}

/** The guard one control route runs before anything else of its own. */
export function controlGuard(
  extraOrigins: readonly string[],
  extraHosts: readonly string[] = [],
): onRequestHookHandler {
  const hosts = allowedHosts(extraOrigins, extraHosts);
  return (request, _reply, done) => {
    const { errors } = request.server.mock.ctx;
    const why = crossSiteReason(request, hosts, extraOrigins);
    if (why) return done(errors.MOCK_CONTROL_REFUSED(why));
    if (request.method === 'POST' && !/^application\/json\b/i.test(String(request.headers['content-type'] ?? '')))
      return done(errors.MOCK_CONTROL_JSON());
    done();
  };
}

/**
 * An onRoute hook putting the guard first on every route registered under
 * CONTROL_PREFIX, by any plugin, now or later: a new control cannot be left out.
 * Add it before the controls are registered.
 */
export function guardControlRoutes(
  extraOrigins: readonly string[],
  extraHosts: readonly string[] = [],
): onRouteHookHandler {
  const guard = controlGuard(extraOrigins, extraHosts);
  return (route) => {
    if (!route.url.startsWith(CONTROL_PREFIX)) return;
    const own = route.onRequest;
    route.onRequest = [guard, ...(Array.isArray(own) ? own : own ? [own] : [])];
  };
}
