// The typed client's read tracking: what the app's code reads of an answer
// is noted as a pointer, and nothing else about the answer changes.
import t from 'tap';
import { trackReads } from '../../client/track-reads.js';

const answer = () => ({
  message: 'ok',
  data: {
    data: [
      { id: 1, name: 'Ann', tags: ['a'] },
      { id: 2, name: 'Bo', tags: [] },
    ],
    total: 2,
  },
});

function reading(fn: (data: ReturnType<typeof answer>) => unknown) {
  const reads: string[] = [];
  const result = fn(trackReads(answer(), (at) => reads.push(at)));
  return { reads: [...new Set(reads)], result };
}

t.test('each way an app reads notes the pointers it reached', async (t) => {
  const cases: Array<[string, (d: ReturnType<typeof answer>) => unknown, string[]]> = [
    ['a property', (d) => d.message, ['/message']],
    [
      'a path into an array',
      (d) => d.data.data[1]!.name,
      ['/data', '/data/data', '/data/data/[]', '/data/data/[]/name'],
    ],
    [
      'map over items',
      (d) => d.data.data.map((c) => c.id),
      ['/data', '/data/data', '/data/data/[]', '/data/data/[]/id'],
    ],
    ['length alone reads no item', (d) => d.data.data.length, ['/data', '/data/data']],
    [
      'destructuring',
      (d) => {
        const { total } = d.data;
        return total;
      },
      ['/data', '/data/total'],
    ],
    ['a key that is not there', (d) => (d as Record<string, unknown>).nope, []],
    ['inherited members are not fields', (d) => d.toString(), []],
  ];
  for (const [name, fn, expected] of cases) t.same(reading(fn).reads.sort(), [...expected].sort(), name);
});

t.test('JSON.stringify and spreading read every field, and give the same result as before', async (t) => {
  const { reads, result } = reading((d) => JSON.stringify(d));
  t.equal(result, JSON.stringify(answer()));
  t.ok(reads.includes('/data/data/[]/tags/[]'));
  const spread = reading((d) => ({ ...d.data }));
  t.same(spread.result, { ...answer().data });
});

t.test('values, identity and checks behave as without tracking', async (t) => {
  const data = trackReads(answer(), () => undefined);
  t.equal(data.data, data.data, 'the same proxy each read');
  t.ok(Array.isArray(data.data.data));
  t.same(Object.keys(data.data.data[0]!), ['id', 'name', 'tags']);
  t.equal(typeof data.data.total, 'number');
  t.equal(
    trackReads(null, () => undefined),
    null,
  );
  t.equal(
    trackReads('text', () => undefined),
    'text',
  );
});
