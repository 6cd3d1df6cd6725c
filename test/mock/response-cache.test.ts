// The read cache: what its key holds, and the bound on its size.

import type { FastifyRequest } from 'fastify';
import t from 'tap';
import { cacheKey, RAW_KEY_LIMIT, ResponseCache } from '../../mock/response-cache.js';
import '../../mock/runtime.js';

type Parts = {
  method: string;
  url: string;
  token?: string;
  headers: { host?: string };
  bodyText?: string;
  body?: unknown;
};
const base: Parts = {
  method: 'POST',
  url: '/api/v1/client/list',
  token: 'token-a',
  headers: { host: 'h:1' },
  bodyText: '{"page":1}',
  body: { page: 1 },
};
const key = (p: Partial<Parts>, platform = 'WEB') => cacheKey({ ...base, ...p } as unknown as FastifyRequest, platform);

t.test('each part of a request that can change the answer changes the key', async (t) => {
  const cases: Array<[string, Partial<Parts>]> = [
    ['method', { method: 'GET' }],
    ['path', { url: '/api/v1/client/user_client' }],
    ['query', { url: '/api/v1/client/list?page=2' }],
    ['caller', { token: 'token-b' }],
    ['no caller', { token: undefined }],
    ['Host', { headers: { host: 'localhost:5173' } }],
    ['body text', { bodyText: '{"page":2}', body: { page: 2 } }],
  ];
  for (const [name, change] of cases) t.not(key(change), key({}), name);
  t.not(key({}, 'IOS'), key({}), 'platform');
});

t.test('a body without its text is stringified into the key, an absent body is not', async (t) => {
  t.equal(key({ bodyText: undefined }), key({ bodyText: '{"page":1}' }), 'the parsed body stands in for its text');
  t.not(
    key({ bodyText: undefined, body: { page: 2 } }),
    key({ bodyText: undefined }),
    'two bodies without text stay apart',
  );
  t.not(
    key({ bodyText: undefined, body: undefined }),
    key({ bodyText: undefined, body: {} }),
    'no body is not an empty object',
  );
});

t.test(
  'a long body text is keyed by its validated value, so padding cannot make keys as long as the body limit',
  async (t) => {
    const padded = `{"page":1}${' '.repeat(RAW_KEY_LIMIT * 100)}`;
    const k = key({ bodyText: padded, body: { page: 1 } });
    t.equal(k, key({ bodyText: '{"page":1}' }), 'the same key as the compact text');
    t.ok(k.length < 100);
  },
);

t.test('the cache keeps an answer made at the current version, until the store changes', async (t) => {
  const cache = new ResponseCache();
  const v = cache.version;
  t.ok(cache.keep('a', '1', v));
  t.equal(cache.get('a'), '1');
  cache.changed();
  t.equal(cache.get('a'), undefined, 'a change drops every answer');
  t.notOk(cache.keep('b', '2', v), 'an answer made before the change is not kept');
  t.equal(cache.get('b'), undefined);
});

t.test('the cache empties itself at its bound', async (t) => {
  const cache = new ResponseCache(2);
  const v = cache.version;
  cache.keep('a', '1', v);
  cache.keep('b', '2', v);
  t.same([cache.get('a'), cache.get('b')], ['1', '2']);
  cache.keep('c', '3', v);
  t.same([cache.get('a'), cache.get('c')], [undefined, '3'], 'the third entry dropped the first two');
  t.equal(cache.size, 1);
});
