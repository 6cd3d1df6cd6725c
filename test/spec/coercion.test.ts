// What the spec's coercions make of a request body's scalars (spec/coercion.ts),
// the one function the mock, the proxy and the fuzz judge bodies through: each
// coercion turns only the scalars it names, where the schema holds only the type
// it names, and only when accepted; the spec's nodes set which are.
import t from 'tap';
import { type Coercions, coerced, NO_COERCION } from '../../spec/coercion.js';
import { coercionsOf } from '../../spec/facts.js';
import type { JsonSchema } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

const SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    text: { type: 'string' },
    nullableText: { type: ['string', 'null'] },
    whole: { type: 'integer' },
    amount: { type: 'number' },
    either: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    flag: { type: 'boolean' },
    list: { type: 'array', items: { type: 'integer' } },
  },
};

const ALL: Coercions = { numericStrings: true, numberAsString: true, fractionAsInteger: true, booleanAsString: true };
const only = (k: keyof Coercions): Coercions => ({ ...NO_COERCION, [k]: true });

const ROWS: Array<[string, Coercions, Record<string, unknown>, Record<string, unknown>]> = [
  [
    'nothing accepted: nothing turned',
    NO_COERCION,
    { text: 5, whole: 1.5, list: ['2'] },
    { text: 5, whole: 1.5, list: ['2'] },
  ],
  [
    'a number for a string: its text',
    only('numberAsString'),
    { text: 12345, nullableText: 1.5 },
    { text: '12345', nullableText: '1.5' },
  ],
  [
    'a number where a number is allowed stays one',
    ALL,
    { amount: 1.5, either: 7, whole: 3 },
    { amount: 1.5, either: 7, whole: 3 },
  ],
  [
    'a fraction for an integer: truncated toward zero',
    only('fractionAsInteger'),
    { whole: -2.7, list: [1.9, 2] },
    { whole: -2, list: [1, 2] },
  ],
  ['a fraction where a number is allowed stays one', only('fractionAsInteger'), { amount: 2.5 }, { amount: 2.5 }],
  [
    'a boolean for a string: its text',
    only('booleanAsString'),
    { text: false, flag: true },
    { text: 'false', flag: true },
  ],
  ['a number for a string is not a boolean one', only('booleanAsString'), { text: 1 }, { text: 1 }],
  [
    'digits for an integer',
    only('numericStrings'),
    { whole: '10', list: ['-3'], text: '10' },
    { whole: 10, list: [-3], text: '10' },
  ],
  [
    'an object or an array for a string: never',
    ALL,
    { text: { a: 1 }, nullableText: [1] },
    { text: { a: 1 }, nullableText: [1] },
  ],
  [
    'text that is no number for an integer: never',
    ALL,
    { whole: 'abc', list: ['1.5'] },
    { whole: 'abc', list: ['1.5'] },
  ],
  [
    'a number that is not finite: never',
    ALL,
    { text: Number.POSITIVE_INFINITY, whole: Number.NaN },
    { text: Number.POSITIVE_INFINITY, whole: Number.NaN },
  ],
  ['a field the schema does not name: untouched', ALL, { other: 1.5 }, { other: 1.5 }],
];

for (const [name, c, body, want] of ROWS)
  t.test(name, async (t) => {
    t.same(coerced(structuredClone(body), SCHEMA, c), want);
  });

t.test("the spec's nodes: numeric strings accepted, the rest refused (Laravel's rules)", async (t) => {
  t.same(coercionsOf(await spec()), {
    numericStrings: true,
    numberAsString: false,
    fractionAsInteger: false,
    booleanAsString: false,
  });
  t.same(coercionsOf({ document: {} }), NO_COERCION, 'absent: none');
  t.throws(() => coercionsOf({ document: { 'x-type-coercion': { 'number-as-string': { accepted: 'yes' } } } }), {
    message: /x-type-coercion\/number-as-string\.accepted/,
  });
});
