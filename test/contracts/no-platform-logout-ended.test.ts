// Regression: against a deployment that serves a request without its platform
// header, the no-platform check's logout ends its disposable session, and the
// session's closing logout then answers 401. That 401 was reported as a
// finding of the check (and contradicted the logout operation in the ledger),
// though nothing was wrong: a session the check ended already is no finding.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import { buildMock } from '../../mock/build.js';
import { buildSpec, type RawNode } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

t.test('a logout served without the platform header leaves nothing to report', async (t) => {
  const raw = structuredClone((await spec()).raw) as RawNode;
  raw['x-platform-refusal'].refused = false;
  const served = await buildSpec(raw);
  const mock = await buildMock({ spec: served });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const report = await runContracts(
    {
      baseUrl: url,
      credentials: { email: 'demo@example.com', password: 'demo-password' },
      timeoutMs: 10_000,
      checks: ['negative'],
      only: ['logout'],
    },
    served,
  );
  const check = report.results.find((r) => r.id === 'negative:logout:no-platform');
  t.equal(check?.verdict, 'pass', JSON.stringify(check?.problems.map((p) => p.message)));
  t.same(
    report.ledger?.entries.filter((e) => e.status === 'contradicted').map((e) => e.id),
    [],
    'nothing contradicted',
  );
});
