// What a reader of a report can get back of a secret: the text as it is, every
// run of base64 or hex in it decoded at each phase, and each of these with its
// percent-escapes undone; the secret as it is and as JSON encoders write it.
// Written out here (not taken from the redactor) so that the tests check the
// redactor against a plain decoder.

import { jsonContent } from './backend-encoders.js';

/** A piece of a secret this long, found in any decoding, counts as shown. */
const PIECE = 8;

const unpercent = (text: string) =>
  Buffer.from(
    text.replace(/%([0-9A-Fa-f]{2})|\+/g, (_plus, h) => (h ? String.fromCharCode(Number.parseInt(h, 16)) : ' ')),
    'latin1',
  ).toString('utf8');

/** The text, and the text without line breaks (raw or JSON-escaped): wrapped base64 (76 a line) is one run. */
const unwrapped = (text: string) => [text, text.replace(/\r|\n|\\r|\\n/g, '')];

function readable(whole: string): string[] {
  return unwrapped(whole).flatMap(runs);
}

function runs(text: string): string[] {
  const out = [text];
  // PIECE bytes take 16 hex characters, and 11 of base64 at least.
  for (const [run] of text.matchAll(/[0-9A-Fa-f]{16,}/g))
    for (let phase = 0; phase < 2; phase++) out.push(Buffer.from(run.slice(phase), 'hex').toString('utf8'));
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{11,}/g))
    for (let phase = 0; phase < 4; phase++) {
      const bytes = Buffer.from(run.slice(phase).replaceAll('-', '+').replaceAll('_', '/'), 'base64');
      out.push(bytes.toString('latin1'), bytes.toString('utf8'));
    }
  return [...out, ...out.map(unpercent)];
}

/** The pieces (PIECE characters or more) of the secrets, as they are and JSON-escaped, that a text gives back. */
export function pieces(text: string, secrets: string[]): string[] {
  const forms = secrets.flatMap((s) => [
    s,
    Buffer.from(s).toString('latin1'),
    jsonContent(s),
    jsonContent(s, { slashes: true, ascii: true }),
  ]);
  const windows = new Set(
    forms.flatMap((f) => [...Array(Math.max(0, f.length - PIECE + 1)).keys()].map((i) => f.slice(i, i + PIECE))),
  );
  const found = new Set<string>();
  for (const r of readable(text)) for (const w of windows) if (r.includes(w)) found.add(w);
  return [...found];
}
