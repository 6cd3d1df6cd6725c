// The worlds bench fails loudly when a worker sees another world's change, and
// says which targets were met; the measuring itself is `npm run bench -- --only
// worlds`, never a timed test.
import t from 'tap';
import { checkIsolation, type Listed } from '../../../scripts/bench/world-client.js';
import { type WorldsFigures, worldsTable } from '../../../scripts/bench/worlds.js';

const client = (id: number, name = `Name${id}`): Listed => ({ id, name, surname: 'S', email: `${id}@example.com` });
const before = [1, 2, 3, 4].map((id) => client(id));
const mine = [client(1), client(2, 'BenchWorker2'), client(4)];
const own = [
  { window_name: 'BenchWorker2 single' },
  { window_name: 'BenchWorker2 arch' },
  { window_name: 'BenchWorker2 series' },
];

t.test('a worker seeing only its own changes passes', async (t) => {
  t.doesNotThrow(() => checkIsolation('w2', 2, before, mine, [...own, { window_name: 'Kitchen' }], 3));
});

t.test("another worker's rename, delete or measurement is an ISOLATION BROKEN error", async (t) => {
  const cases: Array<[string, Listed[], Array<{ window_name: string }>]> = [
    ['rename', [client(1, 'BenchWorker5'), client(2, 'BenchWorker2'), client(4)], own],
    ['delete', [client(2, 'BenchWorker2'), client(4)], own],
    ['measurement', mine, [...own, { window_name: 'BenchWorker12 arch' }]],
    ['its own measurements missing', mine, own.slice(1)],
  ];
  for (const [what, after, entries] of cases)
    t.throws(() => checkIsolation('w2', 2, before, after, entries, 3), /^ISOLATION BROKEN: worker 2 in w2/, what);
});

const spread = (median: number) => ({ median, min: median, max: median, runs: 3 });
const figures = (growthMiB: number, thousandthUs: number): WorldsFigures => ({
  workers: { wallMs: spread(150), requests: 112, sessionMs: spread(150) },
  memory: {
    beforeMiB: spread(180),
    afterMiB: spread(180 + growthMiB),
    growthMiB: spread(growthMiB),
    fillMs: spread(9000),
  },
  request: {
    defaultUs: 300,
    thousandthUs,
    defaultCpuUs: 90,
    thousandthCpuUs: 90,
    rounds: 9,
    perRound: 1000,
    cpuRatios: [1],
  },
});

t.test('the verdicts: RSS growth under 100 MB, the request within 5%', async (t) => {
  t.match(worldsTable(figures(22, 303)), /RSS growth < 100 MB \(23\.1 MB: met\).*latency \+1\.0% \(met\)/s);
  t.match(worldsTable(figures(96, 300)), /\(100\.7 MB: NOT met\)/, 'MiB counted as MB');
  t.match(worldsTable(figures(22, 330)), /latency \+10\.0% \(NOT met\)/);
  t.match(
    worldsTable(figures(22, 270)),
    /latency -10\.0% \(NOT met\)/,
    'faster by more than 5% is not "the same" either',
  );
});
