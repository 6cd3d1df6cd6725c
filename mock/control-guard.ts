// Keeps the controls under /__mock (reset, plans, tokens, the reset-token
// mailbox, the journal) out of reach of web pages on other sites: a foreign
// Origin, a cross-site fetch without Origin, a POST a page could send without
// a preflight (not JSON), and a Host that is not this machine (DNS rebinding)
// are refused. curl and scripts, which send no Origin, are unaffected.
import type { onRequestHookHandler } from 'fastify';
import { Errors } from './errors.js';
import { isAllowedOrigin } from './origins.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The host name of a Host header, without its port. */
export function hostName(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.replace(/:\d+$/, '');
}

export function controlGuard(
  extraOrigins: readonly string[],
  extraHosts: readonly string[] = [],
): onRequestHookHandler {
  const hosts = new Set([
    ...LOOPBACK_HOSTS,
    ...extraHosts.map((h) => h.toLowerCase()),
    ...extraOrigins.map((o) => hostName(new URL(o).host)),
  ]);
  return (request, _reply, done) => {
    if (!request.url.startsWith('/__mock')) return done();
    const origin = request.headers.origin;
    if (!hosts.has(hostName(request.headers.host)))
      return done(
        Errors.MOCK_CONTROL_REFUSED(`the Host ${JSON.stringify(request.headers.host ?? '')} is not this machine`),
      );
    if (origin !== undefined && !isAllowedOrigin(origin, extraOrigins))
      return done(
        Errors.MOCK_CONTROL_REFUSED(`the Origin ${JSON.stringify(origin)} is not allowed (see --cors-origin)`),
      );
    if (origin === undefined && request.headers['sec-fetch-site'] === 'cross-site')
      return done(Errors.MOCK_CONTROL_REFUSED('a cross-site request'));
    if (request.method === 'POST' && !/^application\/json\b/i.test(String(request.headers['content-type'] ?? '')))
      return done(Errors.MOCK_CONTROL_JSON());
    done();
  };
}
