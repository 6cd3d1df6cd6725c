// The read cache: what its key holds, and the bound on its size in bytes.

import type { FastifyRequest } from 'fastify';
import t from 'tap';
import {
  BYTES_FROM,
  CACHE_MAX_BYTES,
  CachePool,
  cacheKey,
  RAW_KEY_LIMIT,
  ResponseCache,
} from '../../../mock/pipeline/response-cache.js';
import '../../../mock/runtime.js';

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

// Each form of filling the cache: many big answers, few huge ones, long keys
// (query strings) with small answers, two-byte text. Whatever the form, what it
// keeps stays under its byte bound, counted at 2 bytes a character.
t.test(
  'regression: the cache was bounded by entry count, so big answers under distinct keys exhausted the heap',
  async (t) => {
    const maxBytes = 1024 * 1024;
    const rows: Array<[string, (i: number) => [string, string], number]> = [
      ['many answers of 100 kB under distinct query strings', (i) => [`GET /p?page=${i}`, 'x'.repeat(50_000)], 200],
      ['answers over an eighth of the bound', (i) => [`GET /big?${i}`, 'x'.repeat(maxBytes / 16 + 1)], 20],
      ['long keys with small answers', (i) => [`GET /k?${'q'.repeat(20_000)}${i}`, '{}'], 500],
      ['two-byte text', (i) => [`GET /u?${i}`, 'é中'.repeat(20_000)], 200],
    ];
    for (const [name, entry, count] of rows) {
      const cache = new ResponseCache({ maxBytes });
      for (let i = 0; i < count; i++) {
        const [k, text] = entry(i);
        cache.keep(k, text, cache.version);
        if (cache.bytes > maxBytes) {
          t.fail(`${name}: ${cache.bytes} bytes kept after ${i + 1} answers`);
          break;
        }
      }
      t.ok(cache.bytes <= maxBytes, `${name}: ${cache.bytes} bytes kept, at most ${maxBytes}`);
    }
  },
);

t.test('an answer larger than an eighth of the bound is not kept; smaller ones are', async (t) => {
  const cache = new ResponseCache({ maxBytes: 1600 });
  t.notOk(cache.keep('big', 'x'.repeat(100), cache.version), '2 x (3 + 100) bytes > 200');
  t.equal(cache.get('big'), undefined);
  t.ok(cache.keep('small', 'x'.repeat(90), cache.version));
  t.equal(cache.get('small'), 'x'.repeat(90));
  t.equal(cache.bytes, 2 * ('small'.length + 90));
});

t.test('at its bound the cache lets the least recently read answers go', async (t) => {
  // Eight answers of 2 x (1 + 99) = 200 bytes fill 1,600.
  const cache = new ResponseCache({ maxBytes: 1600 });
  const v = cache.version;
  const keys = [...'abcdefgh'];
  for (const k of keys) cache.keep(k, 'x'.repeat(99), v);
  t.equal(cache.bytes, 1600);
  t.ok(cache.get('a'), 'a read moves a to the front');
  cache.keep('i', 'x'.repeat(99), v);
  t.same(
    [...keys, 'i'].filter((k) => cache.get(k) === undefined),
    ['b'],
    'b, the least recently read, went first',
  );
  t.same([cache.size, cache.bytes], [8, 1600]);
  cache.changed();
  t.same([cache.size, cache.bytes], [0, 0], 'a change drops everything');
});

t.test('the default bound is 32 MiB', async (t) => {
  t.equal(CACHE_MAX_BYTES, 32 * 1024 * 1024);
  t.equal(new ResponseCache().maxBytes, CACHE_MAX_BYTES);
});

// Issue 30: a cache per named world, each bounded alone, let 1,000 worlds that read hold 1,000 bounds (500 MiB).
t.test('caches in one pool: one byte bound for all; a change is seen by its own cache only', async (t) => {
  const pool = new CachePool(64 * 1024);
  const caches = Array.from({ length: 1000 }, () => new ResponseCache({ pool }));
  const page = 'x'.repeat(1000);
  const kept = caches.filter((c, i) => c.keep('GET /client/list', `${i}:${page}`, c.version)).length;
  t.equal(kept, 1000, 'every answer was kept (the caches kept into least lately then gave theirs up)');
  t.ok(pool.bytes <= 64 * 1024, `${pool.bytes} bytes kept by 1,000 caches`);
  t.equal(
    pool.bytes,
    caches.reduce((sum, c) => sum + c.bytes, 0),
    "the pool's count is what the caches hold",
  );
  const [a, b] = [caches[998]!, caches[999]!];
  t.match(a.get('GET /client/list'), /^998:/, 'each cache reads its own answer for the same key');
  t.match(b.get('GET /client/list'), /^999:/);
  const before = a.version;
  a.changed();
  t.equal(a.get('GET /client/list'), undefined, 'after a change, its old answer is not read');
  t.notOk(a.keep('GET /client/list', 'stale', before), 'nor kept when made before the change');
  t.match(b.get('GET /client/list'), /^999:/, "another cache's answer stays");
  t.ok(a.keep('GET /client/list', 'new', a.version));
  t.equal(a.get('GET /client/list'), 'new');
  t.equal(caches[0]!.get('GET /client/list'), undefined, 'the cache kept into first gave its answer up');
});

// Issue 31: the serializer's text is a rope, which Node walked again on every send of a kept answer
// (client/list at 49% of bare Fastify's req/s). A kept answer is now flat: bytes when large, one text when small.
t.test('a kept answer is made flat once: a large one as its UTF-8 bytes, a small one as text', async (t) => {
  const cache = new ResponseCache({ maxBytes: 1024 * 1024 });
  const rows: Array<[string, string]> = [
    ['ASCII', 'x'.repeat(BYTES_FROM)],
    ['beyond ASCII', `${'é中✓👍'.repeat(BYTES_FROM / 4)}`],
  ];
  for (const [name, text] of rows) {
    const kept = cache.keep(name, text, cache.version);
    t.ok(Buffer.isBuffer(kept), `${name}: bytes`);
    t.equal((kept as Buffer).toString('utf8'), text, `${name}: the same text`);
    t.equal(cache.get(name), kept, `${name}: read back as kept`);
  }
  t.equal(
    cache.bytes,
    rows.reduce((sum, [name, text]) => sum + 2 * name.length + Buffer.byteLength(text), 0),
    'bytes are counted as they are, keys at 2 a character',
  );
  const small = cache.keep('small', '{"status":"success"}', cache.version);
  t.equal(small, '{"status":"success"}', 'a small answer is text');
  t.equal(cache.get('small'), small);
});

// Found by the review of issue 31's work: Buffer.from() cuts answers under 4 KiB out of Node's shared
// 8 KiB pool, so each kept one held a whole block (the cache held 3x the bytes it counted).
t.test('regression: kept bytes are their own memory, not a slice of a shared pool', async (t) => {
  const cache = new ResponseCache();
  for (const chars of [BYTES_FROM, 2100, 4000, 9000]) {
    const kept = cache.keep(`k${chars}`, 'x'.repeat(chars), cache.version) as Buffer;
    t.ok(Buffer.isBuffer(kept));
    t.equal(kept.buffer.byteLength, kept.length, `${chars} characters: the memory held is the bytes counted`);
  }
});

// Found by the same review: a text under the per-entry bound in characters but over it in bytes (CJK, 3 bytes
// a character) was encoded in full, then refused, on every request that made it.
t.test('regression: an answer too large to keep is refused before any copy', async (t) => {
  const cache = new ResponseCache({ maxBytes: 8 * 16 * 1024 }); // an entry may be 16 KiB
  const allocations: number[] = [];
  const { from, allocUnsafeSlow } = Buffer;
  t.teardown(() => Object.assign(Buffer, { from, allocUnsafeSlow }));
  Object.assign(Buffer, {
    from: (...a: unknown[]) => {
      const b = (from as (...x: unknown[]) => Buffer)(...a);
      allocations.push(b.length);
      return b;
    },
    allocUnsafeSlow: (n: number) => (allocations.push(n), allocUnsafeSlow(n)),
  });
  t.equal(cache.keep('k', '中'.repeat(6000), cache.version), undefined, '6,000 characters, 18,000 bytes: not kept');
  t.same(allocations, [], 'nothing copied');
  t.ok(cache.keep('k', 'x'.repeat(6000), cache.version), '6,000 ASCII characters are kept');
});
