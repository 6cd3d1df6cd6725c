import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { createTransport, type FetchLike } from '../../lib/http.js';
import { jsonDepth, jsonShape, readBounded, TEXT_KEPT } from '../../lib/limits.js';
import { reproduction } from '../../lib/reproduce.js';
import { retained } from '../helpers/heap.js';

async function serve(t: Test, handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as { port: number };
  return `http://127.0.0.1:${port}/`;
}

t.test('readBounded', async (t) => {
  t.test('a body within the limit comes whole', async (t) => {
    const url = await serve(t, (_req, res) => res.end('{"a":1}'));
    t.same(await readBounded(await fetch(url, { signal: AbortSignal.timeout(5000) }), 100), {
      text: '{"a":1}',
      tooLarge: false,
    });
  });

  t.test('regression: an endless body stops at the limit instead of filling memory', async (t) => {
    const url = await serve(t, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (res.write(chunk)) {
          /* until the socket pushes back */
        }
      };
      res.on('drain', pump);
      pump();
    });
    const out = await readBounded(await fetch(url, { signal: AbortSignal.timeout(10_000) }), 1024 * 1024);
    t.equal(out.tooLarge, true);
    t.ok(out.text.length <= 1024 * 1024, 'keeps no more than the limit');
  });

  t.test('regression: a compressed bomb is counted decompressed', async (t) => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    t.ok(bomb.length < 64 * 1024, 'the bomb is small on the wire');
    const url = await serve(t, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(bomb);
    });
    const out = await readBounded(await fetch(url, { signal: AbortSignal.timeout(10_000) }), 1024 * 1024);
    t.equal(out.tooLarge, true);
  });

  t.test('an answer without a body is empty', async (t) => {
    const url = await serve(t, (_req, res) => {
      res.writeHead(204);
      res.end();
    });
    t.same(await readBounded(await fetch(url, { signal: AbortSignal.timeout(5000) }), 10), {
      text: '',
      tooLarge: false,
    });
  });
});

t.test('jsonDepth', async (t) => {
  const cases: Array<[string, number]> = [
    ['1', 0],
    ['{}', 1],
    ['[[1],[2,[3]]]', 3],
    ['{"a":{"b":[]}}', 3],
    ['"[[[[["', 0],
    ['{"a":"\\"[[["}', 1],
    ['['.repeat(2000) + ']'.repeat(2000), 2000],
  ];
  for (const [text, depth] of cases) t.equal(jsonDepth(text), depth, text.slice(0, 30));
  t.equal(jsonDepth('['.repeat(1_000_000), 10), 11, 'stops counting past the bound');
});

/** A fetch that answers every request with `body` (a string), as a deployment would. */
const answering =
  (body: string, contentType = 'application/json'): FetchLike =>
  async () =>
    new Response(body, { status: 200, headers: { 'content-type': contentType } });

t.test(
  'regression: an excerpt of a 10 MiB answer kept the whole answer alive (V8 slices hold their string)',
  async (t) => {
    const MiB = 2 ** 20;
    const rows: Array<[string, string, number]> = [
      ['too large (read up to --max-body)', `[${'1,'.repeat(2 * MiB)}1]`, 2 * MiB],
      ['nested too deep', `${'['.repeat(600)}${'x'.repeat(3 * MiB)}`, 8 * MiB],
      ['not JSON', `<html>${'x'.repeat(3 * MiB)}`, 8 * MiB],
      ['JSON, large', JSON.stringify({ data: 'y'.repeat(3 * MiB) }), 8 * MiB],
    ];
    for (const [name, body, maxBodyBytes] of rows) {
      const transport = createTransport('http://h', answering(body), 5000, { maxBodyBytes });
      const kept = await retained(async () => {
        const outs = [];
        for (let i = 0; i < 20; i++) {
          const out = await transport.send({ method: 'POST', path: '/x' });
          // What the suite keeps of an answer once it is checked: the reproduction, not the parsed body.
          outs.push(reproduction('http://h', { ...out, body: undefined }, (s) => s));
        }
        return outs;
      });
      t.ok(
        kept < 8 * MiB,
        `${name}: 20 answers of ${(body.length / MiB).toFixed(0)} MiB keep ${(kept / MiB).toFixed(1)} MiB`,
      );
      const out = await transport.send({ method: 'POST', path: '/x' });
      t.ok(out.text.length <= TEXT_KEPT, `${name}: the outcome keeps ${out.text.length} characters of the text`);
      t.ok(
        (out.textLength ?? 0) >= Math.min(body.length, maxBodyBytes),
        `${name}: it knows the text was ${out.textLength} characters`,
      );
    }
    // A reproduction of an outcome made by hand (a library user's) copies its excerpt too.
    const big = 'z'.repeat(4 * MiB);
    const kept = await retained(() =>
      Array.from({ length: 20 }, (_, i) =>
        reproduction(
          'http://h',
          { request: { method: 'GET', path: '/' }, status: 200, headers: {}, text: `${i}${big}`, ms: 1 },
          (s) => s,
        ),
      ),
    );
    t.ok(kept < 8 * MiB, `20 reproductions of 4 MiB texts keep ${(kept / MiB).toFixed(1)} MiB`);
  },
);

t.test(
  'regression: ten million bytes of `{},` parsed to ~200 MB: JSON of more than 500,000 values is not parsed',
  async (t) => {
    const rows: Array<[string, string, boolean]> = [
      ['3.3 million empty objects', `{"data":[${'{},'.repeat(3_300_000)}{}]}`, false],
      ['a million numbers', `[${'1,'.repeat(999_999)}1]`, false],
      ['half a million values, just', `[${'1,'.repeat(499_998)}1]`, true],
      ['commas inside strings do not count', JSON.stringify({ a: ','.repeat(2_000_000) }), true],
    ];
    for (const [name, body, parsed] of rows) {
      const out = await createTransport('http://h', answering(body), 5000).send({ method: 'POST', path: '/x' });
      t.equal(out.body !== undefined, parsed, `${name}: ${parsed ? 'parsed' : 'not parsed'}`);
      if (!parsed) t.match(out.parseError, /JSON of more than 500,000 values: too many to parse/, name);
    }
    t.same(
      jsonShape('[1,[2,3],{"a":"x,y"}]'),
      { depth: 2, values: 7 },
      'at most: a container and its first value count twice',
    );
    t.same(jsonShape(''), { depth: 0, values: 0 });
  },
);
