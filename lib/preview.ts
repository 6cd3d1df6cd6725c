// A value as a reader sees it in a finding: its JSON, at most so many
// characters, written without ever making the whole JSON of a huge value, and
// copied (limits.ts detach) so that a finding never keeps the answer alive.
import { detach } from './limits.js';

/** Characters of a value shown in a finding. */
export const PREVIEW = 120;

/** Appends the JSON of `v` to `out` until `room` characters are written; true when it stopped short. */
function write(v: unknown, out: string[], room: { left: number }): boolean {
  if (room.left <= 0) return true;
  let piece: string;
  if (Array.isArray(v) || (v !== null && typeof v === 'object')) return writeComposite(v as object, out, room);
  if (typeof v === 'string') piece = JSON.stringify(v.length > room.left ? v.slice(0, room.left) : v);
  else piece = JSON.stringify(v) ?? String(v);
  out.push(piece);
  room.left -= piece.length;
  return room.left <= 0;
}

function writeComposite(v: object, out: string[], room: { left: number }): boolean {
  const array = Array.isArray(v);
  out.push(array ? '[' : '{');
  room.left--;
  // Arrays by index: a million items are never listed to show the first few.
  const keys = array ? (v as unknown[]).keys() : Object.keys(v).values();
  let first = true;
  for (const key of keys) {
    if (!first) {
      out.push(',');
      room.left--;
    }
    first = false;
    if (!array) {
      if (write(String(key), out, room)) return true;
      out.push(':');
      room.left--;
    }
    if (write((v as Record<string | number, unknown>)[key], out, room)) return true;
  }
  out.push(array ? ']' : '}');
  room.left--;
  return room.left <= 0;
}

/** The JSON of a value in at most `max` characters (`...` where it was cut), copied. */
export function preview(v: unknown, max = PREVIEW): string {
  const out: string[] = [];
  write(v, out, { left: max + 1 });
  const text = out.join('');
  return detach(text.length > max ? `${text.slice(0, max - 3)}...` : text);
}

/** A text of a deployment's (a pointer, a key) in at most `max` characters, copied. */
export function clip(text: string, max = PREVIEW * 2): string {
  return detach(text.length > max ? `${text.slice(0, max - 3)}...` : text);
}
