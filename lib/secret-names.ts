// What the journal treats as a secret: names (of body fields, query parameters
// and headers), and the tokens the store holds right now, found as plain
// strings (no pattern is ever built from a secret).

export const MASK = '[REDACTED]';

/** Words that make a name secret, in any case and spelling: `api_token`, `API-Token`, `user[password]`, `apiToken`. */
const SECRET_WORDS = [
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'secret',
  'token',
  'apikey',
  'qrcode',
  'authorization',
  'cookie',
  'credential',
  'session',
];

/** A name (already decoded) that holds a secret. The spec's own names are in it: `current_password`, `device_token`, `qr_code`. */
export function isSecretName(name: string): boolean {
  const compact = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SECRET_WORDS.some((w) => compact.includes(w));
}

/** A parameter that carries a secret: by its name, or a schema that says so (the reset link's `{token}`). */
export function isSecretParameter(p: { name: string; schema: Record<string, unknown> }): boolean {
  return isSecretName(p.name) || p.schema.format === 'password' || p.schema.writeOnly === true;
}

/** Tokens shorter than this are not searched for (a state file could hold one of a few letters: masking every `a` helps no one). */
const MIN_TOKEN = 8;

const BASE = 0x01000193;

/** A hash of text[at, at+length), lower case by the caller: the start of a rolling hash (Rabin-Karp, modulo 2^32). */
function hashOf(text: string, at: number, length: number): number {
  let h = 0;
  for (let i = at; i < at + length; i++) h = (Math.imul(h, BASE) + text.charCodeAt(i)) | 0;
  return h;
}

/** BASE to the power length - 1, modulo 2^32: the weight of the character a rolling hash lets go. */
function weightOf(length: number): number {
  let w = 1;
  for (let i = 1; i < length; i++) w = Math.imul(w, BASE);
  return w;
}

interface ByLength {
  /** Tokens by their hash (compared in place on a hit: no substring is made). */
  byHash: Map<number, string[]>;
  /** One bit per hash modulo the table's size (64 bits a token, up to 2^20): most windows are turned away by it. */
  bits: Uint32Array;
  mask: number;
  weight: number;
}

function bitTable(byHash: Map<number, string[]>): Pick<ByLength, 'bits' | 'mask'> {
  let size = 1024;
  while (size < byHash.size * 64 && size < 1 << 20) size *= 2;
  const bits = new Uint32Array(size >>> 5);
  const mask = size - 1;
  for (const h of byHash.keys()) {
    const word = (h & mask) >>> 5;
    bits[word] = (bits[word] as number) | (1 << (h & 31));
  }
  return { bits, mask };
}

const hasBit = (e: ByLength, h: number) => ((e.bits[(h & e.mask) >>> 5] as number) & (1 << (h & 31))) !== 0;

/**
 * The live tokens, indexed by length for a rolling-hash search (Rabin-Karp):
 * each window's hash is looked up, and only a hit is compared as a string, so
 * a search costs the text's length times the number of distinct token lengths
 * (two in practice: sessions and reset tokens), not times the number of
 * tokens. Case is ignored (a token in capitals still tells it).
 */
export class LiveTokens {
  private readonly byLength = new Map<number, ByLength>();
  /** The longest live token: a search must see this far past a cut. */
  readonly maxLength: number = 0;
  /** The shortest (infinite when there is none): a shorter text holds no token. */
  readonly minLength: number;

  /**
   * `base`: an index searched as well (the store's live tokens, under the
   * secrets one exchange revealed by name: a path token echoed by a 404).
   */
  constructor(
    tokens: Iterable<string> = [],
    private readonly base?: LiveTokens,
    /**
     * When set, any run of at least this many hex digits is a token too,
     * whatever its value: the mock's tokens are all hex (mock/store/sessions.ts),
     * so the journal masks those of every world, resting on disk or gone, with
     * no list of them to keep or read (issue 38).
     */
    private readonly hexRun = 0,
  ) {
    let max = Math.max(base?.maxLength ?? 0, hexRun);
    let min = Math.min(base?.minLength ?? Number.POSITIVE_INFINITY, hexRun || Number.POSITIVE_INFINITY);
    const grouped = new Map<number, Map<number, string[]>>();
    for (const raw of tokens) {
      if (raw.length < MIN_TOKEN) continue;
      const token = raw.toLowerCase();
      const byHash = grouped.get(token.length) ?? new Map<number, string[]>();
      grouped.set(token.length, byHash);
      const h = hashOf(token, 0, token.length);
      const same = byHash.get(h);
      if (!same) byHash.set(h, [token]);
      else if (!same.includes(token)) same.push(token);
      max = Math.max(max, token.length);
      min = Math.min(min, token.length);
    }
    for (const [length, byHash] of grouped)
      this.byLength.set(length, { byHash, weight: weightOf(length), ...bitTable(byHash) });
    this.maxLength = max;
    this.minLength = min;
  }

  get empty(): boolean {
    return this.byLength.size === 0 && this.hexRun === 0 && (this.base?.empty ?? true);
  }

  /** Where live tokens occur in the text: sorted, merged [start, end) ranges. */
  find(text: string): Array<[number, number]> {
    if (text.length < this.minLength) return [];
    const lower = text.toLowerCase();
    const found: Array<[number, number]> = this.base ? this.base.find(text) : [];
    if (this.hexRun) found.push(...hexRuns(lower, this.hexRun));
    for (const [length, entry] of this.byLength) {
      if (lower.length < length) continue;
      let h = hashOf(lower, 0, length);
      for (let i = 0; ; i++) {
        const candidates = hasBit(entry, h) ? entry.byHash.get(h) : undefined;
        if (candidates?.some((token) => lower.startsWith(token, i))) {
          // Overlapping hits extend the last range (a run of them is one range, not one each).
          const last = found[found.length - 1];
          if (last && last[1] >= i && last[0] <= i) last[1] = Math.max(last[1], i + length);
          else found.push([i, i + length]);
        }
        if (i + length >= lower.length) break;
        h = (Math.imul(h - Math.imul(lower.charCodeAt(i), entry.weight), BASE) + lower.charCodeAt(i + length)) | 0;
      }
    }
    return found.length > 1 ? merge(found) : found;
  }

  contains(text: string): boolean {
    return this.find(text).length > 0;
  }

  /** The text with every live token replaced by the mask. */
  mask(text: string): string {
    const ranges = this.find(text);
    if (ranges.length === 0) return text;
    let out = '';
    let at = 0;
    for (const [start, end] of ranges) {
      out += text.slice(at, start) + MASK;
      at = end;
    }
    return out + text.slice(at);
  }
}

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102);

/** Where runs of at least `min` hex digits (lower case by the caller) are: one pass, no regular expression. */
function hexRuns(lower: string, min: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    if (i < lower.length && isHex(lower.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start >= min) out.push([start, i]);
      start = -1;
    }
  }
  return out;
}

function merge(ranges: Array<[number, number]>): Array<[number, number]> {
  ranges.sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Percent-decoding as a form does it (`+` is a space), tolerant of a broken escape (left as written). */
export function formDecode(text: string): string {
  if (!/[%+]/.test(text)) return text;
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A run that is not UTF-8: its ASCII escapes still decode (a token's are all ASCII).
    return spaced.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      }
    });
  }
}
