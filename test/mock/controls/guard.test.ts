// Controls reachable cross-site (issue 19): a page on any origin could
// fetch('http://127.0.0.1:4010/__mock/reset', {method: 'POST', mode: 'no-cors'})
// and wipe the world, and read reset tokens from /__mock/mail. Now refused.
// Spellings of the path and of the Host are tested in spellings.test.ts.
import t from 'tap';
import { hostName } from '../../../lib/origins.js';
import { testMock } from '../../helpers/mock.js';

const refusedShape = { message: String, status: Number };

t.test('regression: what a page on another site can send is refused, and changes nothing', async (t) => {
  const mock = await testMock(t);
  const cases: Array<
    [string, { method: 'GET' | 'POST'; url: string; headers: Record<string, string>; payload?: string }, number, RegExp]
  > = [
    [
      'no-cors POST (text/plain) from a foreign page',
      {
        method: 'POST',
        url: '/__mock/reset',
        headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
        payload: '{}',
      },
      403,
      /the Origin "https:\/\/evil.example" is not allowed/,
    ],
    [
      'JSON POST with a foreign Origin',
      {
        method: 'POST',
        url: '/__mock/subscription',
        headers: { origin: 'http://evil.example', 'content-type': 'application/json' },
        payload: '{"email":"nosub@example.com","plan_id":2}',
      },
      403,
      /not allowed/,
    ],
    [
      'reading the reset-token mailbox cross-site',
      { method: 'GET', url: '/__mock/mail', headers: { 'sec-fetch-site': 'cross-site' } },
      403,
      /a cross-site request/,
    ],
    [
      'a simple POST without Origin (form, no-cors)',
      { method: 'POST', url: '/__mock/reset', headers: { 'content-type': 'text/plain' }, payload: '' },
      415,
      /content-type: application\/json/,
    ],
    [
      'a rebound Host (DNS rebinding)',
      {
        method: 'POST',
        url: '/__mock/reset',
        headers: { host: 'attacker.example:4010', 'content-type': 'application/json' },
        payload: '{}',
      },
      403,
      /the Host "attacker.example:4010" is not this machine/,
    ],
    [
      'the journal with a foreign Origin',
      { method: 'GET', url: '/__mock/requests', headers: { origin: 'https://evil.example' } },
      403,
      /not allowed/,
    ],
  ];
  const token = await mock.signin();
  for (const [what, req, status, message] of cases) {
    const r = await mock.app.inject(req);
    t.equal(r.statusCode, status, what);
    t.match(r.json(), { ...refusedShape, message, status }, what);
  }
  t.ok(mock.app.mock.store.userByToken(token), 'the world was not reset: the session lives');
  t.notOk(
    mock.app.mock.store.activeSubscription(mock.app.mock.store.userByEmail('nosub@example.com')!.id),
    'no plan was given',
  );
});

t.test("this machine's pages and tools still reach the controls", async (t) => {
  const mock = await testMock(t, { corsOrigins: ['http://192.168.1.20:5173'] });
  const ok: Array<
    [string, { method: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string }]
  > = [
    ['curl (no Origin)', { method: 'GET', url: '/__mock/accounts' }],
    [
      'a local dev server',
      {
        method: 'POST',
        url: '/__mock/faults',
        headers: {
          origin: 'http://localhost:5173',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/json',
        },
        payload: '{"latency_ms":1}',
      },
    ],
    [
      'an origin given with --cors-origin, by its own Host',
      {
        method: 'GET',
        url: '/__mock/faults',
        headers: { origin: 'http://192.168.1.20:5173', host: '192.168.1.20:4010' },
      },
    ],
    [
      'the console on 127.0.0.1',
      {
        method: 'POST',
        url: '/__mock/reset',
        headers: { origin: 'http://127.0.0.1:4010', host: '127.0.0.1:4010', 'content-type': 'application/json' },
        payload: '{}',
      },
    ],
  ];
  for (const [what, req] of ok) t.equal((await mock.app.inject(req)).statusCode < 300, true, what);
  t.equal(
    (
      await mock.app.inject({
        method: 'POST',
        url: '/api/v1/countries/index',
        headers: { platform: 'WEB', origin: 'https://evil.example' },
      })
    ).statusCode,
    200,
    'the API itself is not guarded (CORS decides what a page may read)',
  );
});

t.test('the address the mock listens on reaches its controls', async (t) => {
  const mock = await testMock(t, { host: '10.0.0.5' });
  t.equal((await mock.app.inject({ url: '/__mock/accounts', headers: { host: '10.0.0.5:4010' } })).statusCode, 200);
  t.equal((await mock.app.inject({ url: '/__mock/accounts', headers: { host: '10.0.0.6:4010' } })).statusCode, 403);
});

t.test('hostName: the host a browser would have meant, or nothing', async (t) => {
  const cases: Array<[string | undefined, string]> = [
    ['localhost:4010', 'localhost'],
    ['[::1]:80', '[::1]'],
    ['127.0.0.1', '127.0.0.1'],
    ['Example.COM:1', 'example.com'],
    [undefined, ''],
    ['', ''],
    ['localhost.', 'localhost'],
    ['127.0.0.1.:4010', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['[0:0:0:0:0:0:0:1]', '[::1]'],
    ['[::ffff:127.0.0.1]', '[::ffff:7f00:1]'],
    ['localhost.evil.example.', 'localhost.evil.example'],
    ['evil@localhost', ''],
    ['localhost/evil', ''],
    ['localhost:abc', ''],
    ['::1', ''],
    ['local host', ''],
  ];
  for (const [host, want] of cases) t.equal(hostName(host), want, JSON.stringify(host));
});
