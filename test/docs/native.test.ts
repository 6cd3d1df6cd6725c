// docs/native.md tells an app team what a Swift or Kotlin client generated
// from the spec meets. These hold what it says of the spec, so a spec change
// that would make it untrue (a union site, an operation without a usable
// name) fails here until the page is updated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const page = readFileSync(join(ROOT, 'docs/native.md'), 'utf8');
const spec = parse(readFileSync(join(ROOT, 'spec/openapi.yaml'), 'utf8')) as Record<string, unknown>;

const pointerPart = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every `oneOf` and `anyOf` of the document, as the JSON pointer of the schema that holds it. */
function unionSites(node: unknown, at = '', found: string[] = []): string[] {
  if (!node || typeof node !== 'object') return found;
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) found.push(at);
    unionSites(value, `${at}/${pointerPart(key)}`, found);
  }
  return found;
}

// Reserved words of either language that an operationId could collide with as a method name.
const RESERVED = new Set(
  'as break case catch class continue default defer do else enum extension false fun func guard if import in init interface is let nil null object operator package private protocol public repeat return self static struct super switch this throw true try typealias val var when where while'.split(
    ' ',
  ),
);

t.test('the page says which OpenAPI version the spec is', async (t) => {
  t.equal(spec.openapi, '3.1.0');
  t.match(page, /OpenAPI \*\*3\.1\.0\*\*/);
});

t.test('every operation has a unique operationId usable as a Swift and Kotlin method name', async (t) => {
  const ids: string[] = [];
  for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, { operationId?: string }>>))
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      t.type(op.operationId, 'string', `${method} ${path} has an operationId`);
      ids.push(op.operationId ?? '');
    }
  t.ok(ids.length > 20, 'the spec has its operations');
  t.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  for (const id of ids) {
    t.match(id, /^[a-z][A-Za-z0-9]*$/, `${id} is a lowerCamel identifier`);
    t.notOk(RESERVED.has(id), `${id} is not a reserved word`);
  }
});

t.test("the page's table lists exactly the spec's union sites", async (t) => {
  const listed = [...page.matchAll(/^\| `(\/[^`]+)` \|/gm)].map((m) => m[1]);
  t.same([...listed].sort(), unionSites(spec).sort());
});
