// --ledger-patch / --reporter spec-patch: one RFC 6902 JSON Patch of every
// contradicted point that has a patch, each followed by where it was learnt
// (the host alone: no credentials or path of --base-url), a change two points
// share made once; and the command line's flag.
import t from 'tap';
import { parseContractArgs } from '../../../cli/contracts.js';
import type { LedgerEntry } from '../../../contracts/measures/types.js';
import { renderHuman, specPatchOf } from '../../../contracts/reporters/index.js';
import { runReport } from '../../helpers/run-report.js';

const LIMIT = '/components/schemas/ClientListRequest/properties/limit';
const removeMax = [
  { op: 'test' as const, path: `${LIMIT}/maximum`, value: 100 },
  { op: 'remove' as const, path: `${LIMIT}/maximum` },
];
const entry = (e: Partial<LedgerEntry>): LedgerEntry => ({
  id: LIMIT,
  kind: 'property',
  reason: 'r',
  status: 'contradicted',
  operations: ['listClients'],
  contradictions: [{ checkId: 'c', message: 'limit 101 answered 200, expected 422' }],
  ...e,
});
const ledger = (entries: LedgerEntry[]) => ({ headline: 'h', confirmed: 0, contradicted: 0, notObserved: 0, entries });

t.test('the patched points, each once, each marked where and when it was learnt', async (t) => {
  const report = runReport([], {
    target: 'https://qa:s3cret-pw@staging.example.com:8443/base/api/v1?key=abc',
    startedAt: '2026-11-29T10:11:12.000Z',
    ledger: ledger([
      entry({}),
      entry({ id: '/components/schemas/CompanyClientsRequest/properties/limit' }),
      entry({ id: '/x-sessions', patch: undefined, noPatch: 'no' }),
      entry({ id: '/x-platform-refusal', status: 'confirmed', patch: removeMax }),
    ]),
  });
  // The second entry reached the same change as the first (a shared schema): made once.
  report.ledger!.entries[0]!.patch = removeMax;
  report.ledger!.entries[1]!.patch = removeMax;
  const patch = specPatchOf(report);
  t.same(patch, [
    ...removeMax,
    {
      op: 'add',
      path: `${LIMIT}/x-learned`,
      value: 'staging.example.com:8443 on 2026-11-29: limit 101 answered 200, expected 422',
    },
  ]);
  t.notMatch(JSON.stringify(patch), /qa|s3cret|base|key=abc/, 'the host alone');
});

t.test('a long message is clipped; a run with nothing patchable writes an empty patch', async (t) => {
  const long = 'x'.repeat(1000);
  const one = runReport([], {
    ledger: ledger([entry({ patch: removeMax, contradictions: [{ checkId: 'c', message: long }] })]),
  });
  const learnt = specPatchOf(one).at(-1)!.value as string;
  t.ok(learnt.length <= 240, `${learnt.length} characters`);
  t.same(specPatchOf(runReport([])), []);
});

t.test('the human report says how to take the patches', async (t) => {
  const text = renderHuman(runReport([], { ledger: ledger([entry({ patch: removeMax })]) }));
  t.match(text, /1 of the contradictions carry a patch: --ledger-patch FILE writes them as one/);
  t.notMatch(renderHuman(runReport([], { ledger: ledger([entry({ noPatch: 'no' })]) })), /--ledger-patch/);
});

t.test('--ledger-patch FILE is the spec-patch reporter writing to FILE, beside the others', async (t) => {
  const parsed = parseContractArgs(['--base-url', 'http://h', '--ledger-patch', 'p.json'], {});
  t.ok(parsed.ok);
  if (parsed.ok) t.same(parsed.plan.reporters, [{ name: 'human' }, { name: 'spec-patch', out: 'p.json' }]);
});
