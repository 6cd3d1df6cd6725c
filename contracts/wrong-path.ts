// The run's first call answered as if nothing of the API were there: a 404, a
// 405, or an HTML page (a web server's or a framework's own) where the spec
// gives JSON. Most often the API is served under another path than the one
// tried (Prism serves the spec at its root), so the reason names the URL tried
// and the options that move it, rather than "sign-in refused: 404". It never
// suggests the path just tried: `--base-path /` answered 404 once said "use
// --base-path /".
import type { Outcome } from '../lib/http.js';

const html = (out: Outcome) => /\bhtml\b/i.test(out.headers['content-type'] ?? '');

/** Where the run looked: the base URL as given (normalized) and the API's base under it. */
export interface Tried {
  baseUrl: string;
  apiBase: string;
}

/** Why the answer looks like no API at that path, with the hint; undefined when it looks like one.
 *  `specPath` is the spec's server path (`/api/v1`), the other place an API is commonly served. */
export function wrongPath(what: string, out: Outcome, tried: Tried, specPath: string): string | undefined {
  const { status } = out;
  if (status === undefined || (status !== 404 && status !== 405 && !html(out))) return undefined;
  const answer = `${status}${html(out) ? ' with an HTML page' : ''}`;
  const base = new URL(tried.apiBase);
  const path = base.pathname.replace(/\/$/, '') || '/';
  return `${what} answered ${answer} at ${out.request.method} ${tried.apiBase}${out.request.path.split('?')[0]}: no API there? The operations are looked for under ${path}; ${elsewhere(path, tried, specPath)}`;
}

/** The other places to look, as the flags that name them; the place tried is not one. */
function elsewhere(path: string, tried: Tried, specPath: string): string {
  const { origin } = new URL(tried.apiBase);
  // A base URL with a path of its own moves the base path too: the hint names the origin outright.
  const ownPath = new URL(tried.baseUrl).pathname.replace(/\/$/, '') !== '';
  const server = specPath.replace(/\/$/, '') || '/';
  const moves: string[] = [];
  if (path !== '/')
    moves.push(`${ownPath ? `--base-url ${origin} ` : ''}--base-path / for an API served at the root of ${origin}`);
  if (path !== server && server !== '/')
    moves.push(
      ownPath
        ? `--base-url ${origin} for one served at ${server}, the spec's server path`
        : `--base-path ${server}, the spec's server path and the default when --base-path is left out, for one served at ${origin}${server}`,
    );
  const flags = ownPath ? '--base-url and --base-path name it' : '--base-path names it';
  return `if the API is served under another path, ${flags}${moves.length ? ` (${moves.join('; ')})` : ''}`;
}
