// Where secrets are in a text: plain search (Knuth-Morris-Pratt, linear in the
// text whatever a secret's length; no pattern is built from a secret) for each
// secret, its hex and its base64 (at any offset: lib/base64-cores.ts), in the
// text and in the text with its escaping undone (lib/decode.ts), one family
// after another, each find mapped back to the
// span of the text that made it; and a piece of a secret (MIN_FRAGMENT or more)
// left before a cut ("...", "…", a quote, the end), even when the cut split an escape.
import { base64Cores, widened } from './base64-cores.js';
import { type Decoded, decodeLayer, FAMILIES, withoutLineBreaks } from './decode.js';

/** A cut-off piece of a secret this long or longer is masked where an excerpt ends. */
export const MIN_FRAGMENT = 8;

export type Span = [start: number, end: number];

/** Escaping undone at most this many times over (a JSON string in a JSON string in a URL in HTML). */
const MAX_LAYERS = 4;
/** The longest remnant of an escape a cut can leave (`\u00`, `%C3%A`, `&#x1F60`). */
const REMNANT_MAX = 16;
const RING = 32;
/** What a cut leaves of an escape it split, before the cut: a fixed pattern, never built from a secret. */
const REMNANT =
  /(?:(?:\\x[0-9A-Fa-f]{2})*\\(?:u[0-9A-Fa-f]{0,3}|x[0-9A-Fa-f]?)?|(?:\\x[0-9A-Fa-f]{2})+|(?:%[0-9A-Fa-f]{2})*%[0-9A-Fa-f]{0,2}|&#?[xX]?[0-9A-Za-z]{0,10})$/;

export interface Needle {
  /** Spaces written as `+`: form encoding's space is the same character here. */
  text: string;
  /** Its first MIN_FRAGMENT characters: a text without them holds neither the needle nor a piece worth masking. */
  head: string;
  /** The longest run in the head of characters backends write as they are (letters, digits, `-_.`): a
   *  text without it, and without an escape that could stand for one of them (KEY_ESCAPE), holds the needle
   *  in no decoding, so most texts are never decoded. Empty: no such run. */
  key: string;
  /** A base64 core (lib/base64-cores.ts): a find is widened by up to this many base64 characters each side. */
  widen?: [before: number, after: number];
  fail?: Int32Array;
}

export const canonical = (s: string) => (s.includes(' ') ? s.replaceAll(' ', '+') : s);

/** What is searched for a secret: itself, and its base64 (standard and URL-safe, padding left off). */
export function needlesOf(secret: string): string[] {
  const base64 = Buffer.from(secret).toString('base64');
  // Unpadded too: a base64 of the secret inside a longer value carries no padding.
  const forms = [secret, base64, base64.replace(/=+$/, ''), Buffer.from(secret).toString('base64url')];
  // The Basic-auth pair is given as base64: its URL-safe spelling too.
  if (/^[A-Za-z0-9+/]{8,}={0,2}$/.test(secret))
    forms.push(secret.replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_'));
  return forms;
}

/** Percent-encoding of every byte but letters, digits and `-_.` (and `~` when kept), space as `sp`. */
const strictPercent = (s: string, keep: string, sp: string) =>
  [...Buffer.from(s)]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (c === ' ') return sp;
      return /[A-Za-z0-9_.-]/.test(c) || keep.includes(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

/** How a backend may have written the secret before base64- or hex-encoding it with the rest of a body: as
 *  it is; JSON-escaped (with non-ASCII as \uXXXX as Python's ensure_ascii does, and with PHP's `\/` too;
 *  each also put in a JSON string once more); URL- and form-encoded (JavaScript's encodeURIComponent,
 *  PHP's urlencode and rawurlencode). */
function writtenForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const ascii = json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  const url = encodeURIComponent(secret);
  const jsons = [json, ascii, ascii.replaceAll('/', '\\/')];
  return [
    ...new Set([
      secret,
      ...jsons,
      ...jsons.map((j) => JSON.stringify(j).slice(1, -1)),
      url,
      url.replaceAll('%20', '+'),
      strictPercent(secret, '', '+'),
      strictPercent(secret, '~', '%20'),
    ]),
  ];
}

/** The needles for a set of secrets: each secret's own forms, and the hex and base64 cores of how it may be
 *  written (a hex dump of a longer text holds the secret's hex verbatim: every byte is two characters). */
export function needlesFor(secrets: string[]): Needle[] {
  const byText = new Map<string, Needle>();
  for (const text of new Set(secrets.flatMap(needlesOf).map(canonical))) byText.set(text, needle(text));
  for (const secret of secrets)
    for (const form of writtenForms(secret)) {
      const hex = Buffer.from(form).toString('hex');
      for (const h of [hex, hex.toUpperCase()]) if (!byText.has(h)) byText.set(h, needle(h));
      for (const core of base64Cores(Buffer.from(form))) {
        const known = byText.get(core.text);
        const widen: [number, number] = [
          Math.max(core.before, known?.widen?.[0] ?? 0),
          Math.max(core.after, known?.widen?.[1] ?? 0),
        ];
        byText.set(core.text, { ...(known ?? needle(core.text)), widen });
      }
    }
  return [...byText.values()];
}

/** Knuth-Morris-Pratt: for each prefix of p, the longest proper prefix that is also its suffix. */
function failure(p: string): Int32Array {
  const fail = new Int32Array(p.length);
  for (let i = 1, k = 0; i < p.length; i++) {
    while (k > 0 && p.charCodeAt(i) !== p.charCodeAt(k)) k = fail[k - 1]!;
    if (p.charCodeAt(i) === p.charCodeAt(k)) k++;
    fail[i] = k;
  }
  return fail;
}

/** Where an excerpt may have been cut: "...", "…", a quote, the end. */
function isCut(text: string, i: number): boolean {
  if (i === text.length) return true;
  const c = text.charCodeAt(i);
  return c === 34 || c === 39 || c === 0x2026 || (c === 46 && text.startsWith('...', i));
}

/** A piece of the needle ending at a cut (after the remnant of an escape the cut split, if any). */
function fragment(text: string, i: number, ring: Int32Array, spans: Span[]): void {
  const remnant = REMNANT.exec(text.slice(Math.max(0, i - REMNANT_MAX), i))?.[0].length ?? 0;
  let start = i;
  for (const at of remnant ? [i, i - remnant] : [i]) {
    const k = ring[at & (RING - 1)]!;
    if (k >= MIN_FRAGMENT) start = Math.min(start, at - k);
  }
  if (start < i) spans.push([start, i]);
}

/** Every whole needle in the text, and every piece of one (MIN_FRAGMENT or more) before a cut: linear time. */
function scan(text: string, n: Needle, spans: Span[]): void {
  const p = n.text;
  const m = p.length;
  n.fail ??= failure(p);
  const fail = n.fail;
  const ring = new Int32Array(RING);
  let q = 0;
  let recent = -RING;
  for (let i = 0; ; i++) {
    ring[i & (RING - 1)] = q;
    if (q >= MIN_FRAGMENT) recent = i;
    if (i - recent <= REMNANT_MAX && isCut(text, i)) fragment(text, i, ring, spans);
    if (i === text.length) return;
    const c = text.charCodeAt(i);
    while (q > 0 && p.charCodeAt(q) !== c) q = fail[q - 1]!;
    if (p.charCodeAt(q) === c) q++;
    if (q === m) {
      spans.push([i + 1 - m, i + 1]);
      q = fail[m - 1]!;
    }
  }
}

/** Characters that JSON, URL and HTML encoders write as they are. */
const KEPT = /[A-Za-z0-9_.-]+/g;

export function needle(text: string): Needle {
  const head = text.slice(0, MIN_FRAGMENT);
  const key = (head.match(KEPT) ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  return { text, head, key: key.length >= 2 ? key : '' };
}

function spansIn(text: string, needles: Needle[]): Span[] {
  const canon = canonical(text);
  const spans: Span[] = [];
  for (const n of needles) {
    if (!canon.includes(n.head)) continue;
    const found: Span[] = n.widen ? [] : spans;
    if (n.text.length >= MIN_FRAGMENT) scan(canon, n, found);
    else
      for (let i = canon.indexOf(n.text); i >= 0; i = canon.indexOf(n.text, i + 1)) found.push([i, i + n.text.length]);
    // Widened over the text as written: a space there is not the `+` of base64.
    if (n.widen) for (const [a, b] of found) spans.push(widened(text, a, b, ...n.widen));
  }
  return spans;
}

/** Decodings tried per text at most: sequences of one family after another, shortest first. */
const MAX_DECODINGS = 32;

/** An escape that can stand for a letter, digit, `-`, `_` or `.` (the characters of a needle's key) in some
 *  family: JSON's and JS's `\u00XX` and `\xXX`, URL's `%XX`, HTML's numeric and `&period;`-like references.
 *  A text with none holds a needle in some decoding only if it holds its key as written. */
const KEY_ESCAPE = /\\(?:u00|x)[2-7][0-9A-Fa-f]|%[2-7][0-9A-Fa-f]|&#|&(?:period|lowbar|UnderBar|hyphen|dash|minus);/;

/** One layer of each escaping family undone, or the line breaks of wrapped base64 taken out. */
const DECODERS: Array<(s: string) => Decoded | undefined> = [
  ...FAMILIES.map((family) => (s: string) => decodeLayer(s, family)),
  withoutLineBreaks,
];

/**
 * The spans of the text that hold a secret: in the text as it is, and in every
 * decoding of it, one family of escaping undone after another (HTML of JSON,
 * URL of JSON of JSON, ...), each span mapped back to the text.
 */
export function secretSpans(text: string, all: Needle[]): Span[] {
  // A line break (raw, or escaped as JSON writes it) may split a wrapped base64 core's key: base64 needles
  // are kept for a text that has one.
  const broken = /[\r\n]|\\[rn]/.test(text);
  const needles = KEY_ESCAPE.test(text) ? all : all.filter((n) => (broken && n.widen) || text.includes(n.key));
  if (needles.length === 0) return [];
  const spans = spansIn(text, needles);
  const queue: Array<{ text: string; maps: Int32Array[] }> = [{ text, maps: [] }];
  const seen = new Set([text]);
  let decodings = 0;
  for (let next = 0; next < queue.length && decodings < MAX_DECODINGS; next++) {
    const { text: layer, maps } = queue[next]!;
    if (maps.length >= MAX_LAYERS) continue;
    for (const decode of DECODERS) {
      const decoded = decode(layer);
      if (!decoded || seen.has(decoded.text) || decodings++ >= MAX_DECODINGS) continue;
      seen.add(decoded.text);
      const chain = [...maps, decoded.at];
      for (const span of spansIn(decoded.text, needles)) spans.push(mapBack(span, chain));
      queue.push({ text: decoded.text, maps: chain });
    }
  }
  return spans;
}

/** A span of a decoded text, as the span of the original that made it. */
function mapBack([a, b]: Span, chain: Int32Array[]): Span {
  for (let k = chain.length - 1; k >= 0; k--) [a, b] = [chain[k]![a]!, chain[k]![b]!];
  return [a, b];
}
