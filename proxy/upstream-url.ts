// The URL a request is forwarded to, built from parts: the upstream's origin
// and base path (from --upstream), then the request's path and query. Joined
// as strings, an absolute-form request line (`GET http://other/x HTTP/1.1`)
// asked for the host `127.0.0.1:PORThttp`, and `/api/v1/../../../x` reached
// `/x`, outside the base path, once fetch's URL parser resolved the dots.
//
// Refused, rather than repaired: a target that is not a path (absolute-,
// authority- or asterisk-form), a fragment, a backslash (WHATWG URL parsing
// reads it as `/`), and any `.` or `..` segment in any encoding (`%2e%2e`,
// `.%2E`, `..%2F`, `%252e` decoded twice, `%5C` as a separator, `..;x`). No HTTP client
// sends a dot segment (URL parsing removes them, `%2e` too), so only a request
// made by hand has one; resolving it here would forward a path other than the
// one the app sent and the validator judged, and forwarding it lets the
// upstream resolve it outside the base path. A double slash (`//host/x`) stays
// a path on the upstream: the URL is never parsed relative to the request.

export type UpstreamUrl = { url: string } | { refused: string };

/** Rounds of percent-decoding a segment is looked at through: an upstream (or a proxy before it) may decode twice. */
const DECODINGS = 3;

/** The segment with each `%XX` decoded, DECODINGS times over: escape by escape, so a stray `%zz` beside
 *  `..%2F` does not keep the dots hidden (a lenient upstream decodes the rest). Bytes as Latin-1: the
 *  characters looked for (`.`, `/`, `\`, `;`) are ASCII. */
function decoded(segment: string): string {
  let s = segment;
  for (let i = 0; i < DECODINGS && s.includes('%'); i++)
    s = s.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return s;
}

/** `.` or `..` once decoded, split at slashes and backslashes, and with `;params` cut (Tomcat reads `..;x` as `..`). */
const isDotSegment = (segment: string) =>
  decoded(segment)
    .split(/[/\\]/)
    .some((piece) => {
      const name = piece.split(';')[0];
      return name === '.' || name === '..';
    });

/**
 * Where the request target (the request line's, as sent) goes on the upstream, or why it goes nowhere (words
 * that quote none of the target: the log names the request with its secrets masked, proxy/secrets.ts).
 * `upstream` is the normalised --upstream: an origin and a base path, no trailing slash.
 */
export function upstreamUrl(upstream: string, target: string): UpstreamUrl {
  if (!target.startsWith('/'))
    return { refused: 'the request target is not a path (absolute-form or authority-form); only paths are forwarded' };
  if (target.includes('#')) return { refused: 'the request target has a fragment (#), which HTTP never sends' };
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (path.includes('\\')) return { refused: 'the request path has a backslash' };
  if (path.split('/').some(isDotSegment))
    return { refused: 'the request path has a . or .. segment (in some encoding)' };
  const base = new URL(upstream);
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = new URL(base.origin);
  url.pathname = `${basePath}${path}`;
  if (q !== -1) url.search = target.slice(q);
  // What the checks above promise, checked on the URL as fetch will read it.
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`))
    return { refused: 'the request target would leave the upstream' };
  return { url: url.href };
}
