// Bounds on what a deployment can make the suite hold: an answer is read up to
// a size (counted after decompression, so a compressed bomb stops as early as
// an endless body), and a JSON body nested deeper than any validator can walk
// is refused before it is parsed, walked or rendered.

export const BODY_DEFAULTS = {
  /** Answers larger than this (decompressed) are cut off and become a finding. */
  maxBodyBytes: 10 * 1024 * 1024,
  /** JSON nested deeper than this is not parsed (Ajv and the reporters recurse). */
  maxDepth: 512,
} as const;

/** Characters of an answer's text an outcome keeps once the body is parsed: what a reproduction shows
 *  (2,000) and the margin it redacts past that (reproduce.ts). */
export const TEXT_KEPT = 8192;

export type BodyRead = { text: string; tooLarge: false } | { text: string; tooLarge: true; readBytes: number };

/** The body's text, reading no more than maxBytes; the rest is cancelled, never buffered. */
export async function readBounded(res: Response, maxBytes: number): Promise<BodyRead> {
  if (!res.body) return { text: '', tooLarge: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      // What fits of the chunk that crossed the limit is kept: an answer sent in one piece still shows its beginning.
      chunks.push(value.subarray(0, maxBytes - (size - value.byteLength)));
      const kept = Buffer.concat(chunks).toString('utf8');
      return { text: kept, tooLarge: true, readBytes: size };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), tooLarge: false };
}

/** The deepest nesting of arrays and objects in a JSON text, found without parsing it
 *  (brackets inside strings do not count). Stops counting once past `stopAt`. */
export function jsonDepth(text: string, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return max;
}

/** A size flag: bytes, or a number with k/m/g (KiB/MiB/GiB), from 1 KiB to 1 GiB. */
export function parseSize(name: string, v: string): number {
  const m = /^(\d+)([kmg]?)i?b?$/i.exec(v.trim());
  const n = m ? Number(m[1]) * 1024 ** ' kmg'.indexOf((m[2] || ' ').toLowerCase()) : NaN;
  if (!(n >= 1024 && n <= 1024 ** 3))
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
