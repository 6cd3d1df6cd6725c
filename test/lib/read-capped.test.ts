// readCapped: a file is read whole only up to its bound, measured before reading.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { readCapped } from '../../lib/read-capped.js';

t.test('a file at the bound is read, one byte past it is not; a device is read one byte past at most', async (t) => {
  const dir = t.testdir();
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  t.same(readCapped(file('empty', ''), 1024), { tooLarge: false, text: '' });
  t.same(readCapped(file('at', 'é'.repeat(512)), 1024), { tooLarge: false, text: 'é'.repeat(512) }, '1,024 bytes');
  t.same(readCapped(file('past', `${'é'.repeat(512)}x`), 1024), { tooLarge: true, bytes: 1025 });
  t.same(readCapped('/dev/zero', 1024), { tooLarge: true }, 'no size to stat: read to the bound');
  t.same(readCapped('/dev/null', 1024), { tooLarge: false, text: '' });
});
