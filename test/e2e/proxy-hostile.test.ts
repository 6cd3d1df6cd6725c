// npm run proxy against hostile upstreams (issue 19): redirects that carried the
// credentials to another host, a silent or endless upstream that hung the app,
// every Origin reflected with credentials, the upstream's own CORS grants; and
// answers no HTTP library would send, written byte for byte (a compressed one too).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { freePort } from '../helpers/processes.js';
import { json, proxy, upstreamMock } from '../helpers/proxy.js';
import { rawHttp } from '../helpers/raw-http.js';

async function rawServer(
  t: Test,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${req.headers['x-api-token'] ?? ''}`);
    handle(req, res);
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(
    () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen };
}

t.test('regression: a redirect goes back to the app; credentials and body never go to another host', async (t) => {
  const elsewhere = await rawServer(t, (_req, res) => res.end('{"stolen":true}'));
  for (const status of [301, 302, 307, 308]) {
    const upstream = await rawServer(t, (_req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}/steal`, 'content-type': 'application/json' });
      res.end('{"message":"moved"}');
    });
    const { app } = await proxy(t, upstream.url);
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/user/update_password',
      headers: { ...json, authorization: 'Bearer secret-token-123', 'x-api-token': 'secret-token-123' },
      payload: { current_password: 'pw', password: 'new-secret' },
    });
    t.equal(r.statusCode, status, `${status} passed back`);
    t.equal(r.headers.location, `${elsewhere.url}/steal`, 'with its Location');
  }
  t.same(elsewhere.seen, [], 'the other host got nothing');
});

t.test('regression: a silent, short or endless upstream ends in a 504 or 502 in the API shape', async (t) => {
  const silent = await rawServer(t, () => undefined);
  const short = await rawServer(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"status":');
  });
  const endless = await rawServer(t, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 32);
    const pump = () => {
      while (res.write(chunk));
    };
    res.on('drain', pump);
    pump();
  });
  const refused = `http://127.0.0.1:${await freePort()}`;
  const cases: Array<[string, string, number, RegExp]> = [
    ['silent', silent.url, 504, /The upstream did not answer completely within 500 ms/],
    ['a short Content-Length', short.url, 504, /did not answer completely/],
    ['endless', endless.url, 502, /larger than 1048576 bytes/],
    ['refused', refused, 502, /The upstream could not be reached \(ECONNREFUSED\)/],
  ];
  for (const [what, url, status, message] of cases) {
    const { app } = await proxy(t, url, { timeoutMs: 500, maxBodyBytes: 1024 * 1024 });
    const r = await app.inject({ method: 'POST', url: '/api/v1/countries/index', headers: json, payload: '{}' });
    t.equal(r.statusCode, status, what);
    t.match(r.json(), { message, status }, what);
  }
});

t.test("regression: CORS like the mock's, not every Origin reflected with credentials", async (t) => {
  const { app } = await proxy(t, await upstreamMock(t), { corsOrigins: ['https://preview.example.com'] });
  const ask = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/v1/client/list',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'platform,authorization,traceparent',
      },
    });
  for (const origin of ['http://localhost:5173', 'https://preview.example.com']) {
    const r = await ask(origin);
    t.equal(r.headers['access-control-allow-origin'], origin, origin);
    t.equal(r.headers['access-control-allow-credentials'], 'true');
  }
  t.equal(
    (await ask('https://evil.example')).headers['access-control-allow-origin'],
    undefined,
    'a foreign origin gets nothing',
  );
});

// An upstream that writes its answer byte for byte, so it can send what no
// HTTP library would: the head as given, then the body.
async function rawUpstream(t: Test, head: Buffer, body: Buffer): Promise<string> {
  const server = createTcpServer((socket) => {
    socket.once('data', () => socket.end(Buffer.concat([head, body])));
    socket.on('error', () => undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => server.close(() => r())));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

const BODY_422 = '{"message":"The given data was invalid.","status":422}';
const headOf = (lines: Array<string | Buffer>, body: Buffer, extra = '') =>
  Buffer.concat([
    Buffer.from('HTTP/1.1 422 Unprocessable Content\r\n'),
    ...lines.map((l) => (Buffer.isBuffer(l) ? l : Buffer.from(`${l}\r\n`, 'latin1'))),
    Buffer.from(
      `content-type: application/json\r\ncontent-length: ${body.length}\r\n${extra}connection: close\r\n\r\n`,
    ),
  ]);

t.test(
  "regression: the upstream's CORS grants never reach the browser; the proxy's policy replaces them",
  async (t) => {
    const upstream = await rawServer(t, (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': 'http://evil.example',
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': 'authorization, set-cookie',
        'access-control-allow-methods': 'DELETE',
        'access-control-allow-headers': '*',
        'access-control-max-age': '86400',
        'Access-Control-Allow-Private-Network': 'true',
        'timing-allow-origin': '*',
        vary: 'Accept-Encoding',
      });
      res.end('{"status":"success","message":"ok","data":[]}');
    });
    const { app } = await proxy(t, upstream.url);
    const rows: Array<[string, Record<string, string>, string | undefined]> = [
      ['a foreign Origin', { origin: 'http://evil.example' }, undefined],
      ['an allowed Origin', { origin: 'http://localhost:5173' }, 'http://localhost:5173'],
      ['no Origin', {}, undefined],
    ];
    for (const [name, headers, allowed] of rows) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/v1/countries/index',
        headers: { ...json, ...headers },
        payload: '{}',
      });
      const cors = Object.keys(r.headers).filter((h) => h.startsWith('access-control-') || h === 'timing-allow-origin');
      t.equal(r.headers['access-control-allow-origin'], allowed, `${name}: the proxy's grant only`);
      t.same(
        cors.sort(),
        allowed
          ? ['access-control-allow-credentials', 'access-control-allow-origin', 'access-control-expose-headers']
          : [],
        `${name}: none of the upstream's CORS headers`,
      );
      if (allowed) t.notMatch(r.headers['access-control-expose-headers'], /authorization|set-cookie/i, name);
      t.match(r.headers.vary, /Accept-Encoding/, `${name}: the upstream's Vary kept`);
      if (allowed) t.match(r.headers.vary, /Origin/, `${name}: with the proxy's Vary: Origin`);
    }
  },
);

t.test('regression: an upstream answer with headers Node cannot send keeps its status and body', async (t) => {
  const body = Buffer.from(BODY_422);
  // Forms a parser lets through (an HTTP library cannot send them): written byte for byte.
  const onTheWire: Array<[string, Array<string | Buffer>, (h: Record<string, unknown>) => boolean]> = [
    ['an empty header name', [': v'], (h) => !('' in h)],
    ['a space in a header name', ['x bad: v'], (h) => !('x bad' in h)],
    ['a Latin-1 value, byte for byte', ['x-latin: caf\xe9'], (h) => h['x-latin'] === 'caf\xe9'],
    [
      'a UTF-8 value, byte for byte',
      [Buffer.from('x-utf8: caf\u00e9 \u20ac\r\n', 'utf8')],
      (h) => h['x-utf8'] === Buffer.from('caf\u00e9 \u20ac').toString('latin1'),
    ],
    ['a folded value', ['x-fold: a', '  b'], (h) => typeof h['x-fold'] === 'string'],
    [
      'hop-by-hop headers, and one Connection names',
      [
        'keep-alive: timeout=5',
        'upgrade: h2c',
        'proxy-authenticate: Basic',
        'trailer: x-t',
        'x-hop: 1',
        'connection: x-hop',
      ],
      (h) => ['keep-alive', 'upgrade', 'proxy-authenticate', 'trailer', 'x-hop'].every((k) => !(k in h)),
    ],
    [
      'two Set-Cookie headers',
      ['set-cookie: a=1; Path=/', 'set-cookie: b=2; HttpOnly'],
      (h) => JSON.stringify(h['set-cookie']) === '["a=1; Path=/","b=2; HttpOnly"]',
    ],
  ];
  for (const [name, lines, check] of onTheWire) {
    const { app } = await proxy(t, await rawUpstream(t, headOf(lines, body), body));
    const r = await app.inject({ method: 'POST', url: '/api/v1/user/signin', headers: json, payload: '{}' });
    t.equal(r.statusCode, 422, `${name}: the status`);
    t.equal(r.body, BODY_422, `${name}: the body`);
    t.ok(check(r.headers), `${name}: the header`);
  }
  // Forms only another fetch (a test's, another Node's) hands over: a Response whose headers are given as they are.
  const handed: Array<[string, Array<[string, string]>, (h: Record<string, unknown>) => boolean]> = [
    ['a non-Latin-1 value', [['x-euro', '\u20ac5']], (h) => h['x-euro'] === Buffer.from('\u20ac5').toString('latin1')],
    ['a non-Latin-1 name', [['x-k\u00e9y\u20ac', 'v']], (h) => Object.keys(h).every((k) => /^[\x21-\x7e]+$/.test(k))],
    ['CR LF in a value', [['x-split', 'a\r\nx-injected: 1']], (h) => !('x-split' in h) && !('x-injected' in h)],
    ['NUL in a value', [['x-nul', 'a\u0000b']], (h) => !('x-nul' in h)],
    ['an empty name', [['', 'v']], (h) => !('' in h)],
  ];
  for (const [name, headers, check] of handed) {
    const fetch = async () => {
      const res = new Response(BODY_422, { status: 422 });
      Object.defineProperty(res, 'headers', { value: new Map([['content-type', 'application/json'], ...headers]) });
      return res;
    };
    const { app } = await proxy(t, 'http://upstream.invalid', { fetch });
    const r = await app.inject({ method: 'POST', url: '/api/v1/user/signin', headers: json, payload: '{}' });
    t.equal(r.statusCode, 422, `${name}: the status`);
    t.equal(r.body, BODY_422, `${name}: the body`);
    t.ok(check(r.headers), `${name}: the header`);
  }
});

t.test("regression: a header the app's Connection names stays between the app and the proxy", async (t) => {
  let got: IncomingMessage['headers'] = {};
  const upstream = await rawServer(t, (req, res) => {
    got = req.headers;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"success","message":"ok","data":[]}');
  });
  const { app } = await proxy(t, upstream.url);
  await app.inject({
    method: 'POST',
    url: '/api/v1/countries/index',
    headers: { ...json, connection: 'keep-alive, x-app-hop', 'x-app-hop': 'local', 'x-kept': '1' },
    payload: '{}',
  });
  t.equal(got['x-app-hop'], undefined);
  t.equal(got['x-kept'], '1');
});

t.test('a compressed answer passes decompressed, with its own length', async (t) => {
  const zipped = gzipSync(Buffer.from(BODY_422));
  const { app } = await proxy(t, await rawUpstream(t, headOf([], zipped, 'content-encoding: gzip\r\n'), zipped));
  const r = await app.inject({ method: 'POST', url: '/api/v1/user/signin', headers: json, payload: '{}' });
  t.equal(r.statusCode, 422);
  t.equal(r.body, BODY_422);
  t.equal(r.headers['content-encoding'], undefined);
  t.equal(r.headers['content-length'], String(BODY_422.length));
});

t.test(
  "regression: a request target never leaves the upstream's origin or base path; what would is a 400 in the API shape",
  async (t) => {
    // Every request target the upstreams receive, exactly as their request lines carry it.
    const recording = async () => {
      const targets: string[] = [];
      const server = await rawServer(t, (req, res) => {
        targets.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
      return { ...server, targets, authority: server.url.slice('http://'.length) };
    };
    const elsewhere = await recording();
    const other = elsewhere.authority;
    const REFUSED = null;
    // [request line's method and target, what the upstream receives after its base path, or REFUSED]
    const cases: Array<[string, string | null]> = [
      ['GET /api/v1/countries/index?page=1', '/api/v1/countries/index?page=1'],
      ['GET /api/v1/x?q=/../../x&r=%2e%2e', '/api/v1/x?q=/../../x&r=%2e%2e'],
      ['GET /api/v1/a%2Fb', '/api/v1/a%2Fb'],
      [`GET //${other}/x`, `//${other}/x`],
      [`GET ///${other}/x`, `///${other}/x`],
      [`GET http://${other}/api/v1/x`, REFUSED],
      ['GET http://localhost/api/v1/x', REFUSED],
      [`GET ${other}`, REFUSED],
      [`CONNECT ${other}`, REFUSED],
      ['OPTIONS *', REFUSED],
      ['GET /api/v1/../../../x', REFUSED],
      ['GET /api/v1/./x', REFUSED],
      ['GET /api/v1/%2e%2e/%2e%2e/%2e%2e/x', REFUSED],
      ['GET /api/v1/%2E./%2E./x', REFUSED],
      ['GET /api/v1/.%2e/.%2e/x', REFUSED],
      ['GET /api/v1/..%2F..%2F..%2Fx', REFUSED],
      ['GET /api/v1/..%2f%zz/x', REFUSED],
      ['GET /api/v1/%252e%252e/%252e%252e/x', REFUSED],
      ['GET /api/v1/..%5C..%5Cx', REFUSED],
      ['GET /api/v1/..;/..;/x', REFUSED],
      ['GET /api/v1\\..\\..\\x', REFUSED],
      ['GET /api/v1/x\\y', REFUSED],
      ['GET /api/v1/x#fragment', REFUSED],
      ['GET /api/v1/x?a=1#/../../x', REFUSED],
    ];
    for (const base of ['', '/base']) {
      const upstream = await recording();
      const { app, lines } = await proxy(t, `${upstream.url}${base}/api/v1`);
      await app.listen({ host: '127.0.0.1', port: 0 });
      const port = (app.server.address() as { port: number }).port;
      for (const [line, forwarded] of cases) {
        const what = `--upstream ...${base}/api/v1, ${line}`;
        upstream.targets.length = 0;
        const r = await rawHttp(port, `${line} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
        if (forwarded === REFUSED) {
          t.equal(r.status, 400, `${what}: 400`);
          const body = (() => {
            try {
              return JSON.parse(r.text) as Record<string, unknown>;
            } catch {
              return { text: r.text };
            }
          })();
          t.same(Object.keys(body), ['message', 'status'], `${what}: the API's shape`);
          t.match(body, { status: 400, message: /not forwarded/ }, what);
          t.same(upstream.targets, [], `${what}: not forwarded`);
        } else {
          t.equal(r.status, 200, `${what}: forwarded`);
          t.same(upstream.targets, [`${base}${forwarded}`], `${what}: the upstream got ${base}${forwarded}`);
        }
      }
      t.ok(
        lines.some((l) => /\(not forwarded\): the request path has a \. or \.\. segment/.test(l)),
        'the log says why',
      );
    }
    t.same(elsewhere.targets, [], 'no other host got anything');
  },
);
