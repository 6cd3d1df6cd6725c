// The list probes propose the spec's change themselves: against the
// Laravel-style staging with one deviation on, the ledger entry of the node
// the deviation answers otherwise is contradicted and carries the JSON Patch
// that makes the node say what the staging did (docs/decisions/
// spec-choices.md). The staging's spec-like runs confirm the same nodes
// (staging-deviations.test.ts).
import t from 'tap';
import type { PatchOperation } from '../../spec/finding.js';
import type { DeviationName } from '../helpers/laravel-staging/switches.js';
import { assertRows, type Row } from '../helpers/laravel-staging/verdicts.js';

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
      ['name', 'surname', 'email', 'phone_no', 'project_name', 'quote_no'],
      ['name', 'surname'],
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
