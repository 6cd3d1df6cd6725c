// One row per way a secret reaches the journal. Each row sends one request to
// the mock as a client would (raw text, so malformed forms arrive as written)
// and names the secrets that must not appear in the journal, in any case, nor
// their first 8 or last 12 characters (a cut that leaves the start of a secret
// in view, or an encoding that hides only its first character, still leaks).
// The table of redaction.test.ts's "every way a secret reaches the journal".

export interface Live {
  token: string;
  reset: string;
}
export interface Row {
  name: string;
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  secrets: string[];
}
const pct = (s: string) => [...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
const uEsc = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const cut = 8192;
export const secretRows = ({ token, reset }: Live): Row[] => [
  // Bodies: malformed JSON and its escapes.
  {
    name: 'malformed JSON (trailing comma): current_password and new_password',
    url: '/user/update_password',
    body: '{"email":"demo@example.com","current_password":"cur-secret-1","new_password":"new-secret-1",}',
    secrets: ['cur-secret-1', 'new-secret-1'],
  },
  {
    name: 'malformed JSON: the part of a password after an escaped quote',
    url: '/user/signin',
    body: '{"email":"demo@example.com","password":"abc\\"after-quote-secret", oops}',
    secrets: ['after-quote-secret'],
  },
  {
    name: 'malformed JSON: the part after \\u0022',
    url: '/user/signin',
    body: '{"password":"abc\\u0022tail-u0022-secret" x',
    secrets: ['tail-u0022-secret'],
  },
  {
    name: 'malformed JSON: \\/ inside the password',
    url: '/user/signin',
    body: '{"password":"a\\/slash-secret-3" x',
    secrets: ['slash-secret-3'],
  },
  {
    name: 'malformed JSON: key spelled with \\u escapes',
    url: '/user/signin',
    body: '{"pass\\u0077ord":"enc-key-secret",}',
    secrets: ['enc-key-secret'],
  },
  {
    name: 'malformed JSON: key in another case',
    url: '/user/update_password',
    body: '{"New_Password":"case-key-secret" x',
    secrets: ['case-key-secret'],
  },
  {
    name: 'valid JSON: duplicate keys',
    url: '/user/signin',
    body: '{"password":"dup-first-secret","password":"dup-last-secret"}',
    secrets: ['dup-first-secret', 'dup-last-secret'],
  },
  {
    name: 'malformed JSON: duplicate keys',
    url: '/user/signin',
    body: '{"password":"dupm-first-secret","password":"dupm-last-secret" x',
    secrets: ['dupm-first-secret', 'dupm-last-secret'],
  },
  {
    name: 'valid JSON: nested object and array under innocent keys',
    url: '/user/signin',
    body: '{"user":{"credentials":[{"password":"nested-arr-secret"}]}}',
    secrets: ['nested-arr-secret'],
  },
  {
    name: 'malformed JSON: an object under a secret key',
    url: '/user/signin',
    body: '{"password":{"value":"obj-val-secret","more":["obj-arr-secret"]} x',
    secrets: ['obj-val-secret', 'obj-arr-secret'],
  },
  {
    name: 'malformed JSON: a number as the password',
    url: '/user/signin',
    body: '{"password":98765432109876, x',
    secrets: ['98765432109876'],
  },
  {
    name: 'truncated body: escaped quote, then the end',
    url: '/user/signin',
    body: '{"email":"demo@example.com","password":"x\\"trunc-after-secret',
    secrets: ['trunc-after-secret'],
  },
  {
    name: 'truncated body: bare value, then the end',
    url: '/user/signin',
    body: '{"password": trunc-bare-secret',
    secrets: ['trunc-bare-secret'],
  },
  {
    name: 'form-encoded body, names encoded',
    url: '/user/update_password',
    body: 'email=demo%40example.com&current_password=form-cur-secret&new%5Fpassword=form-new-secret',
    secrets: ['form-cur-secret', 'form-new-secret'],
  },
  {
    name: 'single-quoted keys (a Python repr)',
    url: '/user/signin',
    body: "{'email': 'demo@example.com', 'password': 'single-q-secret'}",
    secrets: ['single-q-secret'],
  },
  {
    name: 'unquoted keys (a JavaScript literal)',
    url: '/user/signin',
    body: '{email: "demo@example.com", password: "bare-key-secret"}',
    secrets: ['bare-key-secret'],
  },
  {
    name: 'valid JSON: a JSON document inside a string',
    url: '/user/signin',
    body: JSON.stringify(JSON.stringify({ password: 'inner-json-secret' })),
    secrets: ['inner-json-secret'],
  },
  {
    name: 'valid JSON: a live token under an innocent key',
    url: '/user/signin',
    body: JSON.stringify({ email: 'demo@example.com', note: `see ${token}` }),
    secrets: [token],
  },
  {
    name: 'valid JSON: a live token written in \\u escapes',
    url: '/user/signin',
    body: `{"note":"${uEsc(token)}"}`,
    secrets: [token, uEsc(token)],
  },
  {
    name: 'body cut at bodyChars: a live token straddling the cut',
    url: '/user/signin',
    body: JSON.stringify({ note: `${'n'.repeat(cut - 20)}${token}`, more: 'x'.repeat(100) }),
    secrets: [token],
  },
  {
    name: 'body cut at bodyChars: a password straddling the cut',
    url: '/user/signin',
    body: `{"note":"${'n'.repeat(cut - 24)}","password":"straddle-pass-secret-${'p'.repeat(40)}"}`,
    secrets: ['straddle-pass-secret'],
  },
  {
    name: 'text body: a live reset token in plain prose',
    url: '/user/signin',
    body: `my reset token is ${reset} thanks`,
    secrets: [reset],
  },
  {
    name: 'valid JSON: \\u0022 inside the password',
    url: '/user/signin',
    body: '{"password":"abc\\u0022valid-u22-secret"}',
    secrets: ['valid-u22-secret'],
  },
  {
    name: "a PHP array export ('password' => '...')",
    url: '/user/signin',
    body: "array ( 'email' => 'demo@example.com', 'password' => 'php-arrow-secret', )",
    secrets: ['php-arrow-secret'],
  },
  // The URL: path tokens and query parameters.
  {
    name: 'path: the reset token of /user/reset_password/{token}',
    url: '/user/reset_password/path-reset-secret-1',
    body: JSON.stringify({ email: 'demo@example.com', password: 'x12345678', password_confirmation: 'x12345678' }),
    secrets: ['path-reset-secret-1'],
  },
  {
    name: 'path: the reset token, echoed in the body',
    url: '/user/reset_password/path-reset-secret-5',
    body: JSON.stringify({ email: 'demo@example.com', note: 'path-reset-secret-5' }),
    secrets: ['path-reset-secret-5'],
  },
  {
    name: 'path: the reset token percent-encoded',
    url: `/user/reset_password/${pct('path-reset-secret-2')}`,
    body: JSON.stringify({ email: 'demo@example.com', password: 'x12345678', password_confirmation: 'x12345678' }),
    secrets: ['path-reset-secret-2', pct('path-reset-secret-2')],
  },
  {
    name: 'path: empty segments, a trailing slash',
    url: '//user//reset_password//path-reset-secret-3/',
    body: '{}',
    secrets: ['path-reset-secret-3'],
  },
  {
    name: 'path: dot segments, encoded',
    url: '/user/x/%2e%2e/RESET_PASSWORD/path-reset-secret-4',
    body: '{}',
    secrets: ['path-reset-secret-4'],
  },
  {
    name: 'path: a live token in an unknown route',
    url: `/no/such/${token}`,
    body: '{}',
    secrets: [token],
  },
  {
    name: 'query: api_token, any case, repeated, name encoded',
    url: '/user/signin?api_token=q-secret-1&API_TOKEN=q-secret-2&token=q-secret-3&token=q-secret-4&api%5Ftoken=q-secret-5',
    body: '{}',
    secrets: ['q-secret-1', 'q-secret-2', 'q-secret-3', 'q-secret-4', 'q-secret-5'],
  },
  {
    name: 'query: a password in a PHP array name',
    url: '/user/signin?user[password]=q-arr-secret&user%5Bnew_password%5D=q-arr2-secret',
    body: '{}',
    secrets: ['q-arr-secret', 'q-arr2-secret'],
  },
  {
    name: 'query: a live token under an innocent name, plain and encoded',
    url: `/user/signin?q=${token}&r=${pct(reset)}`,
    body: '{}',
    secrets: [token, reset, pct(reset)],
  },
  // Headers.
  {
    name: 'header: a live token in an unusual header',
    url: '/user/signin',
    headers: { 'x-my-header': token },
    body: '{}',
    secrets: [token],
  },
  {
    name: 'header: a live token in capitals',
    url: '/user/signin',
    headers: { 'x-other': `id=${token.toUpperCase()}` },
    body: '{}',
    secrets: [token],
  },
  {
    name: 'header: a secret name (x-auth-token, x-api-key)',
    url: '/user/signin',
    headers: { 'x-auth-token': 'hdr-name-secret-1', 'x-api-key': 'hdr-name-secret-2' },
    body: '{}',
    secrets: ['hdr-name-secret-1', 'hdr-name-secret-2'],
  },
  {
    name: 'header: Authorization without a scheme',
    url: '/user/signin',
    headers: { authorization: 'noscheme-auth-secret' },
    body: '{}',
    secrets: ['noscheme-auth-secret'],
  },
  {
    name: 'header: Basic auth, and on Proxy-Authorization',
    url: '/user/signin',
    headers: {
      authorization: `Basic ${Buffer.from('demo@example.com:basic-pass-secret').toString('base64')}`,
      'proxy-authorization': `Basic ${Buffer.from('u:proxy-basic-secret').toString('base64')}`,
    },
    body: '{}',
    secrets: [
      Buffer.from('demo@example.com:basic-pass-secret').toString('base64'),
      Buffer.from('u:proxy-basic-secret').toString('base64'),
    ],
  },
  {
    name: 'header: cookies',
    url: '/user/signin',
    headers: { cookie: 'laravel_session=cookie-secret-1; XSRF-TOKEN=cookie-secret-2' },
    body: '{}',
    secrets: ['cookie-secret-1', 'cookie-secret-2'],
  },
];
