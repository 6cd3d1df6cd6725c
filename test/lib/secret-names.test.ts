// One rule for which names hold a secret (lib/secret-names.ts): the mock's
// journal and the contract suite's reports mask the same fields.
import t from 'tap';
import { redact } from '../../lib/redact.js';
import { isSecretName, LiveTokens } from '../../lib/secret-names.js';
import { redactText } from '../../mock/journal/scan.js';

const VALUE = 'v4lue-of-the-field-123';
/** The spec's own secret fields, and spellings of them an implementation may use. */
const SECRET = [
  'password',
  'current_password',
  'new_password',
  'password_confirmation',
  'new_password_confirmation',
  'api_token',
  'token',
  'qr_code',
  // The suite's own list missed these two before issue 27.
  'reset_token',
  'device_token',
  'apiToken',
  'API-Token',
  'user[password]',
  'client_secret',
  'session_id',
];
const PLAIN = ['email', 'first_name', 'client_id', 'platform', 'message', 'status'];

const suite = (text: string) => redact(text, []);
const journal = (text: string) => redactText(text, new LiveTokens()).text;

t.test('the names both the journal and the suite treat as secret', async (t) => {
  for (const name of SECRET) {
    t.ok(isSecretName(name), name);
    for (const body of [
      JSON.stringify({ [name]: VALUE }),
      JSON.stringify(JSON.stringify({ note: 'x', [name]: VALUE })),
    ]) {
      t.notMatch(suite(body), VALUE, `the suite masks ${body}`);
      t.notMatch(journal(body), VALUE, `the journal masks ${body}`);
    }
  }
});

t.test('the names neither masks', async (t) => {
  for (const name of PLAIN) {
    t.notOk(isSecretName(name), name);
    const body = JSON.stringify({ [name]: VALUE });
    t.equal(suite(body), body, `the suite keeps ${body}`);
    t.match(journal(body), VALUE, `the journal keeps ${body}`);
  }
});
