import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { jsonDepth, readBounded } from '../../contracts/limits.js';

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
