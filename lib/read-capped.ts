// A file read whole only when it is small enough: its size is checked before
// any byte is read (a 150 MB spec once took spec:diff to 4.3 GB and an abort),
// and a file whose size stat cannot tell (a FIFO such as `<(git show ...)`, a
// device such as /dev/zero) is read no further than one byte past the bound.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** The text; or, past the bound, no text and the size when stat told it (a FIFO's is not known). */
export type CappedRead = { tooLarge: false; text: string } | { tooLarge: true; bytes?: number };

export function readCapped(path: string, maxBytes: number): CappedRead {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > maxBytes) return { tooLarge: true, bytes: stat.size };
    // One byte more than allowed tells a text at the bound from one past it.
    const limit = maxBytes + 1;
    let buffer = Buffer.allocUnsafe(Math.min(limit, stat.isFile() ? stat.size + 1 : 64 * 1024));
    let size = 0;
    for (;;) {
      if (size === buffer.length) {
        if (size === limit) return { tooLarge: true };
        // A FIFO, or a file that grew since stat: doubled, never past the limit.
        const next = Buffer.allocUnsafe(Math.min(limit, buffer.length * 2));
        buffer.copy(next, 0, 0, size);
        buffer = next;
      }
      const n = readSync(fd, buffer, size, buffer.length - size, null);
      if (n === 0) return { tooLarge: false, text: buffer.toString('utf8', 0, size) };
      size += n;
    }
  } finally {
    closeSync(fd);
  }
}
