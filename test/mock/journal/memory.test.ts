// The request journal's memory, by bytes: whatever the exchanges, what it keeps
// stays small. Each row records 400 exchanges of one hostile form into a
// journal of 200 and measures the heap it holds after a full collection.

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import t from 'tap';
import { JOURNAL_DEFAULTS, Journal, type Recorded } from '../../../mock/journal/journal.js';
import { listExchange } from '../../helpers/journal.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heap = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};
const MiB = 1024 * 1024;

const exchange = listExchange;
/** A JSON text of about `chars` characters, each string of it made of `unit`. */
const json = (chars: number, unit = 'x', i = 0) =>
  JSON.stringify({ message: `ok ${i}`, data: [unit.repeat(Math.floor(chars / unit.length))] });

t.test(
  'regression: the journal held 400 MB of hostile exchanges (a 1 MB answer pinned by its 8 kB excerpt)',
  async (t) => {
    const rows: Array<[string, (i: number) => Recorded]> = [
      ['answers over the validation size (300 kB each)', (i) => exchange(i, '{}', json(300_000, 'x', i))],
      ['request bodies of 256 kB', (i) => exchange(i, json(256_000, ' ', i), '{"message":"ok","data":[]}')],
      [
        'answers just under the validation size',
        (i) => exchange(i, '{}', json(JOURNAL_DEFAULTS.validateChars - 100, 'x', i)),
      ],
      ['two-byte answers under the validation size', (i) => exchange(i, '{}', json(200_000, 'é中', i))],
      [
        'answers over and under the validation size, in turn',
        (i) => exchange(i, '{}', json(i % 2 ? 300_000 : JOURNAL_DEFAULTS.validateChars - 100, 'x', i)),
      ],
    ];
    for (const [name, make] of rows) {
      const before = heap();
      const journal = new Journal(200);
      for (let i = 0; i < 400; i++) journal.record(make(i));
      const held = (heap() - before) / MiB;
      t.ok(held < 40, `${name}: ${held.toFixed(1)} MiB held, under 40`);
      const entries = journal.list();
      t.equal(entries.length, 200, `${name}: the last 200 listed`);
      t.ok(
        entries.every((e) => (e.response.body?.length ?? 0) <= JOURNAL_DEFAULTS.bodyChars),
        `${name}: bodies cut`,
      );
      t.notMatch(JSON.stringify(entries), /live-token/, `${name}: redacted`);
    }
  },
);

t.test('small exchanges stay references until read (recording stays a push)', async (t) => {
  const journal = new Journal(200);
  let touched = 0;
  const body = new Proxy({ page: 1 }, { ownKeys: (o) => (touched++, Reflect.ownKeys(o)) });
  for (let i = 0; i < 400; i++) journal.record(exchange(i, body, json(11_000, 'x', i)));
  t.equal(touched, 0, '400 pages of 11 kB: nothing walked at record time');
});
