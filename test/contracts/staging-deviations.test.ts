// The suite against the Laravel + Sanctum staging (test/helpers/laravel-staging)
// with no true defect: as the spec assumes it, nothing fails and every
// observable assumption is confirmed; with its legitimate deviations (all, or
// each alone: in each mode but the rate limit's), nothing fails either and the assumption ledger says each
// deviation's assumption is contradicted. In every mode: read-only; writes with
// destructive checks; fuzz 30 seed 1; the rate limit.
import t from 'tap';
import {
  ALL_DEVIATIONS,
  DEVIATIONS,
  type DeviationName,
  MODES,
  type Mode,
} from '../helpers/laravel-staging/switches.js';
import { assertRows, brief, ledgerStatus, type Row } from '../helpers/laravel-staging/verdicts.js';
import { aloneIn } from '../helpers/verdict-runs.js';

const key = (mode: Mode, deviations: readonly DeviationName[]) => ({ mode, defects: [], deviations });

/** The assumptions a request of a run can show: the deviations' and those issue 39 names. */
const OBSERVABLE = [
  ...new Set([
    ...Object.values(DEVIATIONS).flatMap((d) => d.assumptions),
    '/components/schemas/ClientListRequest/properties/page',
    '/paths/~1client~1user_client/post/requestBody',
  ]),
];

const rows: Row[] = [];
for (const mode of MODES) {
  rows.push({
    name: `spec-like:${mode}`,
    key: key(mode, []),
    assert: (tt, r) => tt.same(brief(r), [], 'no failed check'),
  });
  for (const pointer of OBSERVABLE)
    rows.push({
      name: `observed:${pointer}:${mode}`,
      key: key(mode, []),
      assert: (tt, r) => tt.equal(ledgerStatus(r, pointer), 'confirmed', `${pointer} confirmed`),
    });
  rows.push({
    name: `deviations:${mode}`,
    key: key(mode, ALL_DEVIATIONS),
    assert: (tt, r) => tt.same(brief(r), [], 'no failed check'),
  });
}

for (const d of ALL_DEVIATIONS)
  for (const mode of aloneIn(DEVIATIONS[d].modes)) {
    rows.push({
      name: `deviation-harmless:${d}:${mode}`,
      key: key(mode, [d]),
      assert: (tt, r) => tt.same(brief(r), [], `${DEVIATIONS[d].choice}: no failed check`),
    });
    rows.push({
      name: `deviation-ledger:${d}:${mode}`,
      key: key(mode, [d]),
      assert: (tt, r) => {
        const statuses = DEVIATIONS[d].assumptions.map((p) => `${p}: ${ledgerStatus(r, p)}`);
        tt.ok(
          statuses.some((s) => s.endsWith(': contradicted')),
          `the ledger contradicts ${DEVIATIONS[d].assumptions.join(' or ')}`,
          { statuses },
        );
      },
    });
  }

assertRows(t, rows);
