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
import type { FastifyRequest, onRequestHookHandler, onRouteHookHandler } from 'fastify';
import { allowedHosts, foreignHost, isAllowedOrigin } from '../../lib/origins.js';

/** Every route registered under this prefix is a control, and guarded. */
export const CONTROL_PREFIX = '/__mock';

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
  const foreign = foreignHost(hosts, request.headers.host, request.raw.url, anyIpHost);
  if (foreign) return foreign;
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
