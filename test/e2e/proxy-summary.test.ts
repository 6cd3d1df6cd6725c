// GET /__proxy/summary is the proxy's own (issue 29 attack pass): never
// forwarded, however the path is spelled, and refused (403, in the API's error
// shape) to a Host that is not this machine, an IP literal or a name the proxy
// was told (--host): a page on a rebound DNS name cannot read the counts.
import t from 'tap';
import type { FetchLike } from '../../lib/http.js';
import { SUMMARY_PATH } from '../../proxy/server.js';
import { proxy } from '../helpers/proxy.js';

/** An upstream that counts what reached it. */
function counting() {
  const seen: string[] = [];
  const fetch: FetchLike = async (input) => {
    seen.push(String(input));
    return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
  };
  return { seen, fetch };
}

t.test('served here, never forwarded, in every spelling of its path', async (t) => {
  const up = counting();
  const { app } = await proxy(t, 'http://127.0.0.1:9', { fetch: up.fetch });
  for (const url of [
    SUMMARY_PATH,
    `${SUMMARY_PATH}/`,
    '/%5F_proxy/summary',
    '//__proxy/summary',
    '/__proxy//summary//',
    `${SUMMARY_PATH}?x=1`,
    `${SUMMARY_PATH}/?x=1`,
  ]) {
    const r = await app.inject({ method: 'GET', url });
    t.equal(r.statusCode, 200, url);
    t.match(r.json(), { exchanges: 0, operations: [] }, `${url}: the summary`);
  }
  t.same(up.seen, [], 'nothing reached the upstream');
});

t.test('a Host that is not this machine is refused; loopback, IP literals and --host are served', async (t) => {
  const { app } = await proxy(t, 'http://127.0.0.1:9', { fetch: counting().fetch, hosts: ['devbox.lan'] });
  const served = [
    'localhost:4020',
    '127.0.0.1:4020',
    '[::1]:4020',
    '192.168.1.20:4020',
    'LOCALHOST.',
    'devbox.lan:4020',
  ];
  for (const host of served)
    t.equal((await app.inject({ method: 'GET', url: SUMMARY_PATH, headers: { host } })).statusCode, 200, host);
  const refused = [
    'evil.example',
    'evil.example:4020',
    'foo.localhost',
    '0.0.0.0:4020',
    'localhost@evil.example',
    '127.0.0.1.evil.example',
  ];
  for (const host of refused) {
    for (const url of [SUMMARY_PATH, `${SUMMARY_PATH}/`]) {
      const r = await app.inject({ method: 'GET', url, headers: { host } });
      t.equal(r.statusCode, 403, `${host} ${url}`);
      t.match(r.json(), { status: 403, message: /served to this machine only: the Host .* is not this machine/ });
      t.notMatch(r.body, /exchanges/, 'no counts');
    }
  }
});

t.test('hosts must be a list of names', async (t) => {
  await t.rejects(proxy(t, 'http://127.0.0.1:9', { hosts: [''] }), {
    code: 'MCS_ERR_PROXY_OPTIONS',
    message: /hosts\[0\]/,
  });
  await t.rejects(proxy(t, 'http://127.0.0.1:9', { hosts: 'x' as never }), { message: /hosts must be an array/ });
});
