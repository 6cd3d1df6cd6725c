// Issue 30 hardening: a world named the wrong way on a control acted on the
// default world (reset took any body; unknown query parameters were ignored).
// Now refused with how to name a world; success messages name the world.
import t from 'tap';
import { testMock } from '../../helpers/mock.js';
import { auth, inWorld } from '../../helpers/worlds.js';

const JSON_TYPE = { 'content-type': 'application/json' };

t.test('regression: a world named the wrong way is refused, and the default world is untouched', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const main = inWorld(app, undefined);
  const token = await main.signin();
  await inWorld(app, 'w3').signin();
  t.equal((await main.control('POST', '/__mock/faults', { operationId: 'getProfile', latency_ms: 1 })).status, 201);
  const cases: Array<[string, { method: 'POST' | 'DELETE' | 'GET'; url: string; payload?: string }]> = [
    ['reset with {"world":"w3"}', { method: 'POST', url: '/__mock/reset', payload: '{"world":"w3"}' }],
    ['reset with a JSON array', { method: 'POST', url: '/__mock/reset', payload: '[]' }],
    ['reset ?World=w3', { method: 'POST', url: '/__mock/reset?World=w3', payload: '{}' }],
    ['reset ?world[]=w3', { method: 'POST', url: '/__mock/reset?world[]=w3', payload: '{}' }],
    ['DELETE /__mock/faults?World=w3', { method: 'DELETE', url: '/__mock/faults?World=w3' }],
    ['GET /__mock/mail?name=w3', { method: 'GET', url: '/__mock/mail?name=w3' }],
  ];
  for (const [what, req] of cases) {
    const r = await app.inject({ ...req, headers: req.payload === undefined ? {} : JSON_TYPE });
    t.equal(r.statusCode, 400, `${what}: 400`);
    t.match(r.json(), { status: 400, message: /X-Mock-World.*\/worlds\/NAME\/.*\?world=/ }, `${what}: says how`);
  }
  t.equal((await main.post('/user/get_profile', {}, auth(token))).status, 200, 'the default world was not reset');
  t.equal((await main.control('GET', '/__mock/faults')).body.faults.length, 1, 'nor its faults cleared');
});

t.test('the right ways still work, and the success message names the world', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  await inWorld(app, 'w3').signin();
  const reset = await app.inject({ method: 'POST', url: '/__mock/reset?world=w3', headers: JSON_TYPE, payload: '{}' });
  t.match(reset.json().message, /^World w3 reset to seed \d+/);
  const empty = await app.inject({
    method: 'POST',
    url: '/__mock/reset',
    headers: { ...JSON_TYPE, 'x-mock-world': 'w3' },
  });
  t.match(empty.json().message, /^World w3 reset/, 'an empty body is fine');
  const main = await app.inject({ method: 'POST', url: '/__mock/reset', headers: JSON_TYPE, payload: '{}' });
  t.match(main.json().message, /^World reset to seed/, 'the default world is not named');
  const cleared = await app.inject({ method: 'DELETE', url: '/worlds/w3/__mock/faults' });
  t.equal(cleared.json().message, 'All faults cleared in world w3.');
  const journal = await app.inject({ method: 'GET', url: '/__mock/requests?world=w3&limit=5&status=200' });
  t.equal(journal.statusCode, 200, "the journal's own filters are kept");
});
