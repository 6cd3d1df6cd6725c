// How PHP, Python and JavaScript backends write a string into an answer: their
// JSON encoders with their flags, URL and form encodings, HTML escaping, byte
// reprs and base64. Written out here (not taken from the redactor) so that the
// redaction tests check the redactor against what backends really send.

const hex4 = (unit: number, upper: boolean) => {
  const h = unit.toString(16).padStart(4, '0');
  return `\\u${upper ? h.toUpperCase() : h}`;
};

interface JsonFlags {
  /** `/` as `\/` (PHP's default). */
  slashes?: boolean;
  /** Every non-ASCII code unit as \uXXXX (PHP's default, Python's ensure_ascii). */
  ascii?: boolean;
  /** PHP JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT (uppercase hex). */
  hex?: boolean;
  /** Every \u escape in uppercase hex. */
  upper?: boolean;
}

const SHORT: Record<string, string> = { '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const HEXED = new Set(['<', '>', '&', "'", '"']);

/** A JSON string's content (without its quotes), as an encoder with these flags writes it. */
export function jsonContent(s: string, f: JsonFlags = {}): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const unit = s.charCodeAt(i);
    if (f.hex && HEXED.has(ch)) out += hex4(unit, true);
    else if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '/' && f.slashes) out += '\\/';
    else if (SHORT[ch]) out += SHORT[ch];
    else if (unit < 0x20 || (unit > 0x7e && f.ascii)) out += hex4(unit, !!f.upper);
    else out += ch;
  }
  return out;
}

const percent = (bytes: Uint8Array, keep: RegExp, lower: boolean, plus: boolean) =>
  [...bytes]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (plus && c === ' ') return '+';
      if (b < 0x80 && keep.test(c)) return c;
      const h = b.toString(16).padStart(2, '0');
      return `%${lower ? h : h.toUpperCase()}`;
    })
    .join('');
const utf8 = (s: string) => new TextEncoder().encode(s);

/** PHP htmlspecialchars(ENT_QUOTES) and Python html.escape: the five characters; `apos` how `'` is written. */
const htmlSpecial = (s: string, apos: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": apos })[c]!);

/** Every non-ASCII code point as a numeric character reference (what htmlentities-like encoders do past Latin-1). */
const numericRefs = (s: string, hex: boolean) =>
  [...htmlSpecial(s, '&#39;')]
    .map((c) => {
      const cp = c.codePointAt(0)!;
      if (cp < 0x80) return c;
      return hex ? `&#X${cp.toString(16).toUpperCase()};` : `&#${cp};`;
    })
    .join('');

/** PHP htmlentities (HTML 4.01 names for Latin-1, the rest left as UTF-8). */
const LATIN1 = { é: '&eacute;', ï: '&iuml;', à: '&agrave;', ü: '&uuml;', ß: '&szlig;', '\u00a0': '&nbsp;' } as const;
const htmlEntities = (s: string) =>
  [...htmlSpecial(s, '&#039;')].map((c) => (LATIN1 as Record<string, string>)[c] ?? c).join('');

/** Python's repr of the UTF-8 bytes (b'...' in a log line): printable ASCII kept, the rest \xHH. */
const bytesRepr = (s: string) =>
  [...utf8(s)]
    .map((b) => {
      const c = String.fromCharCode(b);
      if (c === '\\' || c === "'") return `\\${c}`;
      return b >= 0x20 && b < 0x7f ? c : `\\x${b.toString(16).padStart(2, '0')}`;
    })
    .join('');

const base64 = (s: string) => Buffer.from(s).toString('base64');

export type Encoder = [name: string, encode: (s: string) => string];

/** The encoders of the table: each is a way a backend's answer can carry the string. */
export const ENCODERS: Encoder[] = [
  ['raw', (s) => s],
  ['JavaScript JSON.stringify', (s) => JSON.stringify(s).slice(1, -1)],
  ['PHP json_encode default (\\/, \\u00e9)', (s) => jsonContent(s, { slashes: true, ascii: true })],
  [
    'PHP JSON_HEX_TAG|AMP|APOS|QUOT (\\u003C, \\u0026, \\u0027, \\u0022)',
    (s) => jsonContent(s, { slashes: true, ascii: true, hex: true }),
  ],
  ['PHP JSON_UNESCAPED_SLASHES|UNICODE', (s) => jsonContent(s)],
  ['Python json.dumps ensure_ascii=True', (s) => jsonContent(s, { ascii: true })],
  ['Python json.dumps ensure_ascii=False', (s) => jsonContent(s)],
  ['uppercase \\u escapes', (s) => jsonContent(s, { ascii: true, upper: true, hex: true })],
  ['JSON in JSON (PHP default twice)', (s) => jsonContent(jsonContent(s, { slashes: true, ascii: true }))],
  ['JSON in JSON (JavaScript twice)', (s) => jsonContent(jsonContent(s))],
  ['URL-encoded, uppercase hex', (s) => encodeURIComponent(s)],
  ['URL-encoded, lowercase hex', (s) => percent(utf8(s), /[A-Za-z0-9\-_.!~*'()]/, true, false)],
  ['PHP rawurlencode', (s) => percent(utf8(s), /[A-Za-z0-9\-_.~]/, false, false)],
  ['form encoding (PHP urlencode, Python quote_plus)', (s) => percent(utf8(s), /[A-Za-z0-9\-_.]/, false, true)],
  ['form encoding, lowercase hex', (s) => percent(utf8(s), /[A-Za-z0-9\-_.*]/, true, true)],
  ['URL-encoded twice', (s) => encodeURIComponent(encodeURIComponent(s))],
  ['URL-encoded JSON (PHP default)', (s) => encodeURIComponent(jsonContent(s, { slashes: true, ascii: true }))],
  ['PHP htmlspecialchars ENT_QUOTES (&#039;)', (s) => htmlSpecial(s, '&#039;')],
  ['Python html.escape (&#x27;)', (s) => htmlSpecial(s, '&#x27;')],
  ['HTML5 &apos;', (s) => htmlSpecial(s, '&apos;')],
  ['PHP htmlentities (&eacute;)', htmlEntities],
  ['numeric references, decimal', (s) => numericRefs(s, false)],
  ['numeric references, hex', (s) => numericRefs(s, true)],
  [
    'JSON in an HTML page (htmlspecialchars of json_encode)',
    (s) => htmlSpecial(jsonContent(s, { slashes: true, ascii: true }), '&#039;'),
  ],
  ['Python bytes repr (\\xc3\\xa9)', bytesRepr],
  ['base64', base64],
  ['base64url, no padding', (s) => Buffer.from(s).toString('base64url')],
];

/** Passwords holding every character the encoders treat specially. */
export const PASSWORDS = [
  'p@ss "quoted" \\back & more=1',
  'a/b<c>d\'e&f g"h\\i',
  'naïve café é 日本 🔑 x/y',
  '"\\/&<>\' é日本😀 ok',
];
