// How a request names its world: the `X-Mock-World` header, or the path
// prefix `/worlds/NAME/...` for clients that cannot set a header (a mobile
// app's base URL, a plain <img>), or `?world=NAME` on a control. A name is
// letters, digits and `-`, 1 to 40 characters; anything else is refused (400).
import type { IncomingMessage } from 'node:http';

// The rule is lib's, shared with the contract suite that sends a name.
export { DEFAULT_WORLD, isWorldName, WORLD_HEADER, WORLD_NAME, WORLD_NAME_RULE } from '../../lib/world-name.js';

/** The path prefix: `/worlds/NAME` before the API's or the controls' path. */
const PREFIX = '/worlds/';
/** Where rewriteUrl leaves the prefix's name on the raw request (a symbol: no clash, no shape change for others). */
const PREFIXED = Symbol('mcs.worldPrefix');

type Raw = IncomingMessage & { [PREFIXED]?: string };

/**
 * Fastify's rewriteUrl: `/worlds/NAME/rest` is routed as `/rest`, the name kept
 * for the world hook (checked there, so a bad one is a 400, not a 404). Any other
 * URL is returned as it is: one character compared for almost every request.
 */
export function rewriteWorldUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  if (url.charCodeAt(1) !== 119 /* w */ || !url.startsWith(PREFIX)) return url;
  const end = url.indexOf('/', PREFIX.length);
  if (end < 0) return url;
  (req as Raw)[PREFIXED] = url.slice(PREFIX.length, end);
  return url.slice(end);
}

/** The name the path prefix gave, as written (undefined without a prefix). */
export function prefixedName(req: IncomingMessage): string | undefined {
  return (req as Raw)[PREFIXED];
}

/** A name as a message shows it: bounded, and quoted so that spaces and empty names show. */
export function shownName(name: unknown): string {
  const text = typeof name === 'string' ? name : (JSON.stringify(name) ?? String(name));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}
