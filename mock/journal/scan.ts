// A tolerant scan for secrets in text that may be JSON, broken or truncated
// JSON, a JavaScript, Python or PHP literal, or form-encoded: every
// `key : value`, `key = value` and `key => value` pair is found, its key read
// as written and then decoded (JSON string escapes, percent-encoding), and the
// value of a secret key masked whole (a string to its closing quote, escapes
// honoured; an object or array to its closing bracket; a bare value to the
// next separator; to the end of the text when it never closes). A string
// value is decoded and scanned again (a JSON document inside a string), and
// any string or word hiding a live token in an encoding is masked (a token
// written plainly is masked by the caller's last pass over the output).
// One pass, no backtracking, and it stops once its output passes `limit`
// characters (the journal cuts there anyway), so cost follows what is shown.
import { formDecode, isSecretName, type LiveTokens, MASK } from '../../lib/secret-names.js';

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
/** Characters that end a bare word. `[`, `]` and `'` do not: `user[password]` and `don't` are one word. */
const ENDS_WORD = new Set([...'{}(),:=&;"<>']);
/** Characters that cannot start a bare word. */
const NOT_START = new Set([...ENDS_WORD, '[', ']', "'"]);
const ESCAPES: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '0': '\0' };

export interface Literal {
  /** Index just past the literal (the closing quote, or the end of the text). */
  end: number;
  /** The content, escapes decoded. */
  value: string;
  closed: boolean;
  /** It held an escape: its value is not its text, so a search of the text alone would miss what it hides. */
  escaped: boolean;
}

/** The quoted string at `at` (`"` or `'`), decoded; an unclosed one runs to the end of the text. */
export function readLiteral(text: string, at: number): Literal {
  const quote = text[at];
  let value = '';
  let run = at + 1;
  let i = at + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === quote) return { end: i + 1, value: value + text.slice(run, i), closed: true, escaped: run > at + 1 };
    if (c !== '\\') {
      i++;
      continue;
    }
    const [decoded, width] = unescapeAt(text, i);
    value += text.slice(run, i) + decoded;
    i += width;
    run = i;
  }
  return { end: text.length, value: value + text.slice(run), closed: false, escaped: run > at + 1 };
}

/** One escape at `i` (a backslash): JSON's, JavaScript's and Python's, `\uXXXX` and `\xXX` included. */
function unescapeAt(text: string, i: number): [string, number] {
  const e = text[i + 1];
  if (e === undefined) return ['', 1];
  const hexWidth = e === 'u' ? 4 : e === 'x' ? 2 : 0;
  if (hexWidth > 0) {
    const hex = text.slice(i + 2, i + 2 + hexWidth);
    if (hex.length === hexWidth && /^[0-9a-f]+$/i.test(hex))
      return [String.fromCharCode(Number.parseInt(hex, 16)), 2 + hexWidth];
  }
  return [ESCAPES[e] ?? e, 2];
}

export interface Scanned {
  text: string;
  /** False when the scan stopped at its limit before the end of the text. */
  complete: boolean;
  changed: boolean;
  /** The values masked under a secret name, as written and decoded: an echo of them elsewhere is masked too. */
  removed: string[];
}

export function redactText(text: string, live: LiveTokens, limit = Number.POSITIVE_INFINITY): Scanned {
  return new Scan(text, live, limit).run();
}

class Scan {
  private readonly parts: string[] = [];
  private emitted = 0;
  /** Start of the text not yet copied to the output (copied in runs, not character by character). */
  private rawFrom = 0;
  private i = 0;
  private changed = false;
  private readonly removed: string[] = [];

  constructor(
    private readonly text: string,
    private readonly live: LiveTokens,
    private readonly limit: number,
  ) {}

  run(): Scanned {
    const { text } = this;
    while (this.i < text.length) {
      if (this.shownLength() >= this.limit) return this.result(false);
      const c = text[this.i] as string;
      if (c === '"' || c === "'") this.literal();
      else if (!isSpace(c) && !NOT_START.has(c)) this.word();
      else this.i++;
    }
    return this.result(true);
  }

  private result(complete: boolean): Scanned {
    this.parts.push(this.text.slice(this.rawFrom, this.i));
    return { text: this.parts.join(''), complete, changed: this.changed, removed: this.removed };
  }

  private shownLength(): number {
    return this.emitted + (this.i - this.rawFrom);
  }

  /** What the output may still show: a search must see a live token's length further. */
  private budget(): number {
    return Math.max(0, this.limit - this.shownLength()) + this.live.maxLength + 16;
  }

  private replace(start: number, end: number, shown: string): void {
    const before = this.text.slice(this.rawFrom, start);
    this.parts.push(before, shown);
    this.emitted += before.length + shown.length;
    this.rawFrom = end;
    this.changed = true;
  }

  private literal(): void {
    const start = this.i;
    const quote = this.text[start] as string;
    const lit = readLiteral(this.text, start);
    const sep = separatorAfter(this.text, lit.end);
    if (sep) {
      if (lit.escaped && this.holdsLive(lit.value)) this.replace(start, lit.end, quote + MASK + quote);
      this.i = sep.end;
      if (isSecretName(lit.value)) this.value(sep.kind);
      return;
    }
    this.i = lit.end;
    const shown = this.shownValue(lit.value, lit.escaped);
    if (shown === 'mask') this.replace(start, lit.end, quote + MASK + (lit.closed ? quote : ''));
    else if (shown !== null) this.replace(start, lit.end, JSON.stringify(shown));
  }

  private word(): void {
    const { text } = this;
    const start = this.i;
    let end = start;
    while (end < text.length && !isSpace(text[end] as string) && !ENDS_WORD.has(text[end] as string)) end++;
    const raw = text.slice(start, end);
    const decoded = formDecode(raw);
    const sep = separatorAfter(text, end);
    this.i = sep ? sep.end : end;
    const live = decoded !== raw && this.holdsLive(decoded);
    const hidden = !sep && decoded !== raw && this.shownValue(decoded, true) !== null;
    if (live || hidden) this.replace(start, end, MASK);
    if (sep && isSecretName(decoded)) this.value(sep.kind);
  }

  /**
   * A string value as it should be shown: unchanged (null), masked whole, or
   * its content redacted. A live token written plainly is left to the caller's
   * last pass over the output (it masks the token alone); one hidden by an
   * escape or percent-encoding is looked for here, in the decoded value.
   */
  private shownValue(value: string, escaped: boolean): string | null | 'mask' {
    if (escaped && this.holdsLive(value)) return 'mask';
    if (value.includes('%') && this.holdsLive(formDecode(value.slice(0, this.budget() * 3)))) return 'mask';
    if (!/[:=]/.test(value) && !/%3[ad]/i.test(value)) return null;
    const inner = new Scan(value, this.live, this.budget()).run();
    this.removed.push(...inner.removed);
    if (inner.changed) return inner.text;
    const decoded = formDecode(value);
    return decoded !== value && new Scan(decoded, this.live, this.budget()).run().changed ? 'mask' : null;
  }

  private holdsLive(value: string): boolean {
    return value.length >= this.live.minLength && this.live.contains(value.slice(0, this.budget()));
  }

  /** Masks the value of a secret key, starting at this.i (just past the separator). */
  private value(kind: ':' | '='): void {
    const { text } = this;
    let j = this.i;
    while (j < text.length && isSpace(text[j] as string)) j++;
    const c = text[j];
    if (c === undefined) return;
    let end: number;
    let shown: string;
    if (c === '"' || c === "'") {
      const lit = readLiteral(text, j);
      end = lit.end;
      if (lit.closed && lit.value === '') return; // an empty secret tells nothing; showing it tells a test it was sent empty
      shown = c + MASK + (lit.closed ? c : '');
      this.removed.push(lit.value);
    } else if (c === '{' || c === '[') {
      end = closingBracket(text, j);
      shown = `"${MASK}"`;
    } else {
      const stops = kind === ':' ? ',}])\r\n' : '&;\r\n';
      end = j;
      while (end < text.length && !stops.includes(text[end] as string)) end++;
      while (end > j && isSpace(text[end - 1] as string)) end--;
      if (end === j || text.slice(j, end) === 'null') return;
      shown = kind === ':' ? `"${MASK}"` : MASK;
    }
    const raw = text.slice(j, end);
    this.removed.push(raw, formDecode(raw));
    this.replace(j, end, shown);
    this.i = end;
  }
}

/** The separator after a key (white space allowed before it): `:`, `=` or `=>`. */
function separatorAfter(text: string, at: number): { kind: ':' | '='; end: number } | undefined {
  let j = at;
  while (j < text.length && isSpace(text[j] as string)) j++;
  const c = text[j];
  if (c === ':') return { kind: ':', end: j + 1 };
  if (c === '=') return { kind: '=', end: text[j + 1] === '>' ? j + 2 : j + 1 };
  return undefined;
}

/** Index just past the bracket that closes the one at `at` (strings skipped), or the end of the text. */
function closingBracket(text: string, at: number): number {
  let depth = 0;
  let i = at;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"' || c === "'") {
      i = readLiteral(text, i).end;
      continue;
    }
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    i++;
    if (depth === 0) return i;
  }
  return text.length;
}
