// The proxy judges an app's request as the mock would take it: a scalar of
// another type is what the spec says the backend takes it as (a string of
// digits for an integer: x-numeric-strings; a number or a boolean for a string,
// a fraction for an integer: x-type-coercion), a violation where it says not;
// the body the app sent is relayed as it came either way.
import t from 'tap';
import { requestChecker } from '../../proxy/requests.js';
import { buildSpec, type RawNode } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

/** The spec with one node's `accepted` set, by its pointer's tokens. */
const withAccepted = async (node: string[], accepted: boolean) => {
  const raw = structuredClone((await spec()).raw) as RawNode;
  node.reduce((at, k) => at[k], raw).accepted = accepted;
  return buildSpec(raw);
};

const NUMERIC = ['x-numeric-strings'];
const NUMBER_AS_STRING = ['x-type-coercion', 'number-as-string'];
const FRACTION = ['x-type-coercion', 'fraction-as-integer'];
const BOOLEAN_AS_STRING = ['x-type-coercion', 'boolean-as-string'];

const ROWS: Array<[string, string[], boolean, unknown, RegExp | null]> = [
  ['digits, taken', NUMERIC, true, { page: 1, limit: '10' }, null],
  ['digits, refused', NUMERIC, false, { page: 1, limit: '10' }, /listClients request \/limit: must be integer/],
  ['not digits, whatever the spec says', NUMERIC, true, { page: 1, limit: '1.5' }, /\/limit: must be integer/],
  ['a number', NUMERIC, false, { page: 1, limit: 10 }, null],
  ['a number for a string, taken', NUMBER_AS_STRING, true, { keyword: 12345 }, null],
  ['a number for a string, refused', NUMBER_AS_STRING, false, { keyword: 12345 }, /\/keyword: must be string/],
  ['a fraction for an integer, taken', FRACTION, true, { page: 1.5 }, null],
  ['a fraction for an integer, refused', FRACTION, false, { page: 1.5 }, /\/page: must be integer/],
  ['a fraction taken, then judged: below the minimum', FRACTION, true, { page: 0.5 }, /\/page: must be >= 1/],
  ['a boolean for a string, taken', BOOLEAN_AS_STRING, true, { keyword: true }, null],
  ['a boolean for a string, refused', BOOLEAN_AS_STRING, false, { keyword: false }, /\/keyword: must be string/],
  ['an object for a string, whatever the spec says', NUMBER_AS_STRING, true, { keyword: {} }, /must be string/],
  ['a number for an integer is no text', NUMBER_AS_STRING, true, { limit: 10, keyword: 'x' }, null],
];

for (const [name, node, accepted, body, says] of ROWS)
  t.test(`${name} (${node.join('/')} accepted ${accepted})`, async (t) => {
    const loaded = await withAccepted(node, accepted);
    const out = requestChecker(loaded)(
      loaded.byId.get('listClients')!,
      { platform: 'IOS' },
      Buffer.from(JSON.stringify(body)),
    );
    if (says) t.match(out.violations.join('\n'), says);
    else t.same(out.violations, []);
    t.same(out.body, body, 'the body as the app sent it');
  });
