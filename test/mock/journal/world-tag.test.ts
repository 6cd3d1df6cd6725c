// The journal tags each exchange with its world. A path or method the spec lacks
// enters no world, yet its 404/405 is the world's that named it (the header or
// /worlds/NAME/), or the default world's when none did: ?world= and the
// console's world view show an app's wrong calls too. A bad name, and a CORS
// preflight naming none (any world's app may have sent it), are tagged null.
import t from 'tap';
import { testMock } from '../../helpers/mock.js';

t.test('a call the spec lacks is tagged with the world it named', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const call = (url: string, headers: Record<string, string> = {}, method: 'POST' | 'GET' = 'POST') =>
    app.inject({ method, url, headers: { platform: 'WEB', ...headers }, payload: method === 'POST' ? {} : undefined });
  t.equal((await call('/api/v1/nope', { 'x-mock-world': 'w2' })).statusCode, 404);
  t.equal((await call('/worlds/w3/api/v1/nope')).statusCode, 404);
  t.equal((await call('/api/v1/client/list', {}, 'GET')).statusCode, 405);
  t.equal((await call('/api/v1/nope', { 'x-mock-world': 'a_b' })).statusCode, 404);
  const preflight = await app.inject({
    method: 'OPTIONS',
    url: '/api/v1/client/list',
    headers: {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-mock-world',
    },
  });
  t.equal(preflight.statusCode, 204, 'a preflight');
  const journal = (await app.inject({ url: '/__mock/requests' })).json().requests as Array<{ world: string | null }>;
  t.same(
    journal.map((e) => e.world).reverse(),
    ['w2', 'w3', 'default', null, null],
    'the header, the prefix, none (the default world), a bad name and a preflight (null: no world)',
  );
  const w2 = (await app.inject({ url: '/__mock/requests?world=w2' })).json().requests;
  t.equal(w2.length, 1, "?world=w2 lists w2's 404");
  t.same(
    (await app.inject({ url: '/__mock/worlds' })).json().worlds.map((w: { name: string }) => w.name),
    ['default'],
    'tagging makes no world',
  );
});
