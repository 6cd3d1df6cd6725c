// The list probes propose the spec's change themselves: against the
// Laravel-style staging with one deviation on, the ledger entry of the node
// the deviation answers otherwise is contradicted and carries the JSON Patch
// that makes the node say what the staging did (docs/decisions/
// spec-choices.md). The staging's spec-like runs confirm the same nodes
// (staging-deviations.test.ts).
import { readFile } from 'node:fs/promises';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import { applyPatchToYaml } from '../../contracts/measures/patch.js';
import { runContracts } from '../../contracts/runner.js';
import { buildMock } from '../../mock/build.js';
import type { PatchOperation } from '../../spec/finding.js';
import { loadWrittenSpec, writtenSpecText } from '../../spec/learnt.js';
import { buildSpec, type RawNode, SPEC_PATH } from '../../spec/load.js';
import type { DeviationName } from '../helpers/laravel-staging/switches.js';
import { assertRows, type Row, run } from '../helpers/laravel-staging/verdicts.js';

const LIST = '/paths/~1client~1list/post/x-list';
const COMPANY = '/paths/~1client~1user_client/post/x-list';
const replace = (path: string, was: unknown, value: unknown): PatchOperation[] => [
  { op: 'test', path, value: was },
  { op: 'replace', path, value },
];

const CASES: Array<{ deviation: DeviationName; node: string; patch: PatchOperation[] }> = [
  {
    deviation: 'per-page-fixed',
    node: `${LIST}/page-size`,
    // per_page stays 20 whatever limit says, and 20 is already the default: only follows changes.
    patch: replace(`${LIST}/page-size/follows`, 'limit', null),
  },
  {
    deviation: 'oldest-first',
    node: `${LIST}/order`,
    patch: replace(`${LIST}/order/direction`, 'desc', 'asc'),
  },
  {
    deviation: 'oldest-first',
    node: `${COMPANY}/order`,
    patch: replace(`${COMPANY}/order/direction`, 'desc', 'asc'),
  },
  {
    deviation: 'keyword-name-only',
    node: `${LIST}/search`,
    patch: replace(
      `${LIST}/search/matches`,
      ['name', 'surname', 'email', 'phone_no', 'phone', 'project_name', 'quote_no'],
      // phone is in no listing, so no probe can try it: kept.
      ['name', 'surname', 'phone'],
    ),
  },
  {
    deviation: 'limit-uncapped',
    node: '/components/schemas/ClientListRequest/properties/limit',
    patch: [
      { op: 'test', path: '/components/schemas/ClientListRequest/properties/limit/maximum', value: 100 },
      { op: 'remove', path: '/components/schemas/ClientListRequest/properties/limit/maximum' },
    ],
  },
  {
    deviation: 'limit-uncapped',
    node: '/components/schemas/CompanyClientsRequest/properties/limit',
    patch: [
      { op: 'test', path: '/components/schemas/CompanyClientsRequest/properties/limit/maximum', value: 100 },
      { op: 'remove', path: '/components/schemas/CompanyClientsRequest/properties/limit/maximum' },
    ],
  },
  {
    deviation: 'rooms-null',
    node: '/paths/~1room~1get-by-client-id/post/x-no-rooms',
    patch: replace('/paths/~1room~1get-by-client-id/post/x-no-rooms/answer', 'empty-list', 'null'),
  },
];

const rows: Row[] = CASES.flatMap(({ deviation, node, patch }): Row[] => [
  {
    name: `${deviation}: ${node} is contradicted, with the patch that says what the staging does`,
    key: { mode: 'read-only', defects: [], deviations: [deviation] },
    assert: (tt, r) => {
      const entry = r.ledger?.entries.find((e) => e.id === node);
      tt.equal(entry?.status, 'contradicted', `${node} contradicted`);
      tt.same(entry?.patch, patch, 'the probe proposes the patch');
    },
  },
  {
    name: `spec-like: ${node} is confirmed, with no patch`,
    key: { mode: 'read-only', defects: [], deviations: [] },
    assert: (tt, r) => {
      const entry = r.ledger?.entries.find((e) => e.id === node);
      tt.equal(entry?.status, 'confirmed', `${node} confirmed`);
      tt.notOk(entry?.patch, 'nothing to patch');
    },
  },
]);

assertRows(t, rows);

t.test(
  'the loop: the mock made from the spec so patched agrees with the suite on every one of these nodes',
  async (t) => {
    const patch: PatchOperation[] = [];
    for (const { deviation, node } of CASES) {
      const r = await run({ mode: 'read-only', defects: [], deviations: [deviation] });
      patch.push(...(r.ledger?.entries.find((e) => e.id === node)?.patch ?? []));
    }
    t.equal(patch.length, CASES.length * 2, 'a patch for every node');
    const written = writtenSpecText(await readFile(SPEC_PATH, 'utf8'));
    const spec = await buildSpec(parseYaml(applyPatchToYaml(written, patch)) as RawNode);
    const mock = await buildMock({ spec, rateLimit: false });
    const url = await mock.listen({ host: '127.0.0.1', port: 0 });
    t.teardown(() => mock.close());
    const credentials = { email: 'demo@example.com', password: 'demo-password' };
    const report = await runContracts({ baseUrl: url, credentials, timeoutMs: 10_000 }, spec);
    t.same(
      report.results.filter((r) => r.verdict === 'fail').map((r) => r.id),
      [],
      'no failed check',
    );
    // A cap removed has nothing to probe, and every client of the mock has rooms: those two are not observed.
    const unseen = (node: string) => node.endsWith('/limit') || node.endsWith('/x-no-rooms');
    for (const { node } of CASES) {
      const entry = report.ledger?.entries.find((e) => e.id === node);
      t.equal(entry?.status, unseen(node) ? 'not observed' : 'confirmed', `${node} (${entry?.why ?? 'shown'})`);
      if (node.endsWith('/limit')) t.match(entry?.why, /limit no maximum: there is no cap to probe/, 'and says why');
    }
  },
);

t.test('a malformed x-list: the suite does not guess, each list probe says why it did not run', async (t) => {
  const raw = structuredClone((await loadWrittenSpec()).raw);
  raw.paths['/client/list'].post['x-list'].order.direction = 'sideways';
  const spec = await buildSpec(raw);
  const mock = await buildMock({ spec: await loadWrittenSpec(), rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const credentials = { email: 'demo@example.com', password: 'demo-password' };
  const report = await runContracts({ baseUrl: url, credentials, timeoutMs: 10_000 }, spec);
  const probes = report.results.filter((r) => /^paging:[^:]+:(per-page|order|keyword-fields)$/.test(r.id));
  t.ok(probes.length >= 3, 'the probes of both lists are listed');
  for (const r of probes) {
    t.equal(r.verdict, 'skip', `${r.id} skipped`);
    t.match(r.notes.at(-1), /x-list\/order\/direction: must be asc or desc \(found "sideways"\)/);
  }
  t.same(
    report.results.filter((r) => r.verdict === 'fail').map((r) => r.id),
    [],
    'nothing fails',
  );
});
