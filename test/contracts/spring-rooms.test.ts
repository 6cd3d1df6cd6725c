// The suite against the Spring-style staging (test/helpers/spring-staging),
// which lists a client's rooms as {room_id, ...} (the document's room entry
// name), answers the profile as a list of one, and refuses a QR code it did not
// issue: the checks that need a room, a user or a spare session run, and a
// defect behind them (the awning's id as a string) is reported.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { spec } from '../helpers/mock.js';
import { DEFAULT_ACCOUNTS, type DefectName, startSpringStaging } from '../helpers/spring-staging/index.js';

const WINDOWS = [
  'writes:addEditSingleWindowPhotoMeasurement',
  'writes:addEditSeriesWindowMeasurement',
  'writes:addEditSpecialtyWindowMeasurement',
];

const cases: Array<{
  name: string;
  writes: boolean;
  defects: DefectName[];
  /** Check ids and the verdict each must have; `ran`: a pass, or an observation (an assumption contradicted,
   *  as the Room schema is by rooms named room_id). */
  verdicts: Array<[string, string]>;
  message?: [string, RegExp];
}> = [
  {
    name: 'clean, read-only',
    writes: false,
    defects: [],
    verdicts: [
      ["conformance:getRoomMeasurements:lists a room's measurements", 'pass'],
      ['meaning:getRoomMeasurements:one-room', 'pass'],
      ['meaning:getRoomsByClientId:own-rooms', 'ran'],
      ['auth:getRoomMeasurements:x-api-token', 'pass'],
      ['conformance:logout', 'pass'],
    ],
  },
  {
    name: 'clean, writes',
    writes: true,
    defects: [],
    verdicts: [...WINDOWS.map((id): [string, string] => [id, 'pass']), ['writes:addEditAwningMeasurement', 'pass']],
  },
  {
    name: "writes, the awning's id a string",
    writes: true,
    defects: ['awning-id-string'],
    verdicts: [['writes:addEditAwningMeasurement', 'fail']],
    message: ['writes:addEditAwningMeasurement', /\/data\/id: must be integer/],
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const st = await startSpringStaging({ defects: c.defects });
    t.teardown(() => st.close());
    const a = DEFAULT_ACCOUNTS;
    const options: RunOptions = {
      baseUrl: new URL(st.url).origin,
      credentials: a.main,
      nosub: a.nosub,
      passwordAccount: a.password,
      timeoutMs: 30_000,
      ...(c.writes ? { allowWrites: true, allowDestructive: true, clientId: st.store.disposableClientId } : {}),
    };
    const report = await runContracts(options, await spec());
    const by = (id: string) => report.results.find((r) => r.id === id);
    for (const [id, verdict] of c.verdicts)
      t.equal(
        verdict === 'ran' && ['pass', 'observation'].includes(by(id)?.verdict ?? '') ? 'ran' : by(id)?.verdict,
        verdict,
        `${id}: ${verdict}`,
        {
          notes: by(id)?.notes,
          problems: by(id)
            ?.problems.map((p) => p.message)
            .slice(0, 5),
        },
      );
    if (c.message) {
      const [id, re] = c.message;
      t.ok(
        by(id)?.problems.some((p) => re.test(p.message)),
        `${id} names the id's type`,
      );
    }
  });
}
