// The Mock Service Worker handlers: the app's fetch reaches the mock with no
// port, reset() gives each test the seed's world, and controls work too.
import t from 'tap';
import { mswServer } from '../helpers/msw.js';

const baseUrl = 'https://api.example.test';
const mock = await mswServer(t, { baseUrl });

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      platform: 'WEB',
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
const signin = async () =>
  (
    (await (await post('/api/v1/user/signin', { email: 'demo@example.com', password: 'demo-password' })).json()) as {
      data: { api_token: string };
    }
  ).data.api_token;

t.test(
  'a write persists across calls, and reset() restores the seed’s world and clears faults and journal',
  async (t) => {
    const token = await signin();
    const list = async () =>
      (
        (await (await post('/api/v1/client/list', { limit: 1 }, token)).json()) as {
          data: { data: Array<{ id: number; city: string }> };
        }
      ).data.data[0]!;
    const client = await list();
    const update = await post('/api/v1/client/update', { ...client, client_id: client.id, city: 'Lisbon' }, token);
    t.equal(update.status, 200);
    t.equal((await list()).city, 'Lisbon');
    const fault = await fetch(`${baseUrl}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operationId: 'getSettings', status: 429 }),
    });
    t.equal(fault.status, 201, 'the controls answer through the handler too');
    t.equal((await post('/api/v1/user/settings', {})).status, 429, 'the fault applies');
    t.ok(mock.journal.count > 0);
    await mock.reset();
    t.equal(mock.journal.count, 0, 'journal emptied');
    const again = await signin();
    t.equal((await post('/api/v1/user/settings', {}, again)).status, 200, 'faults cleared');
    const fresh = await post('/api/v1/client/list', { limit: 1 }, token);
    t.equal(fresh.status, 401, 'tokens of before the reset are gone');
  },
);

t.test('answers keep their status, headers and body, and the page URLs name the app’s host', async (t) => {
  const token = await signin();
  const r = await post('/api/v1/client/list', { limit: 2 }, token);
  t.equal(r.status, 200);
  t.match(r.headers.get('content-type'), /^application\/json/);
  const body = (await r.json()) as { data: { first_page_url: string } };
  // http even under an https base URL: inject() has no TLS socket (README, known limits).
  t.equal(body.data.first_page_url, 'http://api.example.test/api/v1/client/list?page=1');
  const wrong = await fetch(`${baseUrl}/api/v1/client/list`, { method: 'GET', headers: { platform: 'WEB' } });
  t.equal(wrong.status, 405);
  t.match(wrong.headers.get('allow'), /POST/);
});

t.test(
  'worlds work through the handlers, under the prefix too; reset() drops every world but the default',
  async (t) => {
    const inW = (path: string) =>
      fetch(`${baseUrl}/worlds/w1${path}`, {
        method: 'POST',
        headers: { platform: 'WEB', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
      });
    t.equal((await inW('/api/v1/user/signin')).status, 200);
    const byHeader = await fetch(`${baseUrl}/__mock/worlds`, { headers: { 'x-mock-world': 'w2' } });
    t.same(
      ((await byHeader.json()) as { worlds: Array<{ name: string }> }).worlds.map((w) => w.name),
      ['default', 'w1'],
    );
    await mock.reset();
    t.same(
      mock.worlds.list().map((w) => w.name),
      ['default'],
    );
  },
);
