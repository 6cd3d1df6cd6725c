// A secret inside a longer base64 text (a debug echo of a request body, a
// JWT-like envelope, a logging service's field) starts at one of three byte
// offsets within a 3-byte group, and its first and last characters mix its bits
// with its neighbours', so the base64 of the secret on its own never appears.
// What does appear, verbatim, for each offset, is the run of characters made
// only of the secret's bits: its core. The redactor searches the cores with
// plain search and widens a find to whole 4-character groups.

/** Secrets shorter than this (in bytes) are not hunted inside base64: their cores are too short to be told from noise. */
export const MIN_CORE_BYTES = 6;
/** A core shorter than this is not hunted: 8 characters are 48 bits of the secret, no ordinary text matches them by chance. */
export const MIN_CORE = 8;

export interface Core {
  text: string;
  /** Characters before the core in its 4-character group (they hold some of the secret's first bits). */
  before: number;
  /** Characters after the core to the end of its group (the next holds the secret's last bits). */
  after: number;
}

/** The cores of `bytes` in standard and URL-safe base64, at each of the three offsets; none for a short secret. */
export function base64Cores(bytes: Uint8Array): Core[] {
  if (bytes.length < MIN_CORE_BYTES) return [];
  const cores: Core[] = [];
  for (const offset of [0, 1, 2]) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const all = Buffer.from(padded).toString('base64').replace(/=+$/, '');
    // Offset 1: the group's first character is filler, the second mixes filler and the secret's first byte.
    // Offset 2: the first two are filler, the third mixes. The last character of a partial group mixes the
    // secret's last bits with whatever follows it.
    const lead = [0, 2, 3][offset]!;
    const trail = padded.length % 3 === 0 ? 0 : 1;
    const core = all.slice(lead, all.length - trail);
    if (core.length < MIN_CORE) continue;
    const after = (4 - ((lead + core.length) % 4)) % 4;
    cores.push({ text: core, before: lead, after });
    const url = core.replaceAll('+', '-').replaceAll('/', '_');
    if (url !== core) cores.push({ text: url, before: lead, after });
  }
  return cores;
}

const isBase64Char = (c: number) =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47 || c === 45 || c === 95;

/** A core's span in `text` widened to its whole groups, as far as the text's base64 run goes, and over padding after. */
export function widened(text: string, start: number, end: number, before: number, after: number): [number, number] {
  let a = start;
  while (a > start - before && a > 0 && isBase64Char(text.charCodeAt(a - 1))) a--;
  let b = end;
  while (b < end + after && b < text.length && isBase64Char(text.charCodeAt(b))) b++;
  while (b < text.length && text.charCodeAt(b) === 61) b++;
  return [a, b];
}
