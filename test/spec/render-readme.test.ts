import { readFile } from 'node:fs/promises';
import t from 'tap';
import { ENDPOINTS_PATH, README_PATH, renderEndpointsDoc, renderReadme } from '../../scripts/readme.js';
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
  const readme = await readFile(README_PATH, 'utf8');
  t.equal(renderReadme(readme, spec), readme, 'README.md: the assumptions');
  const endpoints = await readFile(ENDPOINTS_PATH, 'utf8');
  t.equal(renderEndpointsDoc(endpoints, spec), endpoints, 'docs/endpoints.md');
});

t.test('every operation has a row in the endpoint table', async (t) => {
  const table = renderEndpoints(spec);
  for (const op of spec.operations) t.match(table, `\`${op.method.toUpperCase()} ${op.path}\` | \`${op.operationId}\``);
});

t.test('every assumption has a row, with its reason', async (t) => {
  const table = renderAssumptions(spec);
  const reasons = JSON.stringify(spec.raw).match(/"x-assumed-reason":"/g)?.length ?? 0;
  t.equal(table.split('\n').length - 2, reasons);
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
