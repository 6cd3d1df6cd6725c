// The suite against the Laravel + Sanctum staging (test/helpers/laravel-staging),
// its legitimate deviations all on: each true defect, alone and with all the
// others, is a failed check naming its operation in every mode where a request
// can show it (read-only; writes with destructive checks; fuzz 30 seed 1; the
// rate limit: there with all the others only, unless it shows only there).
// staging-deviations.test.ts asserts the deviations' side.
import t, { type Test } from 'tap';
import type { RunReport } from '../../contracts/types.js';
import {
  ALL_DEFECTS,
  ALL_DEVIATIONS,
  DEFECTS,
  type DefectName,
  type Mode,
} from '../helpers/laravel-staging/switches.js';
import { assertRows, brief, type Row, shows } from '../helpers/laravel-staging/verdicts.js';
import { aloneIn, failedTwice } from '../helpers/verdict-runs.js';

const key = (mode: Mode, defects: readonly DefectName[]) => ({ mode, defects, deviations: ALL_DEVIATIONS });

const rows: Row[] = ALL_DEFECTS.flatMap((d) =>
  DEFECTS[d].modes.flatMap((mode): Row[] => [
    ...(aloneIn(DEFECTS[d].modes).includes(mode)
      ? [
          {
            name: `defect:${d}:${mode}`,
            key: key(mode, [d]),
            assert: (tt: Test, r: RunReport) => {
              tt.ok(shows(r, d), `${DEFECTS[d].fact}: reported`, { failed: brief(r) });
              tt.same(failedTwice(r), [], 'each defect of an answer fails one check');
            },
          },
        ]
      : []),
    {
      // Without the defect the same evidence is absent: a row above cannot pass on another finding.
      name: `control:${d}:${mode}`,
      key: key(mode, []),
      assert: (tt, r) => tt.notOk(shows(r, d), `${d} is not reported where it is off`),
    },
    {
      // Every defect at once: none masks another.
      name: `all-defects:${d}:${mode}`,
      key: key(mode, ALL_DEFECTS),
      assert: (tt, r) => tt.ok(shows(r, d), `${DEFECTS[d].fact}: reported beside the others`, { failed: brief(r) }),
    },
  ]),
);

// Every defect at once: each defect of an answer's shape fails one check, not every check that reads the answer.
for (const mode of new Set(ALL_DEFECTS.flatMap((d) => DEFECTS[d].modes)))
  rows.push({
    name: `all-defects:one-check-each:${mode}`,
    key: key(mode, ALL_DEFECTS),
    assert: (tt, r) => tt.same(failedTwice(r), [], 'each defect of an answer fails one check'),
  });

assertRows(t, rows);
