// Issue 26: the guard tested the raw URL text (`startsWith('/__mock')`) while the
// router decodes it, so `POST /%5F_mock/reset` from a no-cors fetch, or an
// absolute-form request line, reset the world, and with a rebinding Host
// `GET /%5F_mock/mail` handed out reset tokens. The guard now sits on the
// control routes themselves: whatever spelling reached a route decides nothing.
// Here: spellings of the path and of the Host, sent byte for byte to a listening
// mock, and every control route under encoded spellings; what a page on another
// site can send is in guard.test.ts.
import type { FastifyInstance } from 'fastify';
import t, { type Test } from 'tap';
import { buildMock } from '../../../mock/build.js';
import { bearer, spec, testMock } from '../../helpers/mock.js';
import { type RawAnswer, rawHttp } from '../../helpers/raw-http.js';

function request(method: string, target: string, headers: Record<string, string>, body = ''): string {
  const lines = [`${method} ${target} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (method === 'POST') lines.push(`content-length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\nconnection: close\r\n\r\n${body}`;
}

/** A refusal in the API's error shape: {message, status} with the answer's status. */
function refusedInShape(t: Test, answer: RawAnswer, what: string): void {
  t.ok(answer.status >= 400 && answer.status < 500, `${what}: refused (${answer.status})`);
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = answer.text;
  }
  t.match(body, { message: String, status: answer.status }, `${what}: in the API's error shape`);
}

/** A listening mock, a session and a changed client: a reset would take both away. */
async function listeningWorld(t: Test) {
  const app = await buildMock({ spec: await spec(), rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  const port = (app.server.address() as { port: number }).port;
  const token = await signinOn(app);
  const update = (await spec()).byId.get('updateClient')!.requestBody!.examples[0] as { client_id: number };
  const marked = { ...update, name: 'Marked-before-the-attack' };
  const r = await app.inject({
    method: 'POST',
    url: '/api/v1/client/update',
    headers: { platform: 'WEB', ...bearer(token) },
    payload: marked,
  });
  t.equal(r.statusCode, 200, 'the client was changed before the attacks');
  const unchanged = (what: string) => {
    t.ok(app.mock.store.userByToken(token), `${what}: the session lives (no reset)`);
    t.equal(app.mock.store.client(update.client_id)?.name, marked.name, `${what}: the changed client is still there`);
  };
  return { app, port, unchanged };
}

async function signinOn(app: FastifyInstance): Promise<string> {
  const r = await app.inject({
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: { platform: 'WEB' },
    payload: { email: 'demo@example.com', password: 'demo-password' },
  });
  return r.json().data.api_token;
}

/** Spellings of a control path the router takes to the same route, or to none. */
const SPELLINGS: Array<[string, (path: string) => string]> = [
  ['as registered', (p) => `/__mock/${p}`],
  ['%5F for the first underscore', (p) => `/%5F_mock/${p}`],
  ['%5f%5f, lower case', (p) => `/%5f%5fmock/${p}`],
  ['%5F%5f, mixed case', (p) => `/%5F%5fmock/${p}`],
  ['a letter of the prefix encoded', (p) => `/__%6Dock/${p}`],
  ['the first letter of the control encoded', (p) => `/__mock/%${p.charCodeAt(0).toString(16)}${p.slice(1)}`],
  ['%2F for the slash', (p) => `/__mock%2F${p}`],
  ['%2f for the slash, encoded prefix', (p) => `/%5F_mock%2f${p}`],
  ['a double slash in front', (p) => `//__mock/${p}`],
  ['a double slash inside', (p) => `/__mock//${p}`],
  ['a dot segment', (p) => `/api/../__mock/${p}`],
  ['an encoded dot segment %2e%2e', (p) => `/api/%2e%2e/__mock/${p}`],
  ['an encoded dot segment %2E%2E, encoded prefix', (p) => `/x/%2E%2E/%5F_mock/${p}`],
  ['a single-dot segment', (p) => `/__mock/./${p}`],
  ['a trailing slash', (p) => `/__mock/${p}/`],
  ['a trailing slash, encoded prefix', (p) => `/%5F_mock/${p}/`],
  ['upper case', (p) => `/__MOCK/${p.toUpperCase()}`],
  ['a query string, encoded prefix', (p) => `/%5F_mock/${p}?x=1`],
  ['a semicolon, encoded prefix', (p) => `/%5F_mock/${p};x=1`],
  ['absolute-form, a foreign authority', (p) => `http://evil.example/__mock/${p}`],
  ['absolute-form, encoded prefix', (p) => `http://evil.example/%5F_mock/${p}`],
  ["absolute-form, this machine's authority", (p) => `http://127.0.0.1/%5F_mock/${p}`],
];

/** What hostile pages can send: a page on another site, and a page on a rebinding name. */
const ATTACKERS: Array<[string, (port: number) => Record<string, string>]> = [
  [
    'no-cors POST from a page on another site',
    (port) => ({
      host: `127.0.0.1:${port}`,
      origin: 'https://evil.example',
      'content-type': 'text/plain;charset=UTF-8',
    }),
  ],
  [
    'a rebinding page (Host and Origin its own name)',
    (port) => ({
      host: `attacker.example:${port}`,
      origin: `http://attacker.example:${port}`,
      'content-type': 'application/json',
    }),
  ],
  [
    'a rebinding Host with no Origin',
    (port) => ({ host: `attacker.example:${port}`, 'content-type': 'application/json' }),
  ],
];

t.test('regression: no spelling of /__mock/reset lets a hostile page reset the world', async (t) => {
  const { port, unchanged } = await listeningWorld(t);
  for (const [spelling, target] of SPELLINGS)
    for (const [attacker, headers] of ATTACKERS) {
      const what = `${attacker}, ${spelling} (${target('reset')})`;
      refusedInShape(t, await rawHttp(port, request('POST', target('reset'), headers(port), '{}')), what);
      unchanged(what);
    }
});

t.test('regression: no spelling of /__mock/mail hands reset tokens to a rebinding page', async (t) => {
  const { app, port } = await listeningWorld(t);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/v1/user/forgot_password',
    headers: { platform: 'WEB' },
    payload: { email: 'demo@example.com' },
  });
  t.equal(sent.statusCode, 200);
  const token = app.mock.store.outbox.at(-1)?.reset_token;
  t.ok(token, 'a reset token waits in the outbox');
  for (const [spelling, target] of SPELLINGS) {
    // A same-origin GET sends no Origin: only the Host tells the rebinding apart.
    const answer = await rawHttp(port, request('GET', target('mail'), { host: `attacker.example:${port}` }));
    refusedInShape(t, answer, spelling);
    t.notOk(answer.text.includes(token!), `${spelling}: no reset token in the answer`);
  }
});

/** Host headers and what the guard makes of them (each with and without a port). */
const THIS_MACHINE = [
  'localhost',
  'LOCALHOST',
  'localhost.',
  '127.0.0.1',
  '127.0.0.1.',
  '127.1',
  '[::1]',
  '[0:0:0:0:0:0:0:1]',
  '[::ffff:127.0.0.1]',
];
const NOT_THIS_MACHINE = [
  'attacker.example',
  'ATTACKER.EXAMPLE',
  'localhost.evil.example',
  'localhost.evil.example.',
  '127.0.0.1.nip.io',
  '127.0.0.1.evil.example.',
  'foo.localhost',
  '0.0.0.0',
  '[::]',
  'evil@localhost',
  'localhost@evil.example',
  'localhost/evil',
  'localhost\\evil',
];

t.test('Host variants: loopback literals and names are this machine, rebinding names are not', async (t) => {
  const { port, unchanged } = await listeningWorld(t);
  const withPorts = (hosts: string[]) => hosts.flatMap((h) => [h, `${h}:${port}`]);
  for (const host of withPorts(NOT_THIS_MACHINE)) {
    const what = `Host ${JSON.stringify(host)}`;
    const answer = await rawHttp(
      port,
      request('POST', '/%5F_mock/reset', { host, 'content-type': 'application/json' }, '{}'),
    );
    refusedInShape(t, answer, what);
    unchanged(what);
  }
  for (const host of ['', ' ']) {
    const what = `an empty Host ${JSON.stringify(host)}`;
    const answer = await rawHttp(
      port,
      request('POST', '/__mock/reset', { host, 'content-type': 'application/json' }, '{}'),
    );
    refusedInShape(t, answer, what);
    unchanged(what);
  }
  const noHost = await rawHttp(
    port,
    'POST /__mock/reset HTTP/1.0\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
  );
  refusedInShape(t, noHost, 'HTTP/1.0 without a Host');
  unchanged('HTTP/1.0 without a Host');
  const other = await rawHttp(
    port,
    request('GET', 'http://attacker.example/__mock/accounts', { host: `127.0.0.1:${port}` }),
  );
  refusedInShape(t, other, 'absolute-form naming another host than the Host header');
  for (const host of withPorts(THIS_MACHINE)) {
    const answer = await rawHttp(port, request('GET', '/__mock/accounts', { host }));
    t.equal(answer.status, 200, `Host ${JSON.stringify(host)} is this machine`);
  }
  const same = await rawHttp(
    port,
    request('GET', `http://127.0.0.1:${port}/__mock/accounts`, { host: `127.0.0.1:${port}` }),
  );
  t.equal(same.status, 200, 'absolute-form naming this machine, as the Host does, is served');
});

t.test('every route under /__mock is guarded, whoever registered it, under any spelling', async (t) => {
  const mock = await testMock(t);
  const controls = mock.app.mock.routes.filter((r) => r.split(' ')[1]!.startsWith('/__mock'));
  t.ok(controls.length >= 10, `${controls.length} control routes`);
  for (const route of controls) {
    const [method, path] = route.split(' ') as ['GET' | 'POST' | 'DELETE', string];
    for (const url of [path, path.replace('/__mock', '/%5F_mock'), path.replace('/__mock', '/%5f%5Fmock')]) {
      const r = await mock.app.inject({
        method,
        url,
        headers: { host: 'attacker.example', 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { payload: '{}' }),
      });
      t.equal(r.statusCode, 403, `${method} ${url}`);
      t.match(r.json(), { message: /the Host "attacker.example" is not this machine/, status: 403 });
    }
  }
});
