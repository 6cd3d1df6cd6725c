// spec/openapi.yaml against the interface document: the table in
// document-facts.ts is walked against the parsed spec, fact by fact.

import { Validator } from '@seriousme/openapi-schema-validator';
import t, { type Test } from 'tap';
import { createAjv } from '../../spec/ajv.js';
import { type JsonSchema, loadSpec, type OperationEntry, successStatus } from '../../spec/load.js';
import { descriptions, expand, fieldAt, isAssumed, viewTypes, walk } from '../helpers/schema-walk.js';
import * as facts from './document-facts.js';

const spec = await loadSpec();
const ajv = createAjv();

const find = (method: string, path: string): OperationEntry | undefined =>
  spec.operations.find((o) => o.method === method && o.path === path);

const jsonSchemaOf = (op: OperationEntry, status: string): JsonSchema => {
  const schema = op.responses[status]?.schema;
  if (!schema) throw new Error(`${op.operationId} ${status} has no JSON schema`);
  return schema;
};

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

t.test('platform header on every operation; api-key documented on every operation', async (t) => {
  for (const op of spec.operations) {
    const platform = op.parameters.find((p) => p.in === 'header' && p.name === 'platform');
    t.ok(platform?.required, `${op.operationId} requires platform`);
    t.same(platform?.schema.enum, facts.platformValues, `${op.operationId} platform values`);
    t.ok(
      op.parameters.some((p) => p.in === 'header' && p.name === 'api-key'),
      `${op.operationId} api-key`,
    );
  }
});

t.test('bearer and X-API-Token are alternative schemes on protected operations', async (t) => {
  const schemes = spec.document.components.securitySchemes;
  const bearer = Object.entries<any>(schemes).find(([, s]) => s.type === 'http' && s.scheme === 'bearer');
  const header = Object.entries<any>(schemes).find(
    ([, s]) => s.type === 'apiKey' && s.in === 'header' && s.name === 'X-API-Token',
  );
  t.ok(bearer && header, 'both schemes are declared');
  for (const op of spec.operations) {
    const rawOp = spec.raw.paths[op.path][op.method];
    const security: Array<Record<string, unknown>> = rawOp.security ?? spec.raw.security;
    if (op.isPublic) {
      t.same(security, [], `${op.operationId} is open`);
      continue;
    }
    t.same(
      security.map((r) => Object.keys(r)),
      [[bearer![0]], [header![0]]],
      `${op.operationId}: either scheme alone suffices`,
    );
  }
});

t.test('both error shapes are components', async (t) => {
  const schemas = Object.values<any>(spec.document.components.schemas);
  const apiError = schemas.find(
    (s) => s.type === 'object' && s.properties?.message?.type === 'string' && s.properties?.status?.type === 'integer',
  );
  t.ok(apiError, '{message: string, status: integer}');
  t.same(apiError?.required?.slice().sort(), ['message', 'status']);
  const statusError = schemas.find(
    (s) => s.properties?.status?.const === 'error' && s.properties?.message?.type === 'string',
  );
  t.ok(statusError, '{status: "error", message: string}');
  t.same(statusError?.required?.slice().sort(), ['message', 'status']);
});

t.test('401, 403 and 429 wherever they can happen, with the exact messages', async (t) => {
  const accepts = (schema: JsonSchema, body: unknown) => ajv.validate(schema, body);
  for (const op of spec.operations) {
    const r429 = op.responses['429'];
    t.ok(r429, `${op.operationId} documents 429`);
    if (r429) {
      t.ok(accepts(r429.schema!, { message: facts.errorMessages[429], status: 429 }), `${op.operationId} 429 shape`);
      t.notOk(accepts(r429.schema!, { message: 'Slow down', status: 429 }), `${op.operationId} 429 exact text`);
      t.ok(r429.headers['retry-after'], `${op.operationId} 429 Retry-After`);
    }
    const r401 = op.responses['401'];
    if (!op.isPublic) {
      t.ok(r401, `${op.operationId} documents 401`);
      if (r401) {
        t.ok(accepts(r401.schema!, { message: facts.errorMessages[401], status: 401 }), `${op.operationId} 401 shape`);
        t.notOk(accepts(r401.schema!, { message: 'Unauthorized.', status: 401 }), `${op.operationId} 401 exact text`);
      }
    }
    const r403 = op.responses['403'];
    if (op.subscriptionRequired) {
      t.ok(r403, `${op.operationId} needs a plan, so documents 403`);
      if (r403) {
        t.ok(accepts(r403.schema!, { message: facts.errorMessages[403], status: 403 }), `${op.operationId} 403 shape`);
        t.notOk(accepts(r403.schema!, { message: 'Forbidden', status: 403 }), `${op.operationId} 403 exact text`);
      }
    } else {
      t.notOk(r403, `${op.operationId} is open to users without a plan`);
    }
  }
});

t.test('the {status: "error"} failures of awning, countries and plans', async (t) => {
  for (const { path, message } of facts.statusErrorFailures) {
    const op = spec.operations.find((o) => o.path === path)!;
    const carrier = Object.values(op.responses).find((r) =>
      r.examples.some((e) => (e as Record<string, unknown>)?.message === message),
    );
    t.ok(carrier, `${path} has a response exemplifying "${message}"`);
    t.ok(
      carrier?.schema && ajv.validate(carrier.schema, { status: 'error', message }),
      `${path} in the {status: "error"} shape`,
    );
    t.notOk(
      carrier?.schema && ajv.validate(carrier.schema, { message, status: 422 }),
      `${path} not in the other shape`,
    );
  }
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

t.test('the token life cycle of sections 3 and 5 is stated', async (t) => {
  const text =
    `${spec.raw.info.description} ${spec.raw.components.securitySchemes.bearerAuth.description}`.toLowerCase();
  for (const fact of [
    'do not expire',
    'password change',
    'logout',
    'deactivation',
    'security breach',
    'several devices',
  ])
    t.match(text, fact);
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
