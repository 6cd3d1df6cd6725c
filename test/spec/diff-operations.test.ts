// spec/diff/operations.ts through spec:diff: operations, statuses, parameters,
// security and servers, one small change per row, both directions; and the
// real spec against itself.

import t from 'tap';
import { diffSpecs } from '../../spec/diff/operations.js';
import { buildSpec, loadSpec } from '../../spec/load.js';
import { breaks, checkCases, safe } from '../helpers/diff-cases.js';
import { base, diff, list, update } from '../helpers/diff-fixture.js';

checkCases([
  breaks('operation removed', 'operation-removed', (d) => delete d.paths['/client/update']),
  safe(
    'operation added',
    'operation-added',
    (d) =>
      (d.paths['/client/delete'] = {
        post: { operationId: 'deleteClient', responses: { '200': { description: 'ok' } } },
      }),
  ),
  breaks('path removed', 'operation-removed', (d) => delete d.paths['/countries/index']),
  breaks('request body made required', 'request-body-made-required', (d) => (list(d).requestBody.required = true)),
  breaks(
    'success status removed',
    'success-status-removed',
    (d) => ((update(d).responses['201'] = update(d).responses['200']), delete update(d).responses['200']),
  ),
  safe(
    'error status added',
    'error-status-added',
    (d) =>
      (update(d).responses['422'] = {
        description: 'bad',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      }),
  ),
  breaks(
    'new required header',
    'parameter-added-required',
    (d) => list(d).parameters.push({ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }),
    /header x-tenant/,
  ),
  safe('new optional query parameter', 'parameter-added', (d) =>
    list(d).parameters.push({ name: 'trace', in: 'query', schema: { type: 'string' } }),
  ),
  breaks(
    'header value removed',
    'parameter-request-enum-value-removed',
    (d) => (d.components.parameters.Platform.schema.enum = ['WEB', 'IOS']),
  ),
  breaks('security tightened', 'security-tightened', (d) => delete d.paths['/countries/index'].post.security),
  safe('security loosened', 'security-loosened', (d) => (update(d).security = [])),
  breaks(
    'subscription now required',
    'subscription-now-required',
    (d) => (update(d)['x-subscription-required'] = true),
  ),
  breaks(
    'error shape changed',
    'error-shape-response-property-removed',
    (d) => delete d.components.schemas.ApiError.properties.status,
    /response 401 \/status/,
  ),
  breaks('error header removed', 'response-header-removed', (d) => delete list(d).responses['429'].headers),
  breaks(
    'regression: a credential alternative removed',
    'security-alternative-removed',
    (d) => (d.security = [{ bearer: [] }]),
  ),
  safe(
    'a credential alternative added',
    'security-alternative-added',
    (d) => (
      (d.components.securitySchemes.cookie = { type: 'apiKey', in: 'cookie', name: 's' }),
      d.security.push({ cookie: [] })
    ),
  ),
  breaks(
    'regression: a credential header renamed',
    'security-scheme-changed',
    (d) => (d.components.securitySchemes.apiToken.name = 'X-Token'),
  ),
  breaks(
    'regression: request media type changed',
    'request-media-type-removed',
    (d) =>
      (update(d).requestBody.content = {
        'application/x-www-form-urlencoded': update(d).requestBody.content['application/json'],
      }),
  ),
  breaks('an operation moved to another path is removed there', 'operation-removed', (d) => {
    d.paths['/user/reset/{code}'] = d.paths['/client/update'];
    delete d.paths['/client/update'];
  }),
  breaks('base path changed', 'server-base-path-changed', (d) => (d.servers[0].url = '{base_url}/api/v2')),
]);

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

t.test('a change inside a component is reported at every operation it reaches', async (t) => {
  const changes = await diff((d) => delete d.components.schemas.ApiError.properties.message);
  const ops = new Set(
    changes.filter((c) => c.kind === 'error-shape-response-property-removed').map((c) => c.operationId),
  );
  t.same([...ops].sort(), ['listClients', 'updateClient']);
});

t.test('the real spec against itself: nothing', async (t) => {
  const spec = await loadSpec();
  t.same(diffSpecs(spec, await loadSpec()), []);
});
