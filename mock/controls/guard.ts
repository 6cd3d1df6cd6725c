// Keeps the controls under /__mock (reset, plans, tokens, the reset-token
// mailbox, the journal, the console) out of reach of web pages on other sites:
// a foreign Origin, a cross-site fetch without Origin, a POST a page could send
// without a preflight (not JSON), and a Host that is not this machine (DNS
// rebinding) are refused. curl and scripts, which send no Origin, are unaffected.
//
// And out of reach of other machines (issue 38): with --host 0.0.0.0 a phone on
// the Wi-Fi could send `Host: 127.0.0.1` and read the reset-token mailbox. The
// Host is the client's to choose; the connection's address is not. So every
// route under the prefix answers this machine only (a loopback peer, or one
// connecting from an address of this machine's own interfaces: a browser here
// that opened the LAN address), unless the mock was told to open them
// (controlsFromNetwork, --lan-controls).
//
// The guard hangs on the control routes themselves (issue 26), not on the URL
// text: the router decodes `%5F_mock`, `%2F` and a trailing slash and strips an
// absolute-form request line's authority, so any test of the raw URL can be
// spelled around. Whatever spelling reached a route under the prefix, the route
// runs the guard first.
import type { FastifyRequest, onRequestHookHandler, onRouteHookHandler } from 'fastify';
import { fromLoopback } from '../../lib/loopback.js';
import { allowedHosts, foreignHost, type HostSet, isAllowedOrigin, isIpLiteral } from '../../lib/origins.js';
import { type InterfacesOf, isOwnAddress } from '../../lib/this-machine.js';
import type { MockContext } from '../options.js';

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
  hosts: HostSet,
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

/** How a refusal of another machine says the way to open the controls to it. */
export const OPEN_TO_NETWORK =
  'start the mock with --lan-controls (the option controlsFromNetwork: true) to let other machines use the controls, the console and the reset-token mailbox';

/**
 * Why a request's connection is not from this machine (its socket's remote
 * address is neither loopback, 127.0.0.0/8, ::1, ::ffff:127.x.y.z, nor an
 * address of this machine's interfaces: a browser here that opened the LAN
 * address), or undefined. Never the Host header: a device on the network sends
 * whatever Host it likes, but cannot connect from this machine's address
 * (lib/this-machine.ts).
 */
export function otherMachine(request: FastifyRequest, interfaces: InterfacesOf): string | undefined {
  const peer = request.raw.socket?.remoteAddress;
  // Loopback first: the interface list is read only for a peer that is not.
  if (fromLoopback(peer) || isOwnAddress(peer, interfaces)) return undefined;
  return `the request came from ${peer ?? 'an unknown address'}, not this machine`;
}

/** `hosts`, and any IP literal that is an address of this machine's interfaces (an IP literal is never rebound). */
export function thisMachineHosts(hosts: ReadonlySet<string>, interfaces: InterfacesOf): HostSet {
  return { has: (name) => hosts.has(name) || (isIpLiteral(name) && isOwnAddress(name, interfaces)) };
}

type GuardSettings = Pick<
  MockContext,
  'corsOrigins' | 'controlHosts' | 'controlsFromNetwork' | 'anyAddress' | 'interfaces'
>;

/** The guard one control route runs before anything else of its own. */
export function controlGuard(settings: GuardSettings): onRequestHookHandler {
  const { corsOrigins, controlsFromNetwork, interfaces } = settings;
  const hosts = thisMachineHosts(allowedHosts(corsOrigins, settings.controlHosts), interfaces);
  // Opened to the network on every address, a device names the mock by its LAN address: an IP literal, never rebound.
  const anyIpHost = controlsFromNetwork && settings.anyAddress;
  return (request, _reply, done) => {
    const { errors } = request.server.mock.ctx;
    const remote = controlsFromNetwork ? undefined : otherMachine(request, interfaces);
    if (remote) return done(errors.MOCK_CONTROL_REFUSED(`${remote}; ${OPEN_TO_NETWORK}`));
    const why = crossSiteReason(request, hosts, corsOrigins, anyIpHost);
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
export function guardControlRoutes(settings: GuardSettings): onRouteHookHandler {
  const guard = controlGuard(settings);
  return (route) => {
    if (!route.url.startsWith(CONTROL_PREFIX)) return;
    const own = route.onRequest;
    route.onRequest = [guard, ...(Array.isArray(own) ? own : own ? [own] : [])];
  };
}
