// The run's first call answered as if nothing of the API were there: a 404, a
// 405, or an HTML page (a web server's or a framework's own) where the spec
// gives JSON. Most often the API is served under another path than the one
// tried (Prism serves the spec at its root), so the reason names the URL tried
// and the option that moves it, rather than "sign-in refused: 404".
import type { Outcome } from '../lib/http.js';

const html = (out: Outcome) => /\bhtml\b/i.test(out.headers['content-type'] ?? '');

/** Why the answer looks like no API at that path, with the hint; undefined when it looks like one. */
export function wrongPath(what: string, out: Outcome, apiBase: string): string | undefined {
  const { status } = out;
  if (status === undefined || (status !== 404 && status !== 405 && !html(out))) return undefined;
  const answer = `${status}${html(out) ? ' with an HTML page' : ''}`;
  const base = new URL(apiBase);
  const basePath = base.pathname.replace(/\/$/, '') || '/';
  return `${what} answered ${answer} at ${out.request.method} ${apiBase}${out.request.path.split('?')[0]}: no API there? The operations are looked for under ${basePath}; if the API is served under another path, --base-path names it (--base-path / for an API served at the root of ${base.origin})`;
}
