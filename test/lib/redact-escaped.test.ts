// A secret echoed with its letters escaped (issue 28's attack pass): the search
// for a secret's plain letters ran before decoding, so one letter written as an
// escape (which JSON, URL and HTML all allow for any character) hid it from
// every decoding, and it reached the reports.
import t from 'tap';
import { givenSecrets, redact } from '../../lib/redact.js';

const EMAIL = 'qa@example.com';
const TOKEN = 'f3a1c9e07b5d4e2a9c8b7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a';

t.test('regression: a secret whose letters are escaped (one or all) is masked in every family', async (t) => {
  const secrets = givenSecrets({ credentials: { email: EMAIL, password: 'hunter2-secret', token: TOKEN } });
  const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  const pct = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  const dec = (c: string) => `&#${c.charCodeAt(0)};`;
  const hex = (c: string) => `&#x${c.charCodeAt(0).toString(16)};`;
  const first = (s: string, f: (c: string) => string) => f(s[0]!) + s.slice(1);
  const every = (s: string, f: (c: string) => string) => [...s].map(f).join('');
  const forms: Array<[string, string]> = [];
  for (const [name, secret] of [
    ['token', TOKEN],
    ['password', 'hunter2-secret'],
  ] as const)
    for (const [family, f, wrap] of [
      ['JSON \\u', u, (x: string) => `{"echo":"${x}"}`],
      ['URL %', pct, (x: string) => `?echo=${x}&b=1`],
      ['HTML decimal', dec, (x: string) => `<p>${x}</p>`],
      ['HTML hex', hex, (x: string) => `<p>${x}</p>`],
    ] as const) {
      forms.push([`${name}, first letter, ${family}`, wrap(first(secret, f))]);
      forms.push([`${name}, every letter, ${family}`, wrap(every(secret, f))]);
    }
  forms.push(['token, JSON in JSON', JSON.stringify({ echo: `{"t":"${first(TOKEN, u)}"}` })]);
  forms.push([
    'token, URL of JSON',
    `?q=${encodeURIComponent(`{"t":"${every(TOKEN.slice(0, 8), u)}${TOKEN.slice(8)}"}`)}`,
  ]);
  for (const [form, text] of forms) {
    const out = redact(text, secrets);
    t.notMatch(out, /hunter2|f3a1c9e0|\\u0066\\u0033|%66%33|&#102;&#51;/, `${form}: nothing of the secret left`);
    t.match(out, /\[REDACTED\]/, `${form}: masked`);
  }
});
