// spec/diff/schema.ts through spec:diff: one small change to a request or
// response schema per row, both directions.

import t from 'tap';
import { diffSpecs } from '../../spec/diff/operations.js';
import { buildSpec } from '../../spec/load.js';
import { breaks, checkCases, safe } from '../helpers/diff-cases.js';
import { base, client, diff, list, listBody, update, updateBody } from '../helpers/diff-fixture.js';

checkCases([
  breaks(
    'response field removed',
    'response-property-removed',
    (d) => delete client(d).properties.name,
    /response 200 \/data\/\[\]\/name/,
  ),
  breaks(
    'response field renamed',
    'response-property-removed',
    (d) => ((client(d).properties.full_name = client(d).properties.name), delete client(d).properties.name),
  ),
  breaks(
    'response field made optional',
    'response-property-made-optional',
    (d) => (client(d).required = ['id', 'lead_source_id']),
  ),
  safe('response field made required', 'response-property-made-required', (d) =>
    client(d).required.push('end_client_known'),
  ),
  breaks('response type changed', 'response-type-changed', (d) => (client(d).properties.id.type = 'string')),
  breaks(
    'response type widened to null',
    'response-type-changed',
    (d) => (client(d).properties.name.type = ['string', 'null']),
  ),
  safe(
    'response type narrowed',
    'response-type-changed',
    (d) => (client(d).properties.lead_source_id.type = 'integer'),
  ),
  safe('response field added', 'response-property-added', (d) => (client(d).properties.quote_no = { type: 'string' })),
  breaks('response enum value added', 'response-enum-value-added', (d) =>
    client(d).properties.end_client_known.enum.push(2),
  ),
  safe(
    'response enum value removed',
    'response-enum-value-removed',
    (d) => (client(d).properties.end_client_known.enum = [1]),
  ),
  breaks('request field newly required', 'request-property-made-required', (d) => updateBody(d).required.push('name')),
  breaks('new required request field', 'request-property-added-required', (d) => {
    const s = updateBody(d);
    s.properties.email = { type: 'string' };
    s.required.push('email');
  }),
  safe(
    'new optional request field',
    'request-property-added',
    (d) => (updateBody(d).properties.city = { type: 'string' }),
  ),
  safe('request field removed', 'request-property-removed', (d) => delete updateBody(d).properties.name),
  breaks('request type narrowed', 'request-type-changed', (d) => (updateBody(d).properties.location.type = 'string')),
  safe(
    'request type widened',
    'request-type-changed',
    (d) => (updateBody(d).properties.name.type = ['string', 'null']),
  ),
  breaks(
    'request enum value removed',
    'request-enum-value-removed',
    (d) => (listBody(d).properties.sort.enum = ['name']),
  ),
  safe('request enum value added', 'request-enum-value-added', (d) => listBody(d).properties.sort.enum.push('city')),
  breaks(
    'request limit tightened',
    'request-maxLength-changed',
    (d) => (listBody(d).properties.keyword.maxLength = 20),
  ),
  safe('request limit loosened', 'request-maxLength-changed', (d) => (listBody(d).properties.keyword.maxLength = 200)),
  breaks(
    'success message changed',
    'response-const-changed',
    (d) => (update(d).responses['200'].content['application/json'].schema.properties.message.const = 'Updated.'),
  ),
  breaks('regression: a field removed where unknown fields are refused', 'request-property-removed', (d) => {
    const x = updateBody(d);
    x.additionalProperties = false;
    delete x.properties.name;
  }),
  breaks(
    'regression: additionalProperties schema retyped',
    'request-type-changed',
    (d) => (updateBody(d).properties.extra.additionalProperties = { type: 'integer' }),
    /extra\/\{additional\}/,
  ),
  breaks(
    'regression: request minItems added',
    'request-minItems-changed',
    (d) => (updateBody(d).properties.tags.minItems = 1),
  ),
  breaks(
    'regression: request uniqueItems added',
    'request-uniqueItems-changed',
    (d) => (updateBody(d).properties.tags.uniqueItems = true),
  ),
  breaks(
    'regression: request exclusiveMinimum added',
    'request-exclusiveMinimum-changed',
    (d) => (updateBody(d).properties.client_id.exclusiveMinimum = 0),
  ),
  breaks(
    'regression: response items no longer described',
    'response-items-unconstrained',
    (d) => delete list(d).responses['200'].content['application/json'].schema.properties.data.items,
  ),
]);

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

t.test('a renamed field carries a hint', async (t) => {
  const changes = await diff(
    (d) => ((client(d).properties.full_name = client(d).properties.name), delete client(d).properties.name),
  );
  t.match(changes.find((c) => c.kind === 'response-property-removed')?.message, /renamed to "full_name"\?/);
});
