// spec:diff: one pair of small specs per category of change, both directions,
// and the real spec against itself.

import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { stringify } from 'yaml';
import { judge } from '../../spec/diff/acknowledge.js';
import { type Change, diffSpecs } from '../../spec/diff/operations.js';
import { renderDiffMarkdown } from '../../spec/diff/render.js';
import { buildSpec, loadSpec } from '../../spec/load.js';

type Doc = Record<string, any>;

/** A small spec: a public operation, a protected list and an update, sharing a Client component. */
function base(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    servers: [{ url: '{base_url}/api/v1', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }],
    security: [{ bearer: [] }, { apiToken: [] }],
    paths: {
      '/countries/index': {
        post: {
          operationId: 'listCountries',
          security: [],
          parameters: [{ $ref: '#/components/parameters/Platform' }],
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['status'],
                    properties: { status: { type: 'string', enum: ['success'] } },
                  },
                },
              },
            },
          },
        },
      },
      '/client/list': {
        post: {
          operationId: 'listClients',
          'x-subscription-required': true,
          parameters: [{ $ref: '#/components/parameters/Platform' }],
          requestBody: {
            required: false,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    keyword: { type: 'string', maxLength: 100 },
                    sort: { type: 'string', enum: ['name', 'date'] },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['data'],
                    properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Client' } } },
                  },
                },
              },
            },
            '401': {
              description: 'no',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
            },
            '429': {
              description: 'slow',
              headers: { 'Retry-After': { schema: { type: 'integer' } } },
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
            },
          },
        },
      },
      '/client/update': {
        post: {
          operationId: 'updateClient',
          parameters: [{ $ref: '#/components/parameters/Platform' }],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['client_id'],
                  properties: {
                    client_id: { type: 'integer' },
                    name: { type: 'string' },
                    location: { type: ['string', 'null'] },
                    tags: { type: 'array', items: { type: 'string' } },
                    extra: { type: 'object', additionalProperties: { type: 'string' } },
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['message'],
                    properties: { message: { type: 'string', const: 'Client details updated successfully.' } },
                  },
                },
              },
            },
            '401': {
              description: 'no',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
            },
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiToken: { type: 'apiKey', in: 'header', name: 'X-API-Token' },
      },
      parameters: {
        Platform: {
          name: 'platform',
          in: 'header',
          required: true,
          schema: { type: 'string', enum: ['WEB', 'IOS', 'ANDROID'] },
        },
      },
      schemas: {
        ApiError: {
          type: 'object',
          required: ['message', 'status'],
          properties: { message: { type: 'string' }, status: { type: 'integer' } },
        },
        Client: {
          type: 'object',
          required: ['id', 'name', 'lead_source_id'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            lead_source_id: { type: ['integer', 'null'] },
            end_client_known: { type: 'integer', enum: [0, 1] },
          },
        },
      },
    },
  };
}

async function diff(mutate: (d: Doc) => void): Promise<Change[]> {
  const b = base();
  const h = base();
  mutate(h);
  return diffSpecs(await buildSpec(b), await buildSpec(h));
}

const list = (d: Doc) => d.paths['/client/list'].post;
const update = (d: Doc) => d.paths['/client/update'].post;
const client = (d: Doc) => d.components.schemas.Client;

const cases: Array<{ name: string; mutate: (d: Doc) => void; kind: string; breaking: boolean; where?: RegExp }> = [
  {
    name: 'operation removed',
    mutate: (d) => delete d.paths['/client/update'],
    kind: 'operation-removed',
    breaking: true,
  },
  {
    name: 'operation added',
    mutate: (d) =>
      (d.paths['/client/delete'] = {
        post: { operationId: 'deleteClient', responses: { '200': { description: 'ok' } } },
      }),
    kind: 'operation-added',
    breaking: false,
  },
  {
    name: 'path removed',
    mutate: (d) => delete d.paths['/countries/index'],
    kind: 'operation-removed',
    breaking: true,
  },
  {
    name: 'response field removed',
    mutate: (d) => delete client(d).properties.name,
    kind: 'response-property-removed',
    breaking: true,
    where: /response 200 \/data\/\[\]\/name/,
  },
  {
    name: 'response field renamed',
    mutate: (d) => ((client(d).properties.full_name = client(d).properties.name), delete client(d).properties.name),
    kind: 'response-property-removed',
    breaking: true,
  },
  {
    name: 'response field made optional',
    mutate: (d) => (client(d).required = ['id', 'lead_source_id']),
    kind: 'response-property-made-optional',
    breaking: true,
  },
  {
    name: 'response field made required',
    mutate: (d) => client(d).required.push('end_client_known'),
    kind: 'response-property-made-required',
    breaking: false,
  },
  {
    name: 'response type changed',
    mutate: (d) => (client(d).properties.id.type = 'string'),
    kind: 'response-type-changed',
    breaking: true,
  },
  {
    name: 'response type widened to null',
    mutate: (d) => (client(d).properties.name.type = ['string', 'null']),
    kind: 'response-type-changed',
    breaking: true,
  },
  {
    name: 'response type narrowed',
    mutate: (d) => (client(d).properties.lead_source_id.type = 'integer'),
    kind: 'response-type-changed',
    breaking: false,
  },
  {
    name: 'response field added',
    mutate: (d) => (client(d).properties.quote_no = { type: 'string' }),
    kind: 'response-property-added',
    breaking: false,
  },
  {
    name: 'response enum value added',
    mutate: (d) => client(d).properties.end_client_known.enum.push(2),
    kind: 'response-enum-value-added',
    breaking: true,
  },
  {
    name: 'response enum value removed',
    mutate: (d) => (client(d).properties.end_client_known.enum = [1]),
    kind: 'response-enum-value-removed',
    breaking: false,
  },
  {
    name: 'request field newly required',
    mutate: (d) => update(d).requestBody.content['application/json'].schema.required.push('name'),
    kind: 'request-property-made-required',
    breaking: true,
  },
  {
    name: 'new required request field',
    mutate: (d) => {
      const s = update(d).requestBody.content['application/json'].schema;
      s.properties.email = { type: 'string' };
      s.required.push('email');
    },
    kind: 'request-property-added-required',
    breaking: true,
  },
  {
    name: 'new optional request field',
    mutate: (d) => (update(d).requestBody.content['application/json'].schema.properties.city = { type: 'string' }),
    kind: 'request-property-added',
    breaking: false,
  },
  {
    name: 'request field removed',
    mutate: (d) => delete update(d).requestBody.content['application/json'].schema.properties.name,
    kind: 'request-property-removed',
    breaking: false,
  },
  {
    name: 'request type narrowed',
    mutate: (d) => (update(d).requestBody.content['application/json'].schema.properties.location.type = 'string'),
    kind: 'request-type-changed',
    breaking: true,
  },
  {
    name: 'request type widened',
    mutate: (d) => (update(d).requestBody.content['application/json'].schema.properties.name.type = ['string', 'null']),
    kind: 'request-type-changed',
    breaking: false,
  },
  {
    name: 'request enum value removed',
    mutate: (d) => (list(d).requestBody.content['application/json'].schema.properties.sort.enum = ['name']),
    kind: 'request-enum-value-removed',
    breaking: true,
  },
  {
    name: 'request enum value added',
    mutate: (d) => list(d).requestBody.content['application/json'].schema.properties.sort.enum.push('city'),
    kind: 'request-enum-value-added',
    breaking: false,
  },
  {
    name: 'request limit tightened',
    mutate: (d) => (list(d).requestBody.content['application/json'].schema.properties.keyword.maxLength = 20),
    kind: 'request-maxLength-changed',
    breaking: true,
  },
  {
    name: 'request limit loosened',
    mutate: (d) => (list(d).requestBody.content['application/json'].schema.properties.keyword.maxLength = 200),
    kind: 'request-maxLength-changed',
    breaking: false,
  },
  {
    name: 'request body made required',
    mutate: (d) => (list(d).requestBody.required = true),
    kind: 'request-body-made-required',
    breaking: true,
  },
  {
    name: 'success status removed',
    mutate: (d) => ((update(d).responses['201'] = update(d).responses['200']), delete update(d).responses['200']),
    kind: 'success-status-removed',
    breaking: true,
  },
  {
    name: 'error status added',
    mutate: (d) =>
      (update(d).responses['422'] = {
        description: 'bad',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      }),
    kind: 'error-status-added',
    breaking: false,
  },
  {
    name: 'success message changed',
    mutate: (d) =>
      (update(d).responses['200'].content['application/json'].schema.properties.message.const = 'Updated.'),
    kind: 'response-const-changed',
    breaking: true,
  },
  {
    name: 'new required header',
    mutate: (d) =>
      list(d).parameters.push({ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }),
    kind: 'parameter-added-required',
    breaking: true,
    where: /header x-tenant/,
  },
  {
    name: 'new optional query parameter',
    mutate: (d) => list(d).parameters.push({ name: 'trace', in: 'query', schema: { type: 'string' } }),
    kind: 'parameter-added',
    breaking: false,
  },
  {
    name: 'header value removed',
    mutate: (d) => (d.components.parameters.Platform.schema.enum = ['WEB', 'IOS']),
    kind: 'parameter-request-enum-value-removed',
    breaking: true,
  },
  {
    name: 'security tightened',
    mutate: (d) => delete d.paths['/countries/index'].post.security,
    kind: 'security-tightened',
    breaking: true,
  },
  { name: 'security loosened', mutate: (d) => (update(d).security = []), kind: 'security-loosened', breaking: false },
  {
    name: 'subscription now required',
    mutate: (d) => (update(d)['x-subscription-required'] = true),
    kind: 'subscription-now-required',
    breaking: true,
  },
  {
    name: 'error shape changed',
    mutate: (d) => delete d.components.schemas.ApiError.properties.status,
    kind: 'error-shape-response-property-removed',
    breaking: true,
    where: /response 401 \/status/,
  },
  {
    name: 'error header removed',
    mutate: (d) => delete list(d).responses['429'].headers,
    kind: 'response-header-removed',
    breaking: true,
  },
  {
    name: 'regression: a credential alternative removed',
    mutate: (d) => (d.security = [{ bearer: [] }]),
    kind: 'security-alternative-removed',
    breaking: true,
  },
  {
    name: 'a credential alternative added',
    mutate: (d) => (
      (d.components.securitySchemes.cookie = { type: 'apiKey', in: 'cookie', name: 's' }),
      d.security.push({ cookie: [] })
    ),
    kind: 'security-alternative-added',
    breaking: false,
  },
  {
    name: 'regression: a credential header renamed',
    mutate: (d) => (d.components.securitySchemes.apiToken.name = 'X-Token'),
    kind: 'security-scheme-changed',
    breaking: true,
  },
  {
    name: 'regression: request media type changed',
    mutate: (d) =>
      (update(d).requestBody.content = {
        'application/x-www-form-urlencoded': update(d).requestBody.content['application/json'],
      }),
    kind: 'request-media-type-removed',
    breaking: true,
  },
  {
    name: 'regression: a field removed where unknown fields are refused',
    mutate: (d) => {
      const x = update(d).requestBody.content['application/json'].schema;
      x.additionalProperties = false;
      delete x.properties.name;
    },
    kind: 'request-property-removed',
    breaking: true,
  },
  {
    name: 'regression: additionalProperties schema retyped',
    mutate: (d) =>
      (update(d).requestBody.content['application/json'].schema.properties.extra.additionalProperties = {
        type: 'integer',
      }),
    kind: 'request-type-changed',
    breaking: true,
    where: /extra\/\{additional\}/,
  },
  {
    name: 'regression: request minItems added',
    mutate: (d) => (update(d).requestBody.content['application/json'].schema.properties.tags.minItems = 1),
    kind: 'request-minItems-changed',
    breaking: true,
  },
  {
    name: 'regression: request uniqueItems added',
    mutate: (d) => (update(d).requestBody.content['application/json'].schema.properties.tags.uniqueItems = true),
    kind: 'request-uniqueItems-changed',
    breaking: true,
  },
  {
    name: 'regression: request exclusiveMinimum added',
    mutate: (d) => (update(d).requestBody.content['application/json'].schema.properties.client_id.exclusiveMinimum = 0),
    kind: 'request-exclusiveMinimum-changed',
    breaking: true,
  },
  {
    name: 'regression: response items no longer described',
    mutate: (d) => delete list(d).responses['200'].content['application/json'].schema.properties.data.items,
    kind: 'response-items-unconstrained',
    breaking: true,
  },
  {
    name: 'an operation moved to another path is removed there',
    mutate: (d) => {
      d.paths['/user/reset/{code}'] = d.paths['/client/update'];
      delete d.paths['/client/update'];
    },
    kind: 'operation-removed',
    breaking: true,
  },
  {
    name: 'base path changed',
    mutate: (d) => (d.servers[0].url = '{base_url}/api/v2'),
    kind: 'server-base-path-changed',
    breaking: true,
  },
];

for (const c of cases) {
  t.test(c.name, async (t) => {
    const changes = await diff(c.mutate);
    const hit = changes.find((x) => x.kind === c.kind);
    t.ok(hit, `reports ${c.kind}`, { changes });
    t.equal(hit?.breaking, c.breaking, c.breaking ? 'breaking' : 'not breaking');
    if (c.where) t.match(hit?.location, c.where);
    if (!c.breaking)
      t.same(
        changes.filter((x) => x.breaking),
        [],
        'nothing else breaking',
      );
  });
}

t.test('regression: renaming a path parameter is not a removed operation', async (t) => {
  const b = base();
  b.paths['/user/reset/{token}'] = {
    post: {
      operationId: 'reset',
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { '200': { description: 'ok' } },
    },
  };
  const h = structuredClone(b);
  h.paths['/user/reset/{code}'] = h.paths['/user/reset/{token}'];
  h.paths['/user/reset/{code}'].post.parameters[0].name = 'code';
  delete h.paths['/user/reset/{token}'];
  const changes = diffSpecs(await buildSpec(b), await buildSpec(h));
  t.ok(changes.some((c) => c.kind === 'path-parameter-renamed' && !c.breaking));
  t.notOk(changes.some((c) => c.kind === 'operation-removed'));
});

t.test('regression: reordered oneOf branches are not a change', async (t) => {
  const b = base();
  b.components.schemas.Client.properties.lead_source_id = { oneOf: [{ type: 'integer' }, { type: 'null' }] };
  const h = base();
  h.components.schemas.Client.properties.lead_source_id = { oneOf: [{ type: 'null' }, { type: 'integer' }] };
  t.same(diffSpecs(await buildSpec(b), await buildSpec(h)), [], 'same branches, other order');
  h.components.schemas.Client.properties.lead_source_id = { oneOf: [{ type: 'null' }, { type: 'string' }] };
  t.ok(
    diffSpecs(await buildSpec(b), await buildSpec(h)).some((c) => c.breaking),
    'a changed branch still is',
  );
});

t.test('regression: items: {} on an array is no change (Spectral wants it; it constrains nothing)', async (t) => {
  const b = base();
  b.components.schemas.Client.properties.tags = { type: 'array', maxItems: 0 };
  const h = base();
  h.components.schemas.Client.properties.tags = { type: 'array', maxItems: 0, items: {} };
  t.same(diffSpecs(await buildSpec(b), await buildSpec(h)), [], 'an empty items schema');
  h.components.schemas.Client.properties.tags = { type: 'array', maxItems: 0, items: { type: 'string' } };
  t.ok(
    diffSpecs(await buildSpec(b), await buildSpec(h)).length > 0,
    'items that describe something still are a change',
  );
});

t.test('regression: a recursive schema is compared, not refused', async (t) => {
  const b = base();
  b.components.schemas.Node = {
    type: 'object',
    properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
  };
  b.paths['/tree'] = {
    get: {
      operationId: 'tree',
      responses: {
        '200': {
          description: 'ok',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } },
        },
      },
    },
  };
  const h = structuredClone(b);
  delete h.components.schemas.Node.properties.name;
  const changes = diffSpecs(await buildSpec(b, { circular: true }), await buildSpec(h, { circular: true }));
  t.ok(changes.some((c) => c.kind === 'response-property-removed' && c.location === 'response 200 /name'));
});

t.test('regression: an acknowledgement covers only the change it names', async (t) => {
  const toNullable = await diff((d) => (client(d).properties.name.type = ['string', 'null']));
  const toObject = await diff((d) => (client(d).properties.name.type = 'object'));
  const ack = [{ id: toNullable.find((c) => c.breaking)!.id, reason: 'clients handle null' }];
  t.same(judge(toNullable, ack).unacknowledged, []);
  t.equal(
    judge(toObject, ack).unacknowledged.length,
    1,
    'string → object is not covered by the string → null|string acknowledgement',
  );
});

t.test('a change inside a component is reported at every operation it reaches', async (t) => {
  const changes = await diff((d) => delete d.components.schemas.ApiError.properties.message);
  const ops = new Set(
    changes.filter((c) => c.kind === 'error-shape-response-property-removed').map((c) => c.operationId),
  );
  t.same([...ops].sort(), ['listClients', 'updateClient']);
});

t.test('a renamed field carries a hint', async (t) => {
  const changes = await diff(
    (d) => ((client(d).properties.full_name = client(d).properties.name), delete client(d).properties.name),
  );
  t.match(changes.find((c) => c.kind === 'response-property-removed')?.message, /renamed to "full_name"\?/);
});

t.test('acknowledged breaking changes pass; unknown acknowledgements are reported', async (t) => {
  const changes = await diff((d) => delete client(d).properties.name);
  const id = changes.find((c) => c.breaking)!.id;
  const v = judge(changes, [
    { id, reason: 'no client reads name' },
    { id: 'nothing:here', reason: 'old' },
  ]);
  t.same(v.unacknowledged, []);
  t.same(
    v.unused.map((a) => a.id),
    ['nothing:here'],
  );
  const md = renderDiffMarkdown({ base: 'main', head: 'pr', verdict: judge(changes, []) });
  t.match(md, /:x: \*\*1 breaking change\(s\) not acknowledged\*\*/);
  t.match(md, `- id: ${JSON.stringify(id)}`);
});

t.test('the real spec against itself: nothing', async (t) => {
  const spec = await loadSpec();
  t.same(diffSpecs(spec, await loadSpec()), []);
});

t.test('the command: files and git refs, exit codes', async (t) => {
  const dir = t.testdir();
  const b = join(dir, 'base.yaml');
  const h = join(dir, 'head.yaml');
  writeFileSync(b, stringify(base()));
  const changed = base();
  delete changed.components.schemas.Client.properties.name;
  writeFileSync(h, stringify(changed));
  const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const script = fileURLToPath(new URL('../../scripts/spec-diff.ts', import.meta.url));
  const run = (...args: string[]) => {
    try {
      return {
        code: 0,
        out: execFileSync(process.execPath, [tsx, script, ...args], {
          encoding: 'utf8',
          timeout: 60_000,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      };
    } catch (err) {
      const e = err as { status: number; stdout: string; stderr: string };
      return { code: e.status, out: `${e.stdout}${e.stderr}` };
    }
  };
  const breaking = run(b, h, '--format', 'human', '--format', 'json', '--out', join(dir, 'd.json'));
  t.equal(breaking.code, 1);
  t.match(breaking.out, /BREAKING response 200 \/data\/\[\]\/name: "name" is no longer sent/);
  t.equal(run(b, b).code, 0);
  t.equal(run('HEAD', 'HEAD').code, 0, 'git refs');
  const bad = run('no-such-ref-xyz');
  t.equal(bad.code, 2);
  t.match(bad.out, /"no-such-ref-xyz" is neither a file nor a git ref/);
});
