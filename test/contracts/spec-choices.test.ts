// The suite shows the spec's choices (x-situations, x-platform-refusal,
// x-numeric-strings, x-type-coercion): against a deployment that chose
// otherwise (here, the mock built from the spec as that deployment's patch
// changes it), nothing
// fails and the ledger contradicts the choice's node, with the patch where the
// check knows it; the suite built from the same changed spec agrees with that
// deployment on the node, with nothing failed.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunReport } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { buildSpec, type LoadedSpec, type RawNode } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };

async function changed(change: (raw: RawNode) => void): Promise<LoadedSpec> {
  const raw = structuredClone((await spec()).raw);
  change(raw);
  return buildSpec(raw);
}

const failures = (report: RunReport) =>
  report.results.filter((r) => r.verdict === 'fail').map((r) => `${r.id}: ${r.problems[0]?.message}`);

interface Row {
  name: string;
  node: string;
  change: (raw: RawNode) => void;
  /** The patch the check proposes itself; undefined where patch.ts derives it. */
  patch?: unknown[];
}

const ROWS: Row[] = [
  {
    name: 'a missing platform header served',
    node: '/x-platform-refusal',
    change: (raw) => {
      raw['x-platform-refusal'].refused = false;
    },
    patch: [
      { op: 'test', path: '/x-platform-refusal/refused', value: true },
      { op: 'replace', path: '/x-platform-refusal/refused', value: false },
    ],
  },
  {
    name: 'a string of digits refused where an integer is documented',
    node: '/x-numeric-strings',
    change: (raw) => {
      raw['x-numeric-strings'].accepted = false;
    },
    patch: [
      { op: 'test', path: '/x-numeric-strings/accepted', value: true },
      { op: 'replace', path: '/x-numeric-strings/accepted', value: false },
    ],
  },
  {
    name: 'a number taken for a string as its text',
    node: '/x-type-coercion/number-as-string',
    change: (raw) => {
      raw['x-type-coercion']['number-as-string'].accepted = true;
    },
    patch: [
      { op: 'test', path: '/x-type-coercion/number-as-string/accepted', value: false },
      { op: 'replace', path: '/x-type-coercion/number-as-string/accepted', value: true },
    ],
  },
  {
    name: 'a fraction taken for an integer as its whole part',
    node: '/x-type-coercion/fraction-as-integer',
    change: (raw) => {
      raw['x-type-coercion']['fraction-as-integer'].accepted = true;
    },
    patch: [
      { op: 'test', path: '/x-type-coercion/fraction-as-integer/accepted', value: false },
      { op: 'replace', path: '/x-type-coercion/fraction-as-integer/accepted', value: true },
    ],
  },
  {
    name: 'a boolean taken for a string as its text',
    node: '/x-type-coercion/boolean-as-string',
    change: (raw) => {
      raw['x-type-coercion']['boolean-as-string'].accepted = true;
    },
    patch: [
      { op: 'test', path: '/x-type-coercion/boolean-as-string/accepted', value: false },
      { op: 'replace', path: '/x-type-coercion/boolean-as-string/accepted', value: true },
    ],
  },
  {
    name: 'a wrong password refused with 422',
    node: '/x-situations/wrong-credentials',
    change: (raw) => {
      raw['x-situations']['wrong-credentials'].status = 422;
    },
  },
  {
    name: 'an unknown client id refused with 422',
    node: '/x-situations/unknown-client',
    change: (raw) => {
      raw['x-situations']['unknown-client'].status = 422;
    },
  },
  {
    name: "another company's name answered with an empty page",
    node: '/x-situations/other-company',
    change: (raw) => {
      raw['x-situations']['other-company'].status = 200;
    },
  },
];

for (const row of ROWS)
  t.test(`a deployment that chose otherwise: ${row.name}`, async (t) => {
    const other = await changed(row.change);
    const mock = await buildMock({ spec: other, rateLimit: false });
    const url = await mock.listen({ host: '127.0.0.1', port: 0 });
    t.teardown(() => mock.close());
    const run = (s: LoadedSpec) => runContracts({ baseUrl: url, credentials: demo, timeoutMs: 5000 }, s);

    const asIs = await run(await spec());
    t.same(failures(asIs), [], 'the spec as it is: no failure, the document leaves it open');
    const entry = asIs.ledger!.entries.find((e) => e.id === row.node);
    t.equal(entry?.status, 'contradicted', `${row.node} contradicted`);
    if (row.patch) t.same(entry?.patch, row.patch, 'with the patch the check proposes');

    const followed = await run(other);
    t.same(failures(followed), [], 'the spec changed: no failure');
    t.equal(followed.ledger!.entries.find((e) => e.id === row.node)?.status, 'confirmed', `${row.node} confirmed`);
  });
