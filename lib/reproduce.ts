// What a developer needs to reproduce a failure: the request and the answer,
// excerpted after redaction (a secret is never cut in half), and a curl
// command that sends the same request with the token taken from $MCS_TOKEN.
import type { Outcome } from './http.js';
import { detach, TEXT_KEPT } from './limits.js';
import { MASK } from './secret-names.js';

export interface Reproduction {
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; contentType?: string; body?: string };
  curl: string;
}

/** Characters of each body kept in a reproduction. */
export const EXCERPT = 2000;

/** Characters redacted past the excerpt (what an outcome keeps of a text): a secret that crosses the cut
 *  is masked whole, and an answer of 10 MiB costs the redaction of a few kilobytes. A longer secret cut at the window is masked as a piece. */
const MARGIN = TEXT_KEPT - EXCERPT;

/** The excerpt of a body, redacted, copied (it must not keep the answer alive in a finding);
 *  `length` is the whole text's when `text` is already its beginning (an outcome's). */
function cut(text: string, clean: (text: string) => string, length = text.length): string {
  if (length <= EXCERPT) return detach(clean(text));
  const shown = clean(text.slice(0, EXCERPT + MARGIN));
  return detach(`${shown.slice(0, EXCERPT)}... (${length - EXCERPT} more characters)`);
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function reproduction(apiBase: string, out: Outcome, clean: (text: string) => string): Reproduction {
  const req = out.request;
  const url = clean(`${apiBase}${req.path}`);
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [k, v] of Object.entries(req.headers ?? {})) headers[k.toLowerCase()] = clean(v);
  const sent = req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  if (sent !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const body = sent === undefined ? undefined : clean(sent);
  const curl = [
    `curl -sS -X ${req.method} ${shellQuote(url)}`,
    ...Object.entries(headers).map(([k, v]) =>
      v.includes(MASK)
        ? `-H "${k}: ${v.replaceAll(MASK, '$MCS_TOKEN').replace(/"/g, '\\"')}"`
        : `-H ${shellQuote(`${k}: ${v}`)}`,
    ),
    ...(body === undefined ? [] : [`--data-raw ${shellQuote(body)}`]),
  ].join(' \\\n  ');
  return {
    request: { method: req.method, url, headers, ...(body === undefined ? {} : { body: cut(body, (x) => x) }) },
    ...(out.status === undefined
      ? {}
      : {
          response: {
            status: out.status,
            contentType: out.headers['content-type'],
            body: cut(out.text, clean, out.textLength),
          },
        }),
    curl,
  };
}
