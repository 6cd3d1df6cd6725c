// Which of the upstream's answer headers the proxy passes on to the app, and
// how. Decided on the header as fetch decoded it, with Node's own validators
// (what reply.header() would otherwise throw on when the answer is sent, losing
// the upstream's status and body to a 500):
// - hop-by-hop headers, and those the upstream's Connection header names, stay
//   on the upstream's connection (RFC 9110, 7.6.1);
// - the body was decompressed and is sent whole: its encoding and length go;
// - the upstream's CORS grants go: the proxy's own policy answers the browser
//   (an upstream that allows http://evil.example with credentials must not
//   make the proxy allow it); its Vary is merged with the proxy's;
// - a value with characters past Latin-1 is sent as its UTF-8 bytes (what the
//   upstream most likely sent; Node's fetch hands bytes over as Latin-1);
// - a name that is not an HTTP token, or a value with CR, LF, NUL or another
//   control character, is dropped and reported (never sent: header injection).
import { validateHeaderName, validateHeaderValue } from 'node:http';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);
/** Describe the body as the upstream sent it, not as the proxy sends it (decompressed, whole). */
const BODY_FRAMING = new Set(['content-length', 'content-encoding']);

const isCors = (name: string) => name.startsWith('access-control-') || name === 'timing-allow-origin';

export interface AnswerHeaders {
  /** Name and value pairs to set, in order (Set-Cookie may come more than once). */
  pass: Array<[string, string]>;
  /** The upstream's Vary, as tokens: merged with the proxy's own. */
  vary: string[];
  /** Headers dropped as unsendable, described for the log and sl-violations. */
  dropped: string[];
}

export function answerHeaders(headers: Iterable<[string, string]>): AnswerHeaders {
  const all = [...headers];
  const named = connectionNamed(all.filter(([k]) => k.toLowerCase() === 'connection').map(([, v]) => v));
  const out: AnswerHeaders = { pass: [], vary: [], dropped: [] };
  for (const [rawName, rawValue] of all) {
    const name = rawName.toLowerCase();
    if (HOP_BY_HOP.has(name) || named.has(name) || BODY_FRAMING.has(name) || isCors(name)) continue;
    const value = /[\u0100-\uffff]/.test(rawValue) ? Buffer.from(rawValue, 'utf8').toString('latin1') : rawValue;
    const refusal = unsendable(name, value);
    if (refusal) out.dropped.push(`upstream header ${ascii(JSON.stringify(rawName))} dropped: ${refusal}`);
    else if (name === 'vary') out.vary.push(...value.split(',').map((t) => t.trim()));
    else out.pass.push([name, value]);
  }
  return out;
}

/** The headers a Connection header names: hop-by-hop for that message, whichever side sent it. */
export function connectionNamed(values: string | readonly string[] | undefined): Set<string> {
  return new Set(
    [values ?? []]
      .flat()
      .flatMap((v) => v.split(','))
      .map((t) => t.trim().toLowerCase())
      .filter((t) => t !== ''),
  );
}

function unsendable(name: string, value: string): string | undefined {
  try {
    validateHeaderName(name);
  } catch {
    return 'its name is not an HTTP token';
  }
  try {
    validateHeaderValue(name, value);
  } catch {
    return 'its value holds a control character (CR, LF, NUL...)';
  }
  return undefined;
}

/** Vary tokens, the proxy's and the upstream's, once each (`*` alone when either says `*`). */
export function mergeVary(own: unknown, upstream: readonly string[]): string | undefined {
  const tokens = [...String(own ?? '').split(','), ...upstream].map((t) => t.trim()).filter((t) => t !== '');
  if (tokens.includes('*')) return '*';
  const seen = new Map(tokens.map((t) => [t.toLowerCase(), t]));
  return seen.size ? [...seen.values()].join(', ') : undefined;
}

/** Text safe in a header value whatever it holds: everything outside printable ASCII as a \u escape. */
export function ascii(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
