// How a request names its world: X-Mock-World, the /worlds/NAME/ prefix, or a
// control's ?world=; a name that is not 1 to 40 letters, digits and - is a 400
// in the API's shape, whichever way it came. CORS preflights allow the header.
import t from 'tap';
import { isWorldName, rewriteWorldUrl } from '../../../mock/worlds/names.js';
import { testMock } from '../../helpers/mock.js';
import { rawHttp } from '../../helpers/raw-http.js';
import { inWorld } from '../../helpers/worlds.js';

const BAD = [
  ['empty', ''],
  ['41 characters', 'a'.repeat(41)],
  ['an underscore', 'a_b'],
  ['a dot-dot path', '../x'],
  ['a space', 'a b'],
  ['unicode', 'wörld'],
  ['percent-encoded dots', '%2e%2e'],
  ['percent-encoded slash', 'a%2Fb'],
] as const;

t.test('the name rule', async (t) => {
  for (const good of ['a', 'A-1', 'w0', 'a'.repeat(40), 'default', '-']) t.ok(isWorldName(good), good);
  for (const [what, bad] of BAD) t.notOk(isWorldName(bad), what);
  t.notOk(isWorldName(['a']));
});

t.test('the prefix is routed as the path under it; other URLs are untouched', async (t) => {
  const raw = (url: string) => ({ url }) as never;
  t.equal(rewriteWorldUrl(raw('/worlds/w1/api/v1/user/signin?x=1')), '/api/v1/user/signin?x=1');
  t.equal(rewriteWorldUrl(raw('/api/v1/user/signin')), '/api/v1/user/signin');
  t.equal(rewriteWorldUrl(raw('/worlds/w1')), '/worlds/w1', 'no path under it: not a prefix (404)');
  t.equal(rewriteWorldUrl(raw('/worldsx/a/b')), '/worldsx/a/b');
});

t.test('a bad name is a 400 in the API’s shape, by header, prefix or ?world=', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const check = (what: string, r: { statusCode: number; headers: Record<string, unknown>; json: () => any }) => {
    t.equal(r.statusCode, 400, what);
    t.equal(r.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLD_NAME', what);
    const body = r.json();
    t.equal(body.status, 400, what);
    t.match(body.message, /a world's name is letters, digits and -, 1 to 40 characters/, what);
  };
  for (const [what, bad] of BAD) {
    if (!/^[\x20-\x7e]*$/.test(bad) || bad === '' || bad.includes(' ')) {
      // Not a header value Node sends as given: the header is tried with the printable ones only.
    } else {
      const r = await app.inject({
        method: 'POST',
        url: '/api/v1/user/signin',
        headers: { platform: 'WEB', 'x-mock-world': bad },
      });
      check(`header: ${what}`, r);
    }
    const encoded = encodeURIComponent(bad).replace(/%25/g, '%');
    // inject() resolves dot segments (%2e%2e too), as fetch does: those are sent raw below.
    if (!bad.includes('/') && !bad.includes('%2e')) {
      const prefixed = `/worlds/${encoded}/api/v1/user/signin`;
      check(`prefix: ${what}`, await app.inject({ method: 'POST', url: prefixed, headers: { platform: 'WEB' } }));
    }
    check(
      `?world=: ${what}`,
      await app.inject({ method: 'GET', url: `/__mock/faults?world=${encodeURIComponent(bad)}` }),
    );
  }
  check(
    'an empty header',
    await app.inject({ method: 'POST', url: '/api/v1/user/signin', headers: { platform: 'WEB', 'x-mock-world': '' } }),
  );
  check(
    'two header values',
    await app.inject({
      method: 'POST',
      url: '/api/v1/user/signin',
      headers: { platform: 'WEB', 'x-mock-world': ['a', 'b'] },
    }),
  );
  const listed = (await app.inject({ method: 'GET', url: '/__mock/worlds' })).json().worlds;
  t.same(
    listed.map((w: { name: string }) => w.name),
    ['default'],
    'no bad name made a world',
  );
});

t.test('header and prefix reach the same world; naming two at once is a 400', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const token = await inWorld(app, 'w1').signin();
  const viaPrefix = inWorld(app, 'w1', true);
  t.equal((await viaPrefix.post('/user/get_profile', {}, { authorization: `Bearer ${token}` })).status, 200);
  t.equal((await viaPrefix.control('GET', '/__mock/mail')).status, 200, 'controls take the prefix too');
  t.equal(
    (await inWorld(app, 'w2', true).post('/user/get_profile', {}, { authorization: `Bearer ${token}` })).status,
    401,
  );
  const both = await app.inject({
    method: 'POST',
    url: '/worlds/w1/api/v1/user/signin',
    headers: { platform: 'WEB', 'x-mock-world': 'w2' },
  });
  t.equal(both.statusCode, 400);
  t.match(both.json().message, /name two worlds, "w2" and "w1"/);
  const same = await app.inject({
    payload: { email: 'demo@example.com', password: 'demo-password' },
    method: 'POST',
    url: '/worlds/w1/api/v1/user/signin',
    headers: { platform: 'WEB', 'x-mock-world': 'w1' },
  });
  t.equal(same.statusCode, 200, 'a header and a prefix naming the same world are one world');
  const twice = await app.inject({
    payload: { email: 'demo@example.com', password: 'demo-password' },
    method: 'POST',
    url: '/api/v1/user/signin',
    headers: { platform: 'WEB', 'x-mock-world': ['w1', 'w1'] },
  });
  t.equal(twice.statusCode, 400, 'the header sent twice is one value, "w1, w1", and refused (docs/mock.md says so)');
  t.match(twice.json().message, /"w1, w1"/);
  const unknownPath = await app.inject({
    method: 'POST',
    url: '/worlds/w1/api/v1/nothing',
    headers: { platform: 'WEB' },
  });
  t.equal(unknownPath.statusCode, 404);
  t.equal(unknownPath.headers['x-mock-error'], 'MCS_ERR_ROUTE_NOT_FOUND');
});

t.test('a request naming the default world is in the default world', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  const token = await inWorld(app, undefined).signin();
  const r = await inWorld(app, 'default').post('/user/get_profile', {}, { authorization: `Bearer ${token}` });
  t.equal(r.status, 200);
});

t.test('a CORS preflight allows the header; nothing new is exposed', async (t) => {
  const { app } = await testMock(t);
  const r = await app.inject({
    method: 'OPTIONS',
    url: '/api/v1/client/list',
    headers: {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type, platform, x-mock-world',
    },
  });
  t.equal(r.statusCode, 204);
  t.match(String(r.headers['access-control-allow-headers']), /x-mock-world/i);
  const prefixed = await app.inject({
    method: 'OPTIONS',
    url: '/worlds/w1/api/v1/client/list',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
  });
  t.equal(prefixed.statusCode, 204, 'a preflight under the prefix too');
});

t.test('prefixes sent byte for byte: dot segments, escapes and bytes are names, and refused', async (t) => {
  const { app } = await testMock(t, { rateLimit: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const targets = [
    '/worlds/../api/v1/user/signin',
    '/worlds/%2e%2e/api/v1/user/signin',
    '/worlds/%2E%2E/__mock/reset',
    '/worlds//api/v1/user/signin',
    '/worlds/a_b/api/v1/user/signin',
    '/worlds/w%C3%B6rld/api/v1/user/signin',
    '/worlds/a%2Fb/api/v1/user/signin',
  ];
  for (const target of targets) {
    const body = '{}';
    const r = await rawHttp(
      port,
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nplatform: WEB\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`,
    );
    t.equal(r.status, 400, target);
    t.equal(r.headers['x-mock-error'], 'MCS_ERR_MOCK_WORLD_NAME', target);
  }
  const listed = (await app.inject({ method: 'GET', url: '/__mock/worlds' })).json().worlds;
  t.same(
    listed.map((w: { name: string }) => w.name),
    ['default'],
  );
});
