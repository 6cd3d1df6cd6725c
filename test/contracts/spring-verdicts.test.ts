// The suite against a second staging nobody here designed for: a Spring Boot +
// Spring Security + Jackson style deployment (test/helpers/spring-staging),
// written blind from the interface document with its own true defects and
// legitimate deviations (its switches.ts; the operations and evidence below are
// this suite's names for them). In every mode (read-only; writes with
// destructive checks; fuzz 30 seed 1; the rate limit): the clean server fails
// nothing; all its defects at once each show as a failed check naming one of
// its operations (none masks another); all its deviations at once fail nothing
// and each contradicts its assumption in the ledger. Each switch alone is run in
// its first mode, against the clean run of that mode as control.
import t from 'tap';
import { spec } from '../helpers/mock.js';
import {
  DEFAULT_ACCOUNTS,
  DEFECT_NAMES,
  DEFECTS,
  DEVIATION_NAMES,
  DEVIATIONS,
  type DefectName,
  type DeviationName,
  startSpringStaging,
} from '../helpers/spring-staging/index.js';
import {
  assertRowsOf,
  brief,
  failedTwice,
  failedWith,
  ledgerStatus,
  MODES,
  type Mode,
  type Row,
  type RunKey,
  runOf,
  stagingDeployment,
} from '../helpers/verdict-runs.js';

// The suite takes the origin; the API's /api/v1 is the spec's base path.
const spring = stagingDeployment<DefectName, DeviationName>(
  'spring',
  DEFAULT_ACCOUNTS,
  startSpringStaging,
  (url) => new URL(url).origin,
);

/** What a failed check says when it reports each defect (besides naming one of its operations). */
const EVIDENCE: Record<DefectName, RegExp> = {
  'end-client-known-boolean': /end_client_known/,
  'created-at-millis': /created_at/,
  'envelope-no-links': /\/links/,
  'last-page-floor': /last_page/,
  'user-client-all-companies': /a data leak/,
  'update-message-wrong': /updateClient 200 \/message/,
  'update-drops-billing-city': /billing_city/,
  'delete-keeps-record': /still listed/,
  'awning-id-string': /\/data\/id/,
  'token-survives-password-change': /after the password change/,
  'x-api-token-refused': /x-api-token.*answered 401/i,
  'invalid-token-empty-401': /401 came with an empty body/,
  'subscription-access-denied': /403 \/message/,
  'keyword-quote-500': /\b500\b/,
  'oversize-default-body': /listCountries 413/,
  'rate-limit-spring-body': /429 \/message/,
};

type Status = 'confirmed' | 'contradicted';
/** What the ledger says of the spec's x-assumed nodes with each deviation on, and the modes whose requests show
 *  it. Most contradict an assumption; some meet it where the clean server did not (the clean server ignores
 *  limit and searches three fields, the spec assumes otherwise); a few no request of the suite shows, or the spec
 *  allows outright (extra fields in records), and only fail nothing. */
const SHOWN: Record<DeviationName, { ledger: Array<[string, Status]>; modes: Mode[] }> = {
  'error-body-minimal': {
    ledger: [
      ['/components/schemas/UnlistedError', 'contradicted'],
      ['/components/schemas/NotFoundError', 'contradicted'],
    ],
    modes: MODES,
  },
  'unknown-id-403': {
    ledger: [
      ['/x-situations/unknown-client', 'contradicted'],
      ['/x-forbidden', 'contradicted'],
    ],
    modes: MODES,
  },
  'platform-any-value': { ledger: [['/x-platform-refusal', 'contradicted']], modes: ['fuzz'] },
  'limit-honoured': { ledger: [['/paths/~1client~1list/post/x-list/page-size', 'confirmed']], modes: MODES },
  'order-by-name': {
    ledger: [
      ['/paths/~1client~1list/post/x-list/order', 'contradicted'],
      ['/paths/~1client~1user_client/post/x-list/order', 'contradicted'],
    ],
    modes: MODES,
  },
  'keyword-all-fields': { ledger: [['/paths/~1client~1list/post/x-list/search', 'confirmed']], modes: MODES },
  'extra-fields': { ledger: [], modes: [] },
  'unknown-properties-refused': { ledger: [['/x-unknown-request-fields', 'contradicted']], modes: MODES },
  'strict-coercion': {
    ledger: [
      ['/x-numeric-strings', 'contradicted'],
      ['/x-type-coercion/number-as-string', 'confirmed'],
    ],
    modes: MODES,
  },
  'reference-no-subscription': { ledger: [['/x-subscription', 'contradicted']], modes: MODES },
  'unknown-route-401': { ledger: [], modes: [] },
  'rooms-by-client-null': {
    ledger: [['/paths/~1room~1get-by-client-id/post/x-no-rooms', 'contradicted']],
    modes: MODES,
  },
};

/** The clean server's own choices where the document is silent, each contradicting the spec's assumption. */
const CLEAN_CONTRADICTS = [
  '/components/schemas/User',
  '/paths/~1client~1list/post/x-list/page-size',
  '/paths/~1client~1list/post/x-list/search',
  '/x-situations/other-company',
  '/x-type-coercion/number-as-string',
];

/** The deployment's operations by this spec's names: its rows name the document's paths. */
async function operationIds(paths: readonly string[]): Promise<string[]> {
  const loaded = await spec();
  return paths.flatMap((p) => loaded.operations.filter((o) => o.path === p).map((o) => o.operationId));
}

/** Where this suite's runs can show a defect, when that is fewer modes than the staging claims: the fuzz run here
 *  has no --allow-writes, so it adds no awning whose id could show. */
const SUITE_MODES: Partial<Record<DefectName, Mode[]>> = { 'awning-id-string': ['writes'] };
const modesOf = (d: DefectName): readonly Mode[] => SUITE_MODES[d] ?? (DEFECTS[d].modes as readonly Mode[]);

/** The rate limit is per address: the rate-limit check's 429 may come on the operation it calls. */
const ALSO: Partial<Record<DefectName, string[]>> = { 'rate-limit-spring-body': ['getProfile'] };

const run = (k: RunKey<DefectName, DeviationName>) => runOf(spring, k);
const key = (mode: Mode, defects: readonly DefectName[] = [], deviations: readonly DeviationName[] = []) => ({
  mode,
  defects,
  deviations,
});

const rows: Row<RunKey<DefectName, DeviationName>>[] = [];
const shows = async (r: Awaited<ReturnType<typeof run>>, d: DefectName) =>
  failedWith(r, [...(await operationIds(DEFECTS[d].operations)), ...(ALSO[d] ?? [])], EVIDENCE[d]);

for (const mode of MODES) {
  rows.push({ name: `clean:${mode}`, key: key(mode), assert: (tt, r) => tt.same(brief(r), [], 'no failed check') });
  rows.push({
    name: `deviations:${mode}`,
    key: key(mode, [], DEVIATION_NAMES),
    assert: (tt, r) => tt.same(brief(r), [], 'no failed check with every deviation on'),
  });
  rows.push({
    name: `all-defects:one-check-each:${mode}`,
    key: key(mode, DEFECT_NAMES),
    assert: (tt, r) => tt.same(failedTwice(r), [], 'each defect of an answer fails one check'),
  });
  for (const d of DEFECT_NAMES.filter((x) => modesOf(x).includes(mode)))
    rows.push({
      name: `all-defects:${d}:${mode}`,
      key: key(mode, DEFECT_NAMES),
      assert: async (tt, r) =>
        tt.ok(await shows(r, d), `${DEFECTS[d].document}: reported beside the others`, { failed: brief(r) }),
    });
  for (const v of DEVIATION_NAMES.filter((x) => SHOWN[x].modes.includes(mode)))
    rows.push({
      name: `deviation-ledger:${v}:${mode}`,
      key: key(mode, [], DEVIATION_NAMES),
      assert: (tt, r) => {
        // Beside the others one may hide another's node (no 404 is left to judge when unknown ids are 403s).
        const statuses = SHOWN[v].ledger.map(([p]) => `${p}: ${ledgerStatus(r, p)}`);
        tt.ok(
          SHOWN[v].ledger.some(([p, want]) => ledgerStatus(r, p) === want),
          `${DEVIATIONS[v].behaviour}: the ledger says so beside the others`,
          { statuses },
        );
      },
    });
  rows.push({
    name: `clean-ledger:${mode}`,
    key: key(mode),
    assert: (tt, r) => {
      for (const p of CLEAN_CONTRADICTS)
        tt.equal(ledgerStatus(r, p), 'contradicted', `${p}: the clean server's choice`);
    },
  });
}

for (const d of DEFECT_NAMES) {
  const mode = modesOf(d)[0]!;
  rows.push({
    name: `defect:${d}:${mode}`,
    key: key(mode, [d]),
    assert: async (tt, r) => {
      tt.ok(await shows(r, d), `${DEFECTS[d].document}: reported`, { failed: brief(r) });
      tt.same(failedTwice(r), [], 'each defect of an answer fails one check');
    },
  });
  rows.push({
    // Without the defect the same evidence is absent: the row above cannot pass on another finding.
    name: `control:${d}:${mode}`,
    key: key(mode),
    assert: async (tt, r) => tt.notOk(await shows(r, d), `${d} is not reported where it is off`),
  });
}
for (const v of DEVIATION_NAMES) {
  const mode = SHOWN[v].modes[0] ?? (DEVIATIONS[v].modes[0] as Mode);
  rows.push({
    name: `deviation:${v}:${mode}`,
    key: key(mode, [], [v]),
    assert: (tt, r) => {
      tt.same(brief(r), [], `${DEVIATIONS[v].behaviour}: no failed check`);
      for (const [p, want] of SHOWN[v].ledger) tt.equal(ledgerStatus(r, p), want, `${p}: ${want}`);
    },
  });
}

assertRowsOf(t, rows, run);
