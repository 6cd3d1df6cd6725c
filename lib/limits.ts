// Bounds on what a deployment can make the suite hold: an answer is read up to
// a size (counted after decompression, so a compressed bomb stops as early as
// an endless body), and a JSON body nested deeper than any validator can walk,
// or holding more values than a run can hold parsed, is refused before it is
// parsed, walked or rendered.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const BODY_DEFAULTS = {
  /** Answers larger than this (decompressed) are cut off and become a finding. */
  maxBodyBytes: 10 * 1024 * 1024,
  /** JSON nested deeper than this is not parsed (Ajv and the reporters recurse). */
  maxDepth: 512,
  /** JSON of more values than this is not parsed: bytes bound the text, not what it becomes (10 MB of `{},`
   *  is 3.3 million objects, about 200 MB parsed). Half a million values parse to some 30 MB at most. */
  maxValues: 500_000,
} as const;

/** Characters of an answer's text an outcome keeps once the body is parsed: what a reproduction shows
 *  (2,000) and the margin it redacts past that (reproduce.ts). */
export const TEXT_KEPT = 8192;

export type BodyRead = { text: string; tooLarge: false } | { text: string; tooLarge: true; readBytes: number };

/** A buffer answers are read into, kept between reads: one copy of an answer's bytes and one string made from
 *  them, not a list of chunks, their concatenation and the string (a 10 MiB answer made 30 MiB of garbage). */
let spare: Buffer | undefined;
const SPARE_MAX = 16 * 1024 * 1024;

/** The body's text, reading no more than maxBytes; the rest is cancelled, never buffered. */
export async function readBounded(res: Response, maxBytes: number): Promise<BodyRead> {
  if (!res.body) return { text: '', tooLarge: false };
  const reader = res.body.getReader();
  // Taken while in use: a read at the same time (the rate-limit check's burst) makes its own.
  let buffer = spare ?? Buffer.allocUnsafe(64 * 1024);
  spare = undefined;
  let size = 0;
  let read = 0;
  let tooLarge = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    // What fits of a chunk that crosses the limit is kept: an answer sent in one piece still shows its beginning.
    read += value.byteLength;
    const fits = Math.min(value.byteLength, maxBytes - size);
    if (size + fits > buffer.length) buffer = grown(buffer, size, size + fits, maxBytes);
    buffer.set(value.subarray(0, fits), size);
    size += fits;
    if (fits < value.byteLength) {
      tooLarge = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  const text = buffer.toString('utf8', 0, size);
  // Kept for the next read up to the default limit's size; a larger one (--max-body 1g) goes.
  if (buffer.length <= SPARE_MAX) spare = buffer;
  return tooLarge ? { text, tooLarge: true, readBytes: read } : { text, tooLarge: false };
}

/** A larger buffer holding the first `used` bytes of `buffer`: doubled, at least `need`, at most `cap` past that. */
function grown(buffer: Buffer, used: number, need: number, cap: number): Buffer {
  const next = Buffer.allocUnsafe(Math.max(need, Math.min(buffer.length * 2, cap)));
  buffer.copy(next, 0, 0, used);
  return next;
}

/** The deepest nesting of arrays and objects in a JSON text, and how many values it holds (at most; each
 *  `[`, `{` and `,` outside strings, plus one), found without parsing it. Stops once past either bound. */
export function jsonShape(
  text: string,
  stop: { depth?: number; values?: number } = {},
): { depth: number; values: number } {
  const stopDepth = stop.depth ?? Number.POSITIVE_INFINITY;
  const stopValues = stop.values ?? Number.POSITIVE_INFINITY;
  let depth = 0;
  let max = 0;
  let values = text.trim() === '' ? 0 : 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      values++;
      depth++;
      if (depth > max) max = depth;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
    else if (c === 44 /* , */) values++;
    if (max > stopDepth || values > stopValues) break;
  }
  return { depth: max, values };
}

/** The deepest nesting of arrays and objects in a JSON text, found without parsing it
 *  (brackets inside strings do not count). Stops counting once past `stopAt`. */
export function jsonDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  return jsonShape(text, { depth: stopAt }).depth;
}

/** The bytes a size option takes, from and to: 1 KiB to 1 GiB. */
export const SIZE_RANGE = [1024, 1024 ** 3] as const;

/** A size flag: bytes, or a number with k/m/g (KiB/MiB/GiB), within SIZE_RANGE. */
export function parseSize(name: string, v: string): number {
  const m = /^(\d+)([kmg]?)i?b?$/i.exec(v.trim());
  const n = m ? Number(m[1]) * 1024 ** ' kmg'.indexOf((m[2] || ' ').toLowerCase()) : NaN;
  if (!(n >= SIZE_RANGE[0] && n <= SIZE_RANGE[1]))
    throw new Error(`--${name} takes a size from 1k to 1g (e.g. 10m, 512k or bytes), not "${v}"`);
  return n;
}

/**
 * A copy of a piece of a larger string that holds nothing of it. V8 keeps a
 * slice (or a concatenation) of a string as a view onto the whole, so an excerpt
 * of a 10 MiB answer kept in a finding would keep the 10 MiB alive; the copy is
 * made from the code units (lone surrogates kept), never from the parent.
 */
export function detach(s: string): string {
  return s.length < 13 ? s : Buffer.from(s, 'utf16le').toString('utf16le');
}

/** Characters of any one text a check result keeps (an excerpt is 2,000; a curl command of a large request may be more). */
export const RESULT_TEXT = 16_384;

/** Every string inside a value cut to RESULT_TEXT characters and copied: a result, once made, holds nothing
 *  of the answers it was made from, whichever check put their words in it. */
export function detachDeep<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string')
      return detach(
        v.length > RESULT_TEXT ? `${v.slice(0, RESULT_TEXT)}... (${v.length - RESULT_TEXT} more characters)` : v,
      );
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** Characters of answers read between two full collections at most (collectGarbage). */
const COLLECT_AFTER = 32 * 1024 * 1024;
let owed = 0;
let gc: (() => void) | undefined | null = null;

/**
 * Counts an answer's characters and, once COLLECT_AFTER of them were read since
 * the last, runs a full garbage collection. V8 lets garbage grow to several
 * times what is alive before it collects (a run against 8 MiB pages peaked at
 * 650 MiB with 45 MiB alive): answers of megabytes are collected every few, so
 * that a run's peak memory has a bound. A no-op where V8 refuses the flag.
 */
export function collectGarbage(characters: number): void {
  owed += characters;
  if (owed < COLLECT_AFTER) return;
  owed = 0;
  if (gc === null) {
    try {
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = undefined;
    }
  }
  gc?.();
}
