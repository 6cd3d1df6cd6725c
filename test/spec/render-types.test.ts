import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { SPEC_PATH } from '../../spec/load.js';
import { checkTypes, renderTypes, TYPES_HEADER, TYPES_PATH } from '../../spec/render-types.js';

t.test('committed types match the spec (run `npm run types` if this fails)', async (t) => {
  const status = await checkTypes();
  t.same(status, { fresh: true });
});

t.test('generated file carries the do-not-edit header', async (t) => {
  const text = await readFile(TYPES_PATH, 'utf8');
  t.ok(text.startsWith(TYPES_HEADER));
  t.match(text, /"\/client\/list": \{/);
  t.match(text, /"middle_a-b_width"\?: components\["schemas"\]\["VarcharString"\];/);
});

t.test('a change to the spec makes the committed types stale', async (t) => {
  const dir = t.testdir();
  const spec = (await readFile(SPEC_PATH, 'utf8')).replace(
    '        quote_no: {type: string, description: may be empty}',
    '        quote_no: {type: string, description: may be empty}\n        quote_total: {type: number}',
  );
  const changed = join(dir, 'openapi.yaml');
  await writeFile(changed, spec);
  const status = await checkTypes(changed);
  t.equal(status.fresh, false);
  if (!status.fresh) t.match(status.reason, /differs from the spec from line \d+/);
  t.match(await renderTypes(changed), /quote_total\?: number/);
});

t.test('a missing types file is reported, not thrown', async (t) => {
  const status = await checkTypes(SPEC_PATH, join(t.testdir(), 'nope.ts'));
  t.same(status, { fresh: false, reason: `${join(t.testdir(), 'nope.ts')} is missing` });
});
