// The mock's error codes are documented, as Fastify checks its Errors.md: every
// code of the catalogue is in docs/mock.md, and every code the docs name is one
// the mock can send or a library can throw (a renamed or removed code leaves no
// stale mention).
import { readdir, readFile } from 'node:fs/promises';
import t from 'tap';
import { ContractOptionsError } from '../../contracts/options-error.js';
import { errorCatalogue } from '../../mock/errors.js';
import { MockOptionsError } from '../../mock/options.js';
import { ProxyOptionsError } from '../../proxy/options.js';
import { MOCK_DOC_PATH, renderErrorCodes, renderMockDoc } from '../../scripts/readme-errors.js';
import { loadSpec } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

const ROOT = new URL('../../', import.meta.url);
const codesIn = (text: string) => new Set(text.match(/\bMCS_ERR_[A-Z_]+\b/g) ?? []);

t.test('the table in docs/mock.md is fresh (run `npm run readme` if this fails)', async (t) => {
  const text = await readFile(MOCK_DOC_PATH, 'utf8');
  // A drift gate: the table is made from the spec as it is (npm run readme), learnt points included.
  t.equal(renderMockDoc(text, await loadSpec()), text);
});

t.test('every code of the catalogue is in docs/mock.md, and every code there is in the catalogue', async (t) => {
  const catalogue = new Set(Object.values(errorCatalogue(await spec())).map((e) => e.code));
  const documented = codesIn(await readFile(MOCK_DOC_PATH, 'utf8'));
  t.same(
    [...catalogue].filter((c) => !documented.has(c)),
    [],
    'no code left undocumented',
  );
  t.same(
    [...documented].filter((c) => !catalogue.has(c)),
    [],
    'no code documented that the mock lacks',
  );
});

/** The libraries' option errors (thrown, never answered): documented in docs/package.md. */
const LIBRARY_CODES = [MockOptionsError.code, ContractOptionsError.code, ProxyOptionsError.code];

t.test('every library error code is documented in docs/package.md', async (t) => {
  const documented = codesIn(await readFile(new URL('docs/package.md', ROOT), 'utf8'));
  for (const code of LIBRARY_CODES) t.ok(documented.has(code), code);
});

t.test('the README and the other docs name only codes the toolkit has', async (t) => {
  const catalogue = new Set([...Object.values(errorCatalogue(await spec())).map((e) => e.code), ...LIBRARY_CODES]);
  const docs = (await readdir(new URL('docs/', ROOT), { recursive: true })).filter((f) => f.endsWith('.md'));
  for (const file of ['README.md', ...docs.map((f) => `docs/${f}`)]) {
    const named = codesIn(await readFile(new URL(file, ROOT), 'utf8'));
    t.same(
      [...named].filter((c) => !catalogue.has(c)),
      [],
      file,
    );
  }
});

t.test('the table gives each code its status, shape and meaning, by status', async (t) => {
  const table = renderErrorCodes(errorCatalogue(await spec()));
  const rows = table.split('\n').slice(2);
  t.equal(rows.length, Object.keys(errorCatalogue(await spec())).length, 'one row per code');
  t.match(table, '| `MCS_ERR_UNAUTHENTICATED` | 401 | `{message, status}` | A protected operation without a token');
  t.match(table, '| `MCS_ERR_VALIDATION` | 422 | `{message, status, errors}` |');
  t.match(table, '| `MCS_ERR_AWNING_NOT_FOUND` | 404 | `{status: "error", message}` |');
  t.match(table, "| `MCS_ERR_FORCED` | the forced one | the documented response's example |");
  const statuses = rows.map((r) => Number(r.split(' | ')[1]) || 999);
  t.same(
    statuses,
    [...statuses].sort((a, b) => a - b),
    'ordered by status, the forced one last',
  );
});
