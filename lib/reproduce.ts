// What a developer needs to reproduce a failure: the request and the answer,
// excerpted after redaction (a secret is never cut in half), and a curl
// command that sends the same request with the token taken from $MCS_TOKEN;
// or, when the token is no secret (a made-up or a logged-out one: `shown`),
// with that very token, set on the line before so that no redaction of
// `Bearer ...` can take it out of the command.
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

/** Characters of a body a curl command writes out; a longer one would be cut with the result's texts
 *  (RESULT_TEXT), leaving a command with an open quote that sends something else. */
export const CURL_BODY = 4096;

/** How the command sends the body: written out, or, past CURL_BODY, made by the shell and piped in when it
 *  is mostly one character repeated (how the suite makes a body over a size limit), else read from a file
 *  the command names, as no command line can carry it. */
function curlBody(body: string): { pipe?: string; arg: string; note?: string } {
  if (body.length <= CURL_BODY) return { arg: `--data-raw ${shellQuote(body)}` };
  const run = /([\x20-\x7e])\1{255,}/.exec(body);
  const rest = run ? body.length - run[0].length : body.length;
  if (run && rest <= CURL_BODY) {
    const [repeated, ch] = run as unknown as [string, string];
    const before = body.slice(0, run.index);
    const after = body.slice(run.index + repeated.length);
    return {
      pipe: `{ printf '%s' ${shellQuote(before)}; head -c ${repeated.length} /dev/zero | tr '\\0' ${shellQuote(ch)}; printf '%s' ${shellQuote(after)}; } |`,
      arg: '--data-binary @-',
    };
  }
  return {
    note: `# body.json: the request's body, ${body.length} characters (the report shows the first ${EXCERPT})`,
    arg: '--data-binary @body.json',
  };
}

/** The shell variable a reproduction's shown token is set in. */
export const CHECK_TOKEN = 'MCS_CHECK_TOKEN';

export function reproduction(
  apiBase: string,
  out: Outcome,
  clean: (text: string) => string,
  shown: ReadonlySet<string> = new Set(),
  standIns: ReadonlySet<string> = new Set(),
): Reproduction {
  const req = out.request;
  const url = clean(`${apiBase}${req.path}`);
  const headers: Record<string, string> = { accept: 'application/json' };
  let token: string | undefined;
  let standIn = false;
  for (const [k, v] of Object.entries(req.headers ?? {})) {
    const bearer = /^Bearer\s+(\S+)$/.exec(v)?.[1];
    const replaced = bearer !== undefined && (shown.has(bearer) || standIns.has(bearer));
    if (replaced && shown.has(bearer)) token = bearer;
    else if (replaced) standIn = true;
    headers[k.toLowerCase()] = replaced ? `Bearer $${CHECK_TOKEN}` : clean(v);
  }
  const sent = req.raw ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
  if (sent !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const body = sent === undefined ? undefined : clean(sent);
  const sends = body === undefined ? undefined : curlBody(body);
  const command = [
    `${sends?.note ? `${sends.note}\n` : ''}${sends?.pipe ? `${sends.pipe} ` : ''}curl -sS -X ${req.method} ${shellQuote(url)}`,
    ...Object.entries(headers).map(([k, v]) =>
      v.includes(MASK) || v.includes(`$${CHECK_TOKEN}`)
        ? `-H "${k}: ${v.replaceAll(MASK, '$MCS_TOKEN').replace(/"/g, '\\"')}"`
        : `-H ${shellQuote(`${k}: ${v}`)}`,
    ),
    ...(sends ? [sends.arg] : []),
  ].join(' \\\n  ');
  const curl =
    token !== undefined
      ? `${CHECK_TOKEN}=${shellQuote(token)}\n${command}`
      : standIn
        ? `# ${CHECK_TOKEN}: a token you signed in and then logged out, as the check did (its own is not written:\n# the deployment may still accept it)\n${command}`
        : command;
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
