// Spec changes a team would make, followed by the suite with no change to its code: for each, the mock built
// from the changed spec and the suite run against it with that spec agree (0 failed) in its fullest modes,
// because every request the suite sends as valid is built from the operation's schema (spec/valid-body.ts,
// completed in Session.send), and every value it sends outside an enum is computed from the enum.
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { buildSpec, type LoadedSpec, type RawNode } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };

type Change = (doc: RawNode) => void;

const schemas = (doc: RawNode) => doc.components.schemas as Record<string, RawNode>;

/** (a) client/list's keyword made required (a breaking change a team acknowledges). */
const keywordRequired: Change = (doc) => {
  const list = schemas(doc).ClientListRequest!;
  list.required = [...(list.required ?? []), 'keyword'];
};

/** (b) an enum value added: awning_type gains one, and so does the platform header. */
const enumValueAdded: Change = (doc) => {
  const awning = schemas(doc).AwningMeasurementRequest!.properties.awning_type;
  awning.enum = [...awning.enum, 'folding'];
  const platform = schemas(doc).Platform!;
  platform.enum = [...platform.enum, 'WINDOWS'];
};

/** (c) a new optional request field: updateClient takes an optional `notes`. */
const optionalField: Change = (doc) => {
  schemas(doc).ClientUpdateRequest!.properties.notes = { type: 'string', maxLength: 1000 };
};

const CHANGES: Array<[string, Change[]]> = [
  ["client/list's keyword made required", [keywordRequired]],
  ['an enum value added (awning_type, platform)', [enumValueAdded]],
  ['a new optional request field (updateClient notes)', [optionalField]],
  ['all three at once', [keywordRequired, enumValueAdded, optionalField]],
];

const MODES: Array<[string, Partial<RunOptions>]> = [
  ['read-only, with the no-plan account', { nosub }],
  ['--allow-writes --allow-destructive', { allowWrites: true, allowDestructive: true, clientId: 146 }],
  ['--fuzz 6', { fuzz: 6, seed: 40, allowWrites: true }],
];

async function changed(changes: Change[]): Promise<LoadedSpec> {
  const doc = structuredClone((await spec()).raw);
  for (const change of changes) change(doc);
  return buildSpec(doc);
}

t.test('the changes are real: the changed spec says what the change says', async (t) => {
  const s = await changed([keywordRequired, enumValueAdded, optionalField]);
  const schema = (id: string) => s.byId.get(id)!.requestBody!.schema as RawNode;
  t.ok(schema('listClients').required.includes('keyword'));
  t.ok(schema('addEditAwningMeasurement').properties.awning_type.enum.includes('folding'));
  t.ok(schema('updateClient').properties.notes);
});

for (const [name, changes] of CHANGES) {
  t.test(name, async (t) => {
    const loaded = await changed(changes);
    for (const [mode, options] of MODES) {
      const mock = await buildMock({ spec: loaded, rateLimit: false });
      const url = await mock.listen({ host: '127.0.0.1', port: 0 });
      const report = await runContracts(
        { baseUrl: url, world: 'default', credentials: demo, timeoutMs: 5000, ...options },
        loaded,
      ).finally(() => mock.close());
      const failed = report.results.filter((r) => r.verdict !== 'pass' && r.verdict !== 'skip');
      t.same(
        failed.map((r) => `${r.id}: ${r.problems.map((p) => p.message).join('; ')}`),
        [],
        `${mode}: no failure and no observation`,
      );
      t.ok(report.results.filter((r) => r.verdict === 'pass').length > 100, `${mode}: the checks ran`);
      t.equal(report.summary.operations.covered, report.summary.operations.total, `${mode}: every operation covered`);
    }
  });
}
