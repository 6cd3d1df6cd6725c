// A value a schema takes, read from the schema alone (spec/valid-body.ts): each
// keyword it honours, every operation's completed body valid against its
// schema, a body's own values kept, and a value outside an enum that stays
// outside when the enum grows.
import t from 'tap';
import { createAjv } from '../../spec/ajv.js';
import type { JsonSchema } from '../../spec/load.js';
import {
  completeBody,
  enumOf,
  fromExample,
  outsideEnum,
  outsideNumbers,
  takes,
  validValue,
} from '../../spec/valid-body.js';
import { spec } from '../helpers/mock.js';

const VALUES: Array<[string, JsonSchema, unknown]> = [
  ['const wins over the example', { type: 'string', const: 'x', example: 'y' }, 'x'],
  ['an example the schema takes', { type: 'integer', minimum: 5, example: 7 }, 7],
  ['an example it does not take is passed over', { type: 'integer', minimum: 5, example: 1 }, 5],
  ['the default', { type: 'string', default: 'd' }, 'd'],
  ['the first enum value', { type: 'string', enum: ['retractable', 'stationary'] }, 'retractable'],
  ['a nullable enum gives a value, not null', { type: ['string', 'null'], enum: [null, 'a'] }, 'a'],
  ['an email', { type: 'string', format: 'email' }, 'contract-check@example.invalid'],
  ['a date', { type: 'string', format: 'date' }, '2020-01-01'],
  ['a string within maxLength', { type: 'string', maxLength: 4 }, 'cont'],
  ['a string up to minLength', { type: 'string', minLength: 20 }, 'contract-checkxxxxxx'],
  ['a string matching its pattern', { type: 'string', pattern: '^[0-9]+$' }, '0'],
  ['an integer at its minimum', { type: 'integer', minimum: 3, maximum: 9 }, 3],
  ['an integer under a maximum below 1', { type: 'integer', maximum: -2 }, -2],
  ['an integer past an exclusive minimum', { type: 'integer', exclusiveMinimum: 0 }, 1],
  ['a multiple', { type: 'integer', minimum: 5, multipleOf: 4 }, 8],
  ['a plain integer', { type: 'integer' }, 1],
  ['nullable: the non-null type', { type: ['null', 'string'], maxLength: 3 }, 'con'],
  ['a boolean', { type: 'boolean' }, false],
  ['an array of minItems', { type: 'array', minItems: 2, items: { type: 'integer', minimum: 4 } }, [4, 4]],
  [
    'an object: its required properties only',
    { type: 'object', required: ['a'], properties: { a: { type: 'integer' }, b: { type: 'string' } } },
    { a: 1 },
  ],
  [
    'allOf folded',
    {
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'string', enum: ['p'] } } },
        { required: ['b'], properties: { b: { type: 'boolean' } } },
      ],
    },
    { a: 'p', b: false },
  ],
  ['oneOf: the first branch', { oneOf: [{ type: 'integer', minimum: 2 }, { type: 'string' }] }, 2],
];

t.test('validValue: each keyword, and the value is one the schema takes', async (t) => {
  for (const [name, schema, expected] of VALUES) {
    const value = validValue(schema);
    t.same(value, expected, name);
    t.ok(takes(schema, value), `${name}: the schema takes it`);
  }
});

t.test(
  "every operation's body, completed from nothing and from its example, is valid against its schema",
  async (t) => {
    const ajv = createAjv({ strict: false });
    for (const op of (await spec()).operations) {
      if (!op.requestBody) continue;
      const validate = ajv.compile(op.requestBody.schema);
      for (const [from, body] of [
        ['nothing', {}],
        ['its example', op.requestBody.examples[0] ?? {}],
      ] as const) {
        const done = completeBody(op.requestBody.schema, body, { sources: [fromExample(op.requestBody.examples[0])] });
        t.ok(validate(done), `${op.operationId} from ${from}: ${JSON.stringify(validate.errors?.[0] ?? '')}`);
      }
    }
  },
);

const SCHEMA: JsonSchema = {
  type: 'object',
  required: ['client_id', 'keyword', 'password', 'inner'],
  properties: {
    client_id: { type: 'integer' },
    keyword: { type: 'string', maxLength: 255 },
    password: { type: 'string', minLength: 8 },
    inner: { type: 'object', required: ['x'], properties: { x: { type: 'integer', minimum: 10 } } },
  },
};

const COMPLETIONS: Array<[string, unknown, Parameters<typeof completeBody>[2], unknown]> = [
  [
    'what the body has is kept, even when invalid',
    { client_id: 'not-a-number', keyword: 5, password: 'x', inner: { x: 0 } },
    {},
    { client_id: 'not-a-number', keyword: 5, password: 'x', inner: { x: 0 } },
  ],
  [
    'the missing ones come from the schema',
    {},
    {},
    { client_id: 1, keyword: 'contract-check', password: 'contract-check', inner: { x: 10 } },
  ],
  [
    'a nested object the body has is completed too',
    { inner: {} },
    { leaveOut: /password/ },
    { inner: { x: 10 }, client_id: 1, keyword: 'contract-check' },
  ],
  [
    'a source first (the record), the example next; a value the schema refuses is passed over',
    { inner: { x: 11 } },
    {
      sources: [
        (name) => (name === 'client_id' ? 146 : name === 'keyword' ? 12 : undefined),
        fromExample({ keyword: '' }),
      ],
      leaveOut: /password/,
    },
    { inner: { x: 11 }, client_id: 146, keyword: '' },
  ],
  ['a body that is no object is sent as it is', [1, 2], {}, [1, 2]],
  [
    'a property given as undefined is lacking (JSON would drop it), nested too',
    { client_id: undefined, keyword: 'k', inner: { x: undefined } },
    { leaveOut: /password/ },
    { client_id: 1, keyword: 'k', inner: { x: 10 } },
  ],
];

t.test('completeBody: adds what is required and missing, and nothing else', async (t) => {
  for (const [name, body, how, expected] of COMPLETIONS) t.same(completeBody(SCHEMA, body, how), expected, name);
});

t.test('outsideEnum: a value none of the enum is, whatever the enum grows to', async (t) => {
  t.equal(outsideEnum(['retractable', 'stationary'], 'folding'), 'folding');
  t.equal(outsideEnum(['retractable', 'stationary', 'folding'], 'folding'), 'folding-x');
  t.equal(outsideEnum(['folding', 'folding-x'], 'folding'), 'folding-x-x');
  t.notOk(['WEB', 'IOS', 'ANDROID'].includes(outsideEnum(['WEB', 'IOS', 'ANDROID'])));
  t.equal(outsideNumbers([1, 2]), 99_999);
  t.equal(outsideNumbers([99_999, 100_000]), 100_001);
  const awning = (await spec()).byId.get('addEditAwningMeasurement')!.requestBody!.schema;
  t.same(enumOf(awning, 'awning_type'), ['retractable', 'stationary'], "the enum is read from the spec's schema");
  t.same(enumOf(awning, 'width'), [], 'a property without one has none');
});
