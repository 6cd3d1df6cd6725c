// spec/openapi.yaml as a document: valid OpenAPI 3.1, strict schemas, the
// server, valid examples everywhere, marked assumptions and shared components.

import { Validator } from '@seriousme/openapi-schema-validator';
import t from 'tap';
import { ajv, spec } from '../helpers/loaded-spec.js';
import { walk } from '../helpers/schema-walk.js';
import * as facts from './document-facts.js';

t.test('the document is valid OpenAPI 3.1 (official schema)', async (t) => {
  const result = await new Validator().validate(structuredClone(spec.raw));
  t.same(result.errors ?? [], [], 'no schema errors');
  t.ok(result.valid);
  t.match(spec.raw.openapi, /^3\.1\.\d+$/);
});

t.test('every schema compiles in strict mode', async (t) => {
  for (const op of spec.operations) {
    if (op.requestBody) t.doesNotThrow(() => ajv.compile(op.requestBody!.schema), `${op.operationId} request`);
    for (const r of Object.values(op.responses)) {
      if (r.schema) t.doesNotThrow(() => ajv.compile(r.schema!), `${op.operationId} ${r.status}`);
    }
  }
});

t.test('server is {base_url}/api/v1 with a local default', async (t) => {
  const server = spec.raw.servers?.[0];
  t.equal(server?.url, facts.serverUrl);
  t.equal(server?.variables?.base_url?.default, 'http://127.0.0.1:4010');
  t.equal(spec.basePath, '/api/v1');
});

t.test('every response has an example, and every example is valid', async (t) => {
  for (const op of spec.operations) {
    if (op.requestBody) {
      t.ok(op.requestBody.examples.length > 0, `${op.operationId} request example`);
      for (const ex of op.requestBody.examples)
        t.ok(ajv.validate(op.requestBody.schema, ex), `${op.operationId} request example is valid`);
    }
    for (const r of Object.values(op.responses)) {
      t.ok(r.examples.length > 0, `${op.operationId} ${r.status} example`);
      for (const ex of r.examples) {
        const ok = ajv.validate(r.schema!, ex);
        t.ok(ok, `${op.operationId} ${r.status} example is valid`, { errors: ajv.errors });
      }
    }
  }
});

t.test('every x-assumed is true and carries a one-line reason', async (t) => {
  let count = 0;
  for (const [pointer, node] of walk(spec.raw)) {
    const has = 'x-assumed' in node;
    const reason = node['x-assumed-reason'];
    if (!has && reason === undefined) continue;
    count++;
    t.equal(node['x-assumed'], true, `${pointer} x-assumed: true`);
    t.ok(typeof reason === 'string' && reason.length > 10 && !reason.includes('\n'), `${pointer} one-line reason`);
  }
  t.ok(count > 20, `${count} assumptions are marked`);
});

t.test('shared shapes are components reused through $ref', async (t) => {
  const names = Object.keys(spec.raw.components.schemas);
  for (const n of [
    'Client',
    'ClientPage',
    'RoomEntry',
    'Country',
    'Plan',
    'AdminRoomType',
    'MeasurementType',
    'CompanyUser',
  ]) {
    t.ok(names.includes(n), n);
  }
  const text = JSON.stringify(spec.raw.paths);
  t.ok(
    (text.match(/#\/components\/schemas\/ClientPage/g) ?? []).length >= 2,
    'the paged envelope is referenced, not copied',
  );
  const schemasInPaths = [...walk(spec.raw.paths)].filter(([p]) => /\/schema($|\/)/.test(p)).map(([, n]) => n);
  t.notOk(
    schemasInPaths.some((n) => n.properties && 'billing_zip_code' in (n.properties as object)),
    'no inline copy of the client fields in any path',
  );
  t.ok(
    schemasInPaths.some((n) => n.$ref === '#/components/schemas/ClientUpdateRequest'),
    'the update body is a $ref',
  );
});
