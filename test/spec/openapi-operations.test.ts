// spec/openapi.yaml against section 4 of the interface document: the table in
// document-facts.ts is walked against the parsed spec, operation by operation
// and field by field.

import t, { type Test } from 'tap';
import { type JsonSchema, successStatus } from '../../spec/load.js';
import { ajv, find, jsonSchemaOf, spec } from '../helpers/loaded-spec.js';
import { descriptions, expand, fieldAt, isAssumed, viewTypes } from '../helpers/schema-walk.js';
import * as facts from './document-facts.js';

t.test('every operation of the document, with id, tag and summary', async (t) => {
  const tagNames = new Set((spec.raw.tags ?? []).map((x: { name: string }) => x.name));
  for (const [label, fact] of Object.entries(facts.operations)) {
    const op = find(fact.method, fact.path);
    if (!op) {
      t.fail(`${label}: ${fact.method.toUpperCase()} ${fact.path} is missing`);
      continue;
    }
    t.match(op.operationId, /^[a-z][A-Za-z]+$/, `${fact.path} has an operationId`);
    t.equal(op.tags.length, 1, `${fact.path} has one tag`);
    t.ok(tagNames.has(op.tags[0]), `${fact.path} tag is declared`);
    t.ok(op.summary.length > 0, `${fact.path} has a summary`);
    t.equal(op.isPublic, fact.public, `${fact.path} is ${fact.public ? 'public' : 'protected'}`);
    if (facts.methodNotShown.has(fact.path)) t.ok(op.assumed, `${fact.path}: its method is not shown, so x-assumed`);
  }
  const documented = new Set(Object.values(facts.operations).map((f) => `${f.method} ${f.path}`));
  for (const op of spec.operations) {
    if (!documented.has(`${op.method} ${op.path}`))
      t.ok(op.assumed, `${op.operationId} is not in the document, so x-assumed`);
  }
  t.equal(new Set(spec.operations.map((o) => o.operationId)).size, spec.operations.length, 'operationIds are unique');
});

function checkField(t: Test, root: JsonSchema, where: string, f: facts.FieldFact): void {
  const view = fieldAt(root, f.at);
  if (!view) {
    t.fail(`${where} ${f.at} is missing`);
    return;
  }
  const want = new Set(f.type.split('|'));
  const got = viewTypes(view) ?? new Set<string>();
  const same = want.size === got.size && [...want].every((x) => got.has(x));
  const widenedWithMark = [...want].every((x) => got.has(x)) && isAssumed(view);
  t.ok(same || widenedWithMark, `${where} ${f.at}: ${f.type} (spec: ${[...got].join('|')})`);
  if (f.required !== undefined) t.equal(view.required, f.required, `${where} ${f.at} required=${f.required}`);
  for (const word of f.note ?? []) t.match(descriptions(view), word.toLowerCase(), `${where} ${f.at} note "${word}"`);
  if (f.enum) {
    const enums = view.schemas.flatMap(expand).find((x) => Array.isArray(x.enum))?.enum;
    t.same(enums, f.enum, `${where} ${f.at} values`);
  }
  if (f.format) {
    t.ok(
      view.schemas.flatMap(expand).some((x) => x.format === f.format),
      `${where} ${f.at} format ${f.format}`,
    );
  }
}

t.test('every request and response field, its type, required flag and note', async (t) => {
  for (const [label, fact] of Object.entries(facts.operations)) {
    const op = find(fact.method, fact.path);
    if (!op) continue;
    for (const f of fact.request ?? []) {
      if (!op.requestBody) {
        t.fail(`${label} has no request body`);
        break;
      }
      checkField(t, op.requestBody.schema, `${label} request`, f);
    }
    for (const f of fact.response ?? []) checkField(t, jsonSchemaOf(op, '200'), `${label} 200`, f);
  }
});

t.test('the series form carries every field of the document, spelled exactly', async (t) => {
  const op = find('post', '/measurements/series_window_with_draperies_add_edit')!;
  const names = new Set(
    expand(op.requestBody!.schema).flatMap((x) => Object.keys((x.properties as object | undefined) ?? {})),
  );
  for (const name of facts.seriesFieldNames) t.ok(names.has(name), name);
  t.ok(facts.seriesFieldNames.length >= 77, `${facts.seriesFieldNames.length} form-specific fields`);
});

t.test('success texts are encoded and exemplified', async (t) => {
  for (const [label, fact] of Object.entries(facts.operations)) {
    const op = find(fact.method, fact.path);
    if (!op || !(fact.successMessage || fact.successStatus)) continue;
    const status = successStatus(op);
    const [key, text] = fact.successMessage ? ['message', fact.successMessage] : ['status', fact.successStatus];
    const view = fieldAt(jsonSchemaOf(op, status), key)!;
    t.ok(
      view.schemas.flatMap(expand).some((x) => x.const === text),
      `${label} ${key} is const "${text}"`,
    );
    t.equal((op.responses[status]!.examples[0] as Record<string, unknown>)[key], text, `${label} example says it`);
  }
});

t.test("the document's oddities are kept", async (t) => {
  const list = find('post', '/client/list')!;
  t.equal((list.responses['200']!.examples[0] as any).data.per_page, 20, 'per_page 20 in the sample');
  t.equal((list.requestBody!.examples[0] as any).limit, 10, 'limit 10 in the sample request');
  const listed = fieldAt(list.responses['200']!.schema!, 'data.data[].end_client_known')!;
  t.same([...viewTypes(listed)!], ['integer']);
  // The document's type (boolean) stays; Laravel's 1/0/"1"/"0" are an x-assumed alternative.
  const update = spec.raw.components.schemas.ClientUpdateRequest.properties.end_client_known;
  t.same(update.anyOf[0], { type: 'boolean' });
  t.equal(update.anyOf[1]['x-assumed'], true);
  const byClient = find('post', '/room/get-by-client-id')!;
  t.ok(
    ajv.validate(byClient.responses['200']!.schema!, null),
    'room/get-by-client-id may answer null, as the sample does',
  );
});

t.test('client created_at is a UTC timestamp with microseconds and a trailing Z', async (t) => {
  const created = fieldAt(find('post', '/client/list')!.responses['200']!.schema!, 'data.data[].created_at')!;
  const validate = ajv.compile(created.schemas[0]!);
  t.ok(validate('2026-11-02T14:50:12.345678Z'));
  t.notOk(validate('2026-11-02T14:50:12Z'), 'no microseconds');
  t.notOk(validate('2026-11-02T14:50:12.345678+01:00'), 'not UTC with Z');
});
