// The proxy judges an app's request as the mock would take it: a string of
// digits in an integer field is that integer where the spec says the backend
// takes it (x-numeric-strings), a violation where it says not; the body the
// app sent is relayed as it came either way.
import t from 'tap';
import { requestChecker } from '../../proxy/requests.js';
import { buildSpec, type RawNode } from '../../spec/load.js';
import { spec } from '../helpers/mock.js';

const withAccepted = async (accepted: boolean) => {
  const raw = structuredClone((await spec()).raw) as RawNode;
  raw['x-numeric-strings'].accepted = accepted;
  return buildSpec(raw);
};

const ROWS: Array<[string, boolean, unknown, RegExp | null]> = [
  ['digits, taken', true, { page: 1, limit: '10' }, null],
  ['digits, refused', false, { page: 1, limit: '10' }, /listClients request \/limit: must be integer/],
  ['not digits, whatever the spec says', true, { page: 1, limit: '1.5' }, /\/limit: must be integer/],
  ['a number', false, { page: 1, limit: 10 }, null],
];

for (const [name, accepted, body, says] of ROWS)
  t.test(`${name} (x-numeric-strings accepted ${accepted})`, async (t) => {
    const loaded = await withAccepted(accepted);
    const out = requestChecker(loaded)(
      loaded.byId.get('listClients')!,
      { platform: 'IOS' },
      Buffer.from(JSON.stringify(body)),
    );
    if (says) t.match(out.violations.join('\n'), says);
    else t.same(out.violations, []);
    t.same(out.body, body, 'the body as the app sent it');
  });
