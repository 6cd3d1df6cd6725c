// What a request body sent that its operation does not document (issue 29):
// read from the schema, at every depth, through allOf/anyOf/oneOf, open maps
// left alone; bounded; and every operation of the spec covered.
import t from 'tap';
import { IGNORED_FIELDS_ASSUMPTION, ignoredFields, ignoredFieldsOf, MAX_IGNORED } from '../../spec/ignored-fields.js';
import { spec } from '../helpers/mock.js';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    rooms: {
      type: 'array',
      items: {
        allOf: [
          { type: 'object', properties: { width: { type: 'number' } } },
          { type: 'object', properties: { height: { type: 'number' } } },
        ],
      },
    },
    map: { type: 'object', additionalProperties: { type: 'string' } },
    free: { type: 'object' },
    custom: {
      oneOf: [
        { type: 'object', additionalProperties: true },
        { type: 'array', items: {} },
      ],
    },
    either: { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'integer' } } }] },
  },
};

t.test('nested fields, arrays and branches: each undocumented one, with its place', async (t) => {
  const found = ignoredFields(schema, {
    name: 'x',
    nmae: 'typo',
    rooms: [{ width: 1, height: 2 }, { widht: 3 }],
    map: { any: 'v' },
    free: { z: 1 },
    custom: { k: 'v' },
    either: { a: 1, b: 2 },
    'odd name': 1,
  });
  t.same(
    found.fields.map((f) => [f.path, f.pointer]),
    [
      ['nmae', '/nmae'],
      ['rooms[1].widht', '/rooms/1/widht'],
      ['either.b', '/either/b'],
      ['["odd name"]', '/odd name'],
    ],
  );
  t.equal(found.count, 4);
  t.same(ignoredFields(schema, { name: 'x', rooms: [{ width: 1 }], map: { a: 'b' } }).fields, [], 'none');
  t.same(ignoredFields(schema, 'text').fields, [], 'not an object: nothing to say');
});

t.test('bounded: the first MAX_IGNORED described, the rest counted in one line', async (t) => {
  const loaded = await spec();
  const body = Object.fromEntries(Array.from({ length: MAX_IGNORED + 5 }, (_, i) => [`x${i}`, i]));
  const found = ignoredFieldsOf(loaded)('listClients', body);
  t.equal(found.length, MAX_IGNORED + 1);
  t.equal(found.at(-1)!.message, "... and 5 more fields not part of listClients's body were ignored");
  t.ok(
    found.every((f) => f.severity === 'observation' && f.assumption === IGNORED_FIELDS_ASSUMPTION),
    'observations, resting on x-unknown-request-fields',
  );
  t.equal((loaded.raw as any)['x-unknown-request-fields']['x-assumed'], true, 'which the spec marks assumed');
});

t.test('every operation with a documented body: its example has no ignored field, a typo is one', async (t) => {
  const loaded = await spec();
  const observe = ignoredFieldsOf(loaded);
  const documented = loaded.operations.filter(
    (op) => op.requestBody?.schema.properties || op.requestBody?.schema.allOf,
  );
  t.ok(documented.length >= 15, `${documented.length} operations`);
  for (const op of documented) {
    const example = (op.requestBody!.examples[0] ?? {}) as Record<string, unknown>;
    t.same(observe(op.operationId, example), [], `${op.operationId}: its example`);
    t.same(
      observe(op.operationId, { ...example, zz_typo: 1 }).map((f) => f.message),
      [`field \`zz_typo\` is not part of ${op.operationId}'s body and was ignored`],
      op.operationId,
    );
  }
});
