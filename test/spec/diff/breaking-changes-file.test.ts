// The committed spec/breaking-changes.yaml is current: its entries are the
// breaking changes of one pull request against the base it names, so each matches
// a change between that base and the spec as it is (an entry of a change merged
// long ago, or undone, fails here), in the short ids; a file with entries names its
// base. The lifecycle: docs/ci.md, "Acknowledging a breaking change".

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { parse, stringify } from 'yaml';
import { ACK_PATH, type AcknowledgementFile, judge, readAcknowledgements } from '../../../spec/diff/acknowledge.js';
import { diffSpecs } from '../../../spec/diff/operations.js';
import { loadSource, readSource } from '../../../spec/diff/source.js';

const SHORT_ID = /^[a-z-]+:[^:]+:[^@]*@[0-9a-f]{8}$/;

/** The entries of an acknowledgements file that match no change between its base and the working copy. */
async function staleEntries(file: AcknowledgementFile): Promise<string[]> {
  if (!file.entries.length) return [];
  const [base, head] = await Promise.all([loadSource(file.base), loadSource(undefined)]);
  return judge(diffSpecs(base.spec, head.spec), file.entries).unused.map((a) => a.id);
}

t.test('the committed file: every entry matches a change from its base, in the short ids', async (t) => {
  const file = readAcknowledgements(ACK_PATH);
  if (file.entries.length) t.ok(file.base, 'a file with entries names its base');
  for (const e of file.entries) t.match(e.id, SHORT_ID, 'short id');
  t.same(await staleEntries(file), [], 'no stale entry against its base');
});

t.test('the check finds an entry of a change that is not between the base and the spec', async (t) => {
  const spec = parse(readSource(undefined).text);
  const schema = spec.components.schemas.Country ?? Object.values(spec.components.schemas)[0];
  schema.properties = { ...(schema.properties ?? {}), gone_field: { type: 'string' } };
  const dir = t.testdir();
  const basePath = join(dir, 'base.yaml');
  writeFileSync(basePath, stringify(spec));
  const [base, head] = await Promise.all([loadSource(basePath), loadSource(undefined)]);
  const real = diffSpecs(base.spec, head.spec).find((c) => c.breaking);
  t.ok(real, 'the base differs from the spec by a breaking change');
  const file: AcknowledgementFile = {
    base: basePath,
    entries: [
      { id: real!.id, reason: 'made in this pull request' },
      { id: 'response-property-removed:POST /gone:response 200 /x@00000000', reason: 'merged long ago' },
    ],
  };
  t.same(await staleEntries(file), ['response-property-removed:POST /gone:response 200 /x@00000000']);
});
