// What an invalid request's acceptance rests on (contracts/fuzz/rests.ts), for
// the wrong types: a coercion some framework makes (a number or a boolean for a
// string, a fraction for an integer, digits for an integer) rests on its node of
// the spec, as long as what it becomes is valid; what becomes invalid rests on
// what it then breaks; a type no framework takes breaks the document's type,
// a fact (undefined: an error).
import t from 'tap';
import { flawAssumption } from '../../contracts/fuzz/rests.js';
import { spec } from '../helpers/mock.js';

const VARCHAR = '/components/schemas/VarcharString';
const PAGE = '/components/schemas/ClientListRequest/properties/page';

const ROWS: Array<[string, string, string, unknown, string | undefined]> = [
  ['a number for a string', 'listClients', 'keyword', 12345, '/x-type-coercion/number-as-string'],
  ['a fraction for a string', 'listClients', 'keyword', 1.5, '/x-type-coercion/number-as-string'],
  ['a boolean for a string', 'listClients', 'keyword', true, '/x-type-coercion/boolean-as-string'],
  ['a fraction for an integer', 'getRoomMeasurements', 'client_id', 1.5, '/x-type-coercion/fraction-as-integer'],
  ['a fraction whose whole part is out of bounds', 'listClients', 'page', 0.5, PAGE],
  ['digits for an integer', 'listClients', 'limit', '10', '/x-numeric-strings'],
  [
    'a number for an email: its text is no email, which the assumed request schema says',
    'forgotPassword',
    'email',
    12345,
    '/components/schemas/ForgotPasswordRequest',
  ],
  [
    'a number for a listed text: not one of its values, a fact',
    'addEditAwningMeasurement',
    'awning_type',
    7,
    undefined,
  ],
  [
    'a fraction for a listed integer, its whole part listed',
    'addEditSpecialtyWindowMeasurement',
    'window_type',
    1.5,
    '/x-type-coercion/fraction-as-integer',
  ],
  ['an object for a string', 'listClients', 'keyword', {}, undefined],
  ['an array for a string', 'listClients', 'keyword', [], undefined],
  ['text that is no number for an integer', 'listClients', 'page', 'not-a-number', undefined],
  ['a boolean for an integer', 'getRoomMeasurements', 'client_id', true, undefined],
  ['a string too long: the assumed length', 'listClients', 'keyword', 'x'.repeat(256), VARCHAR],
];

for (const [name, operationId, field, value, rests] of ROWS)
  t.test(`${name}: ${rests ?? 'a fact'}`, async (t) => {
    const loaded = await spec();
    const op = loaded.byId.get(operationId)!;
    t.equal(flawAssumption(loaded, op, { kind: 'set', field, value, label: name }), rests);
  });
