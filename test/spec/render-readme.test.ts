import { readFile } from 'node:fs/promises';
import t from 'tap';
import { ENDPOINTS_PATH, GENERATED, README_PATH } from '../../scripts/readme.js';
import { loadSpec } from '../../spec/load.js';
import {
  describePointer,
  renderAssumptions,
  renderEndpoints,
  replaceSection,
  SECTIONS,
} from '../../spec/render-readme.js';

const spec = await loadSpec();

t.test('generated tables are fresh (run `npm run readme` if this fails)', async (t) => {
  const paths = GENERATED.map(([path]) => path);
  t.ok(
    paths.includes(README_PATH) && paths.includes(ENDPOINTS_PATH),
    'the README and docs/endpoints.md are among them',
  );
  for (const [path, render] of GENERATED) {
    const text = await readFile(path, 'utf8');
    t.equal(render(text, spec), text, path);
  }
});

t.test('every operation has a row in the endpoint table', async (t) => {
  const table = renderEndpoints(spec);
  for (const op of spec.operations) t.match(table, `\`${op.method.toUpperCase()} ${op.path}\` | \`${op.operationId}\``);
});

t.test('every assumption is in the table, one row per reason naming each of its places', async (t) => {
  const table = renderAssumptions(spec);
  const reasons = JSON.stringify(spec.raw).match(/"x-assumed-reason":"(?:[^"\\]|\\.)*"/g) ?? [];
  t.equal(table.split('\n').length - 2, new Set(reasons).size, 'a row per distinct reason');
  const rows = table.split('\n').filter((row) => row.includes('responses `ValidationFailed'));
  t.equal(rows.length, 1, 'the 422 of each field shares its row');
  for (const name of ['Email', 'QrCode', 'Page', 'CompanyName', 'ClientId'])
    t.match(rows[0], `responses \`ValidationFailed${name}\``, name);
  t.match(table, /responses `TooManyRequests` → `Retry-After`, responses `TooManyRequests` → `X-RateLimit-Limit`/);
});

t.test('pointers are described in words', async (t) => {
  const cases: Array<[string, string]> = [
    ['/paths/~1user~1signup/post', '`POST /user/signup` (operation)'],
    ['/paths/~1user~1signin/post/responses/401', '`POST /user/signin` response 401'],
    ['/paths/~1countries~1index/post/parameters/2', '`POST /countries/index` parameter `X-API-Token`'],
    ['/components/schemas/ClientPage/properties/from', 'schemas `ClientPage` → `from`'],
    ['/components/responses/TooManyRequests/headers/Retry-After', 'responses `TooManyRequests` → `Retry-After`'],
  ];
  for (const [pointer, words] of cases) t.equal(describePointer(pointer, spec.raw), words, pointer);
});

t.test('a README without the markers is an error, not a silent no-op', async (t) => {
  t.throws(() => replaceSection('no markers here', SECTIONS.endpoints, 'x'), /lacks the markers/);
  const [a, b] = SECTIONS.endpoints;
  t.equal(replaceSection(`x ${a} old ${b} y`, SECTIONS.endpoints, 'new'), `x ${a}\nnew\n${b} y`);
});
