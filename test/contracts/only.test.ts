// --only against the mock: every check that counts or walks operations works on
// the selection, so a run of any one operation (all of them in turn), or of a
// few, finds nothing wrong with the mock. Read-only but where the operation is
// a write the run checks only with --allow-writes.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunReport } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };
/** Operations whose checks need --allow-writes to do more than skip. */
const WRITES = new Set([
  'updateClient',
  'addEditSingleWindowPhotoMeasurement',
  'addEditSpecialtyWindowMeasurement',
  'addEditSeriesWindowMeasurement',
  'addEditAwningMeasurement',
]);

const notPassed = (report: RunReport) =>
  report.results
    .filter((r) => r.verdict === 'fail' || r.verdict === 'observation')
    .map((r) => `${r.id}: ${r.problems.map((p) => p.message).join('; ')}`);

t.test('--only of each operation in turn, and of a few: no failure, no observation', async (t) => {
  const loaded = await spec();
  const mock = await buildMock({ spec: loaded, rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const selections = [...loaded.operations.map((o) => [o.operationId]), ['signin', 'listClients', 'updateClient']];
  t.equal(selections.length, 27, 'the 26 operations, then the three the issue names');
  for (const only of selections) {
    const report = await runContracts(
      { baseUrl: url, credentials: demo, nosub, only, timeoutMs: 5000, allowWrites: only.some((o) => WRITES.has(o)) },
      loaded,
    );
    t.same(notPassed(report), [], `--only ${only.join(',')}`);
    const ran = report.results.filter((r) => r.verdict === 'pass' && r.operationId && !only.includes(r.operationId));
    t.same(
      ran.map((r) => r.id),
      [],
      `--only ${only.join(',')}: no check of another operation passed (each was skipped)`,
    );
    t.equal(report.summary.operations.total, only.length, 'the selection is what is covered');
  }
});
