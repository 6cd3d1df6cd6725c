// A secret inside an encoding of a longer text (issue 38): a deployment that
// answers with the request body base64-encoded (a debug echo, a JWT-like
// envelope, a logging service's field) put the QA account's password and the
// run's token into every report, since only the base64 of a secret on its own
// was searched, and inside a longer text it starts at one of three offsets.
import t from 'tap';
import { givenSecrets, redactor } from '../../lib/redact.js';
import { ENCODERS, jsonContent, PASSWORDS } from '../helpers/backend-encoders.js';
import { pieces } from '../helpers/encoded-pieces.js';

const EMAIL = 'qa@example.com';
const TOKEN = 'f3a1c9e07b5d4e2a9c8b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');

const hex = (s: string) => Buffer.from(s).toString('hex');
const percent = (s: string) => [...Buffer.from(s)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** The base64 characters that encode a body up to `back` bytes before its `session` key (the password's
 *  end, as every body below is written). */
const upTo = (body: string, back: number) =>
  Math.floor(((Buffer.byteLength(body.slice(0, body.indexOf('session'))) - back) * 4) / 3);

const formEncode = ENCODERS.find(([name]) => name.startsWith('form encoding (PHP urlencode'))![1];
const php = (s: string) => jsonContent(s, { slashes: true, ascii: true });
const python = (s: string) => jsonContent(s, { ascii: true });

/** How a backend writes the request body it then encodes: the password in its own escaping, the token as it is. */
const BODIES: Array<[string, (password: string) => string]> = [
  ['JavaScript JSON', (pw) => JSON.stringify({ email: EMAIL, password: pw, session: TOKEN, n: 1 })],
  ['PHP json_encode', (pw) => `{"email":"${php(EMAIL)}","password":"${php(pw)}","session":"${TOKEN}","n":1}`],
  ['Python json.dumps', (pw) => `{"email": "${python(EMAIL)}", "password": "${python(pw)}", "session": "${TOKEN}"}`],
  ['a PHP form body', (pw) => `email=${formEncode(EMAIL)}&password=${formEncode(pw)}&session=${TOKEN}&n=1`],
];

t.test(
  'regression: a secret inside a longer encoded text (base64 at any offset, hex, percent-encoding) is masked in every form',
  async (t) => {
    const rows: Array<[string, (body: string) => string]> = [
      ['base64', b64],
      ['base64url', b64url],
      ['base64, padding left off', (s) => b64(s).replace(/=+$/, '')],
      ['base64 of a JSON string in JSON', (s) => b64(JSON.stringify({ echo: s }))],
      ['base64 in a JSON answer, PHP slashes', (s) => JSON.stringify({ echo: b64(s) }).replaceAll('/', '\\/')],
      ['a JWT-like envelope', (s) => `eyJhbGciOiJIUzI1NiJ9.${b64url(s)}.c2lnbmF0dXJl`],
      // An excerpt of a report cut a few characters before the password's end.
      ['base64 cut inside the password', (s) => `${b64(s).slice(0, upTo(s, 6))}…`],
      ['base64 cut inside the password by "..."', (s) => `${b64(s).slice(0, upTo(s, 7))}...`],
      // Python's base64.encodebytes and PHP's chunk_split wrap at 76: a line break may split the secret.
      ['base64 wrapped at 76, LF', (s) => b64(s).replace(/(.{76})/g, '$1\n')],
      ['base64 wrapped at 20, CRLF written as JSON escapes', (s) => b64(s).replace(/(.{20})/g, '$1\\r\\n')],
      ['hex', hex],
      ['hex, upper case', (s) => hex(s).toUpperCase()],
      ['percent-encoding of every byte', percent],
      ['percent-encoding of every byte, upper case', (s) => percent(s).toUpperCase()],
    ];
    for (const password of ['Pa55-w0rd-of-the-QA-account', ...PASSWORDS]) {
      const secrets = [password, TOKEN];
      const clean = redactor(givenSecrets({ credentials: { email: EMAIL, password, token: TOKEN } }));
      for (const [name, encode] of rows)
        for (const [written, write] of BODIES)
          for (let pad = 0; pad < 3; pad++) {
            // The secret at each of the three byte offsets of a group, with bytes after it too.
            const text = `{"body":"${encode('x'.repeat(pad) + write(password))}"}`;
            const row = `${name} of ${written}, offset ${pad}, ${JSON.stringify(password)}`;
            t.ok(pieces(text, secrets).length > 0, `${row}: the encoded text gives the secret back`);
            const out = clean(text);
            t.same(pieces(out, secrets), [], `${row}: nothing left`);
            t.match(out, /\[REDACTED\]/, `${row}: masked`);
          }
      const plain = b64(`${'x'.repeat(40)}${JSON.stringify({ email: EMAIL, note: 'nothing secret here' })}`);
      t.equal(clean(plain), plain, 'base64 without a secret stays as it was');
    }
  },
);
