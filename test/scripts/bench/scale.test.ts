// The scale table: one row a size, and the verdict of each target said plainly.
import t from 'tap';
import { type ScaleFigure, scaleTable } from '../../../scripts/bench/scale.js';

const figure = (clients: number, over: Partial<ScaleFigure> = {}): ScaleFigure => ({
  clients,
  firstListMs: 1200,
  firstSearchMs: 40,
  firstCompanyMs: 10,
  rssMiB: 180,
  demoClients: clients * 0.3,
  companyClients: clients * 0.45,
  distinctPages: 100,
  page: { p50: 1.5, p99: 7 },
  keyword: { p50: 2, p99: 10 },
  company: { p50: 1.4, p99: 3 },
  ...over,
});

t.test('a row a size, with the demo user’s and the company’s clients', (t) => {
  const table = scaleTable([figure(1000), figure(1_000_000)]);
  t.match(table, '| 1,000 (300 / 450) | 1.20 | 40.0 | 10.0 | 180 | 1.5 / 7.0 | 2.0 / 10.0 | 1.4 / 3.0 |');
  t.match(table, '| 1,000,000 (300,000 / 450,000) |');
  t.match(
    table,
    /first list answer < 3 s \(met\), first search < 1000 ms \(met\), keyword p99 < 50 ms \(met\); RSS at 1,000,000 < 350 MiB \(met\)/,
  );
  t.match(table, 'From 1,000 to 1,000,000 clients (x1000): page p50 x1.00');
  t.end();
});

t.test('each target missed is named NOT met', (t) => {
  for (const [what, over, said] of [
    ['a slow first answer', { firstListMs: 3500 }, /first list answer < 3 s \(NOT met\)/],
    ['a slow first search', { firstSearchMs: 1200 }, /first search < 1000 ms \(NOT met\)/],
    ['a slow keyword p99', { keyword: { p50: 20, p99: 60 } }, /keyword p99 < 50 ms \(NOT met\)/],
    ['too much memory', { rssMiB: 400 }, /RSS at 1,000,000 < 350 MiB \(NOT met\)/],
  ] as const)
    t.match(scaleTable([figure(1000), figure(1_000_000, over)]), said, what);
  t.end();
});
