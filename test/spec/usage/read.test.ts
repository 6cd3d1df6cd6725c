// Usage files as spec:diff reads them: each refusal one line that names the
// file and what is wrong, before anything is judged; bounded by bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { emptyUsage } from '../../../spec/usage/format.js';
import { parseUsage, readUsageFile } from '../../../spec/usage/read.js';

const valid = () => emptyUsage('mock');

t.test('each wrong file is refused naming what is wrong', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['not JSON', '{nope', /is not JSON/],
    ['another format', JSON.stringify({ format: 'har' }), /is not a usage file \("format" is "har"/],
    ['a later version', JSON.stringify({ ...valid(), version: 2 }), /version 2; this version reads 1/],
    [
      'a source it does not know',
      JSON.stringify({ ...valid(), source: 'browser' }),
      /\/source must be equal to one of/,
    ],
    [
      'a negative count',
      JSON.stringify({
        ...valid(),
        operations: { x: { calls: -1, statuses: {}, platforms: {}, sent: {}, parameters: {}, values: {} } },
      }),
      /\/operations\/x\/calls must be >= 0/,
    ],
    [
      'a date that is none',
      JSON.stringify({ ...valid(), since: 'yesterday' }),
      /\/since must match format "date-time"/,
    ],
    ['a field it does not know', JSON.stringify({ ...valid(), secrets: [] }), /must NOT have additional properties/],
  ];
  for (const [name, text, message] of cases) t.throws(() => parseUsage(text, 'usage file u.json'), message, name);
  t.same(parseUsage(JSON.stringify(valid()), 'x').operations, {}, 'a valid one is read');
});

t.test('files: missing, a directory, past the bound', async (t) => {
  const dir = t.testdir();
  t.throws(() => readUsageFile(join(dir, 'none.json')), /cannot be read: there is no such file/);
  t.throws(() => readUsageFile(dir), /cannot be read: it is a directory/);
  const big = join(dir, 'big.json');
  writeFileSync(big, JSON.stringify({ ...valid(), label: 'x'.repeat(2000) }));
  t.throws(() => readUsageFile(big, 1024), /is \d+ bytes, more than 1024: not read/);
});
