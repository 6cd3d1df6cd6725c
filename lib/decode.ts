// One layer of the escaping a backend or a reporter puts on text, undone with
// a map back to where each character came from: JSON and JavaScript escapes
// (\uXXXX in either case, \/ \" \' \\ \n ...), Python's \xHH byte escapes,
// percent-encoding (either case), HTML character references (numeric, and the
// named ones PHP's htmlspecialchars/htmlentities and HTML5 write for ASCII and
// Latin-1). The redactor searches the decoded text and masks the span of the
// original that made it, so a secret is found in every mix of these escapings
// without listing its encodings.

/** Backslash escapes (JSON, JavaScript, Python), percent-encoding, HTML character references:
 *  undone one family at a time, since a backslash means nothing in HTML and `&` nothing in JSON. */
export type Family = 'json' | 'url' | 'html';
export const FAMILIES: Family[] = ['json', 'url', 'html'];
const TRIGGER: Record<Family, number> = { json: 92, url: 37, html: 38 };
// Decoded text is built from UTF-16 code units in the machine's byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export interface Decoded {
  text: string;
  /** Where each character of `text` starts in the source; `at[text.length]` is the source's length.
   *  A character made of several (the second half of a surrogate pair) starts where its sequence ends. */
  at: Int32Array;
}

// biome-ignore format: a table
const ASCII_NAMES: Record<string, string> = {
  Tab: '\t', NewLine: '\n', excl: '!', quot: '"', QUOT: '"', num: '#', dollar: '$', percnt: '%',
  amp: '&', AMP: '&', apos: "'", lpar: '(', rpar: ')', ast: '*', midast: '*', plus: '+', comma: ',',
  period: '.', sol: '/', colon: ':', semi: ';', lt: '<', LT: '<', equals: '=', gt: '>', GT: '>',
  quest: '?', commat: '@', lsqb: '[', lbrack: '[', bsol: '\\', rsqb: ']', rbrack: ']', Hat: '^',
  lowbar: '_', UnderBar: '_', grave: '`', DiacriticalGrave: '`', lcub: '{', lbrace: '{', verbar: '|',
  vert: '|', VerticalLine: '|', rcub: '}', rbrace: '}',
};

/** HTML 4's names for U+00A0 to U+00FF, in order (what PHP's htmlentities writes for Latin-1). */
const LATIN1_NAMES =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';
// biome-ignore format: a table
const PUNCTUATION_NAMES: Record<string, number> = {
  ndash: 0x2013, mdash: 0x2014, lsquo: 0x2018, rsquo: 0x2019, sbquo: 0x201a, ldquo: 0x201c, rdquo: 0x201d,
  bdquo: 0x201e, dagger: 0x2020, Dagger: 0x2021, bull: 0x2022, hellip: 0x2026, permil: 0x2030, lsaquo: 0x2039,
  rsaquo: 0x203a, euro: 0x20ac, trade: 0x2122,
};

const NAMED = new Map<string, number>([
  ...Object.entries(ASCII_NAMES).map(([k, v]): [string, number] => [k, v.charCodeAt(0)]),
  ...LATIN1_NAMES.split(' ').map((k, i): [string, number] => [k, 0xa0 + i]),
  ...Object.entries(PUNCTUATION_NAMES),
]);

const SHORT_ESCAPES: Record<string, number> = { '"': 34, '\\': 92, '/': 47, "'": 39, n: 10, r: 13, t: 9, b: 8, f: 12 };

// The semicolon is required: backends and reporters write it, and a reference a cut left without one is a remnant.
const REFERENCE = /&(?:#[xX]([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));/y;

const hexValue = (c: number): number => {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  return l >= 97 && l <= 102 ? l - 87 : -1;
};

/** The length of the UTF-8 sequence a lead byte begins; 0 for ASCII, -1 for no lead. */
const utf8Length = (b: number): number =>
  b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;

class Decoder {
  readonly units: Uint16Array;
  readonly at: Int32Array;
  length = 0;
  changed = false;

  constructor(
    readonly s: string,
    readonly family: Family,
  ) {
    this.units = new Uint16Array(s.length);
    this.at = new Int32Array(s.length + 1);
  }

  private emit(unit: number, from: number): void {
    this.units[this.length] = unit;
    this.at[this.length++] = from;
  }

  /** Characters copied as they stand. */
  raw(from: number, to: number): number {
    for (let i = from; i < to; i++) this.emit(this.s.charCodeAt(i), i);
    return to;
  }

  /** A code point decoded from the source's [from, to). */
  private decoded(codePoint: number, from: number, to: number): number {
    this.changed = true;
    if (codePoint <= 0xffff) this.emit(codePoint, from);
    else {
      const c = codePoint - 0x10000;
      this.emit(0xd800 + (c >> 10), from);
      this.emit(0xdc00 + (c & 0x3ff), to);
    }
    return to;
  }

  /** The escape at i (a trigger character of the family); returns where decoding goes on. */
  escape(i: number): number {
    if (this.family === 'json') return this.backslash(i);
    if (this.family === 'url') return this.bytes(i, '%');
    return this.reference(i);
  }

  private hexAt(i: number, n: number): number {
    let v = 0;
    for (let k = 0; k < n; k++) {
      const h = i + k < this.s.length ? hexValue(this.s.charCodeAt(i + k)) : -1;
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    return v;
  }

  private backslash(i: number): number {
    const next = this.s[i + 1];
    if (next === 'u') {
      const unit = this.hexAt(i + 2, 4);
      if (unit >= 0) {
        this.changed = true;
        this.emit(unit, i);
        return i + 6;
      }
    } else if (next === 'x') return this.bytes(i, '\\x');
    else if (next !== undefined && SHORT_ESCAPES[next] !== undefined)
      return this.decoded(SHORT_ESCAPES[next]!, i, i + 2);
    return this.raw(i, i + 1);
  }

  /** A run of %HH or \xHH: UTF-8 bytes, or Latin-1 where they are no UTF-8; a sequence cut short stays as it stands. */
  private bytes(i: number, prefix: '%' | '\\x'): number {
    const values: number[] = [];
    const starts: number[] = [];
    let j = i;
    while (this.s.startsWith(prefix, j)) {
      const b = this.hexAt(j + prefix.length, 2);
      if (b < 0) break;
      values.push(b);
      starts.push(j);
      j += prefix.length + 2;
    }
    if (values.length === 0) return this.raw(i, i + 1);
    starts.push(j);
    for (let k = 0; k < values.length; ) k = this.sequence(values, starts, k);
    return j;
  }

  /** One byte as its own character: ASCII, or Latin-1 where it begins no UTF-8 sequence. */
  private single(b: number, starts: number[], k: number): number {
    this.decoded(b, starts[k]!, starts[k + 1]!);
    return k + 1;
  }

  private sequence(values: number[], starts: number[], k: number): number {
    const lead = values[k]!;
    const more = utf8Length(lead);
    if (more <= 0) return this.single(lead, starts, k);
    let cp = lead & (0x3f >> more);
    for (let m = 1; m <= more; m++) {
      const b = values[k + m];
      if (b === undefined) {
        // Cut off at the end of the run: kept as written, so that a cut excerpt still shows it as a remnant.
        this.raw(starts[k]!, starts[values.length]!);
        return values.length;
      }
      if ((b & 0xc0) !== 0x80) return this.single(lead, starts, k);
      cp = (cp << 6) | (b & 0x3f);
    }
    this.decoded(cp, starts[k]!, starts[k + more + 1]!);
    return k + more + 1;
  }

  /** &#NN; &#xHH; and the known names. */
  private reference(i: number): number {
    REFERENCE.lastIndex = i;
    const m = REFERENCE.exec(this.s);
    const cp = !m ? undefined : m[1] ? Number.parseInt(m[1], 16) : m[2] ? Number(m[2]) : NAMED.get(m[3]!);
    if (!m || cp === undefined || cp > 0x10ffff) return this.raw(i, i + 1);
    return this.decoded(cp, i, i + m[0].length);
  }

  result(): Decoded {
    this.at[this.length] = this.s.length;
    // The code units as they are, lone surrogates included (TextDecoder would replace them).
    const text = LITTLE_ENDIAN
      ? Buffer.from(this.units.buffer, 0, this.length * 2).toString('utf16le')
      : Array.from(this.units.subarray(0, this.length), (u) => String.fromCharCode(u)).join('');
    return { text, at: this.at.subarray(0, this.length + 1) };
  }
}

/** The text with one layer of one family of escaping undone, or undefined when it holds none. */
export function decodeLayer(s: string, family: Family): Decoded | undefined {
  const trigger = String.fromCharCode(TRIGGER[family]);
  let i = s.indexOf(trigger);
  if (i < 0) return undefined;
  const d = new Decoder(s, family);
  d.raw(0, i);
  while (i < s.length) {
    i = d.escape(i);
    const next = s.indexOf(trigger, i);
    const end = next < 0 ? s.length : next;
    i = d.raw(i, end);
  }
  return d.changed ? d.result() : undefined;
}

/**
 * The text without its line breaks (CR and LF), or undefined when it has none: base64 wrapped at 76
 * characters (Python's base64.encodebytes, PHP's chunk_split, MIME, PEM) splits a secret's core across lines.
 */
export function withoutLineBreaks(s: string): Decoded | undefined {
  if (!s.includes('\n') && !s.includes('\r')) return undefined;
  const at = new Int32Array(s.length + 1);
  const kept: string[] = [];
  let length = 0;
  let from = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : -1;
    if (c !== 10 && c !== 13 && c !== -1) continue;
    // A run of kept characters [from, i): each maps to where it stands in the source.
    for (let j = from; j < i; j++) at[length++] = j;
    kept.push(s.slice(from, i));
    from = i + 1;
  }
  at[length] = s.length;
  return { text: kept.join(''), at: at.subarray(0, length + 1) };
}
