// The schema and pointer helpers the differ, the contract suite, the fuzzer and
// the tests share: one table per helper.
import t from 'tap';
import type { JsonSchema } from '../../spec/load.js';
import {
  admittedTypes,
  boundedStrings,
  declaredTypes,
  decodePointer,
  encodePointer,
  foldAllOf,
  intersectTypes,
  jsonTypeOf,
  subschemas,
  walk,
} from '../../spec/schema.js';

const sorted = (set: Set<string> | undefined) => (set ? [...set].sort() : undefined);

t.test('JSON pointers escape ~ and / and come back the same', async (t) => {
  const cases: Array<[string, string[], string]> = [
    ['the whole document', [], ''],
    ['plain tokens', ['paths', 'get'], '/paths/get'],
    ['a slash', ['paths', '/user/signup', 'post'], '/paths/~1user~1signup/post'],
    ['a tilde', ['a~b'], '/a~0b'],
    ['a tilde before a one, not a slash', ['~1'], '/~01'],
    ['an empty token', [''], '/'],
  ];
  for (const [name, tokens, pointer] of cases) {
    t.equal(encodePointer(tokens), pointer, `encode: ${name}`);
    t.same(decodePointer(pointer), tokens, `decode: ${name}`);
  }
});

t.test('walk yields every object node with its escaped pointer', async (t) => {
  const doc = { paths: { '/a~b': { post: { x: 1 } } }, list: [{ y: 2 }] };
  t.same(
    [...walk(doc)].map(([p]) => p),
    ['', '/paths', '/paths/~1a~0b', '/paths/~1a~0b/post', '/list/0'],
  );
  t.same([...walk('text')], [], 'a scalar has no object node');
});

t.test('foldAllOf merges members into one schema', async (t) => {
  const a = { type: 'string' };
  const b = { type: 'integer' };
  const cases: Array<[string, JsonSchema | undefined, JsonSchema]> = [
    ['nothing', undefined, {}],
    ['no allOf is the schema itself', { type: 'object', required: ['a'] }, { type: 'object', required: ['a'] }],
    [
      'properties and required from every member, in order',
      {
        allOf: [
          { properties: { a }, required: ['a'] },
          { properties: { b }, required: ['b', 'a'] },
        ],
      },
      { properties: { a, b }, required: ['a', 'b'] },
    ],
    [
      'a property two members describe becomes their allOf',
      { allOf: [{ properties: { a } }, { properties: { a: b } }] },
      { properties: { a: { allOf: [a, b] } } },
    ],
    [
      'the schema itself comes first, then the first member that sets a keyword',
      {
        description: 'kept',
        maxLength: 3,
        allOf: [
          { type: 'string', maxLength: 9 },
          { type: 'null', minLength: 1 },
        ],
      },
      { description: 'kept', maxLength: 3, type: 'string', minLength: 1 },
    ],
    [
      'nested allOf is folded too',
      { allOf: [{ allOf: [{ type: 'object', properties: { a } }] }] },
      { type: 'object', properties: { a } },
    ],
    [
      'annotations of members are not lent',
      { allOf: [{ description: 'member', title: 'T', type: 'object' }] },
      { type: 'object' },
    ],
  ];
  for (const [name, schema, want] of cases) t.same(foldAllOf(schema), want, name);
});

t.test('jsonTypeOf names the JSON type of a value', async (t) => {
  const cases: Array<[unknown, string]> = [
    [null, 'null'],
    [[1], 'array'],
    [3, 'integer'],
    [3.5, 'number'],
    ['x', 'string'],
    [true, 'boolean'],
    [{}, 'object'],
  ];
  for (const [value, want] of cases) t.equal(jsonTypeOf(value), want, JSON.stringify(value));
});

// The two readings differ where a schema says more than one thing about types.
t.test('declaredTypes (the differ) and admittedTypes (the tests) read types two ways', async (t) => {
  const cases: Array<[string, JsonSchema, string[] | undefined, string[] | undefined]> = [
    ['nothing said', { description: 'x' }, undefined, undefined],
    ['one type', { type: 'string' }, ['string'], ['string']],
    ['a type list', { type: ['string', 'null'] }, ['null', 'string'], ['null', 'string']],
    ['a const', { const: 2 }, ['integer'], ['integer']],
    ['an enum', { enum: ['a', null] }, ['null', 'string'], ['null', 'string']],
    ['oneOf branches', { oneOf: [{ type: 'string' }, { const: 1 }] }, ['integer', 'string'], ['integer', 'string']],
    ['a branch that says nothing', { anyOf: [{ type: 'string' }, {}] }, undefined, undefined],
    ['a type in an allOf member', { allOf: [{ description: 'd' }, { type: 'object' }] }, ['object'], ['object']],
    [
      'a type narrowed by an enum: declared keeps the type, admitted intersects',
      { type: ['string', 'null'], enum: ['a'] },
      ['null', 'string'],
      ['string'],
    ],
    [
      'contradicting allOf members: declared takes the first, admitted none',
      { allOf: [{ type: 'string' }, { type: 'integer' }] },
      ['string'],
      [],
    ],
    [
      'oneOf and anyOf together: declared reads oneOf, admitted intersects both',
      { oneOf: [{ type: 'string' }, { type: 'integer' }], anyOf: [{ type: 'string' }] },
      ['integer', 'string'],
      ['string'],
    ],
  ];
  for (const [name, schema, declared, admitted] of cases) {
    t.same(sorted(declaredTypes(schema)), declared, `declared: ${name}`);
    t.same(sorted(admittedTypes(schema)), admitted, `admitted: ${name}`);
  }
});

t.test('subschemas lists a schema and all it combines, depth first', async (t) => {
  const a = { type: 'string' };
  const b = { type: 'integer' };
  const c = { const: 1 };
  const inner = { oneOf: [b] };
  const cases: Array<[string, JsonSchema, JsonSchema[]]> = [
    ['alone', a, [a]],
    [
      'allOf, then oneOf, then anyOf',
      { allOf: [a], anyOf: [c], oneOf: [b] },
      [{ allOf: [a], anyOf: [c], oneOf: [b] }, a, b, c],
    ],
    ['nested', { allOf: [inner] }, [{ allOf: [inner] }, inner, b]],
  ];
  for (const [name, schema, want] of cases) t.same(subschemas(schema), want, name);
});

t.test('intersectTypes keeps what every set holds', async (t) => {
  const cases: Array<[string[][], string[]]> = [
    [[['a', 'b']], ['a', 'b']],
    [
      [
        ['a', 'b'],
        ['b', 'c'],
      ],
      ['b'],
    ],
    [[['number'], ['integer']], []],
  ];
  for (const [sets, want] of cases)
    t.same(sorted(intersectTypes(sets.map((s) => new Set(s)))), want, JSON.stringify(sets));
});

t.test('boundedStrings: the free-text fields of a body with their maxLength, through allOf', async (t) => {
  const schema = {
    allOf: [
      { type: 'object', properties: { name: { type: 'string', maxLength: 255 } } },
      {
        properties: {
          note: { allOf: [{ type: ['string', 'null'] }, { maxLength: 65535 }] },
          email: { type: 'string', format: 'email', maxLength: 255 },
          zip: { type: 'string', pattern: '^[0-9]+$', maxLength: 10 },
          platform: { type: 'string', enum: ['WEB', 'IOS'], maxLength: 7 },
          free: { type: 'string' },
          count: { type: 'integer', maximum: 9 },
        },
      },
    ],
  };
  t.same(
    [...boundedStrings(schema)],
    [
      ['name', 255],
      ['note', 65535],
    ],
  );
  t.same([...boundedStrings(undefined)], [], 'no schema, no fields');
});
