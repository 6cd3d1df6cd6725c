// Where a change lies in the spec as written (for annotations on the pull
// request's diff): through $refs, allOf and the branches to the schema's own
// line; a node HEAD no longer has is shown at its deepest ancestor there.
import { readFileSync } from 'node:fs';
import t from 'tap';
import { annotationLine } from '../../../lib/github-annotations.js';
import { specLines } from '../../../spec/diff/lines.js';
import type { Change } from '../../../spec/diff/operations.js';
import { renderDiffGithub } from '../../../spec/diff/render-github.js';
import { SPEC_PATH } from '../../../spec/load.js';

const text = readFileSync(SPEC_PATH, 'utf8');
const lines = text.split('\n');
const at = specLines(text);
const lineText = (operation: string, location: string) =>
  lines[at.lineOf(at.pointerOf({ operation, location })) - 1]!.trim();

t.test('each kind of location lands on its node’s line', async (t) => {
  const cases: Array<[string, string, RegExp]> = [
    ['POST /client/list', 'operation', /^post:$/],
    ['POST /client/list', 'operationId', /^operationId: listClients$/],
    ['POST /client/list', 'security', /^post:$|^security:/],
    ['POST /client/list', 'request body /keyword', /^keyword:/],
    ['POST /client/list', 'request body /page', /^page:$/],
    ['POST /client/list', 'response 200 /data/data/[]/city', /^city:/],
    ['POST /client/list', 'response 200 /data/data/[]/no_such_field', /^items:/],
    ['POST /client/list', 'response 401 /message', /^message:|^UnauthenticatedError:|^allOf:|^- \$ref/],
    ['POST /client/list', 'response 429 header retry-after', /^Retry-After:$/],
    ['POST /client/list', 'header platform', /^Platform:$/],
    ['POST /client/list', 'response 200', /^'200':$/],
    ['POST /user/signin', 'request body /email', /^email:/],
    ['POST /no/such/operation', 'operation', /^paths:$/],
  ];
  for (const [operation, location, expected] of cases)
    t.match(lineText(operation, location), expected, `${operation} ${location}`);
});

t.test('annotations escape what the runner reads, in data and in properties', async (t) => {
  t.equal(
    annotationLine({ level: 'error', file: 'a,b:c.yaml', line: 3, title: 'x: y, z', message: '100% sure\nnext' }),
    '::error file=a%2Cb%3Ac.yaml,line=3,title=x%3A y%2C z::100%25 sure%0Anext',
  );
  t.equal(annotationLine({ level: 'notice', message: 'plain' }), '::notice::plain');
});

t.test('--format github: a failing change is an error on its line, an acknowledged one a notice', async (t) => {
  const change = (id: string, location: string): Change => ({
    id,
    kind: 'response-property-removed',
    breaking: true,
    operation: 'POST /client/list',
    operationId: 'listClients',
    location,
    message: '"city" is no longer sent',
  });
  const failingOne = change('a', 'response 200 /data/data/[]/city');
  const acked = { ...change('b', 'request body /keyword'), acknowledged: 'no app sends it' };
  const out = renderDiffGithub({
    base: 'b',
    head: 'h',
    verdict: { changes: [failingOne, acked], unacknowledged: [failingOne], unused: [], legacy: [] },
    annotate: { file: 'spec/openapi.yaml', lines: at },
  })
    .trim()
    .split('\n');
  t.equal(out.length, 2);
  const cityLine = lines.findIndex((l) => /^\s+city: \{type: string/.test(l)) + 1;
  t.match(
    out[0],
    new RegExp(`^::error file=spec/openapi.yaml,line=${cityLine},title=Breaking change%3A POST /client/list::`),
  );
  t.match(out[0], /id: a$/);
  t.match(
    out[1],
    /^::notice file=spec\/openapi.yaml,line=\d+,title=Acknowledged breaking change%3A .*acknowledged: no app sends it$/,
  );
});
