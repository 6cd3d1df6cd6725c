// Issue 41: plain http:// to the --https port got an empty reply. Now it gets a
// plain HTTP/1.1 400 in the API's shape saying which https:// URL to use, and
// is closed; TLS goes on as before; a connection that sends nothing is closed
// by a timeout, and what is read before deciding is one chunk.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, type Socket } from 'node:net';
import { createServer } from 'node:tls';
import t, { type Test } from 'tap';
import { certificateFor } from '../../cli/network/certificate.js';
import { buildMock } from '../../mock/build.js';
import { Errors, MOCK_ERROR_HEADER } from '../../mock/errors.js';
import { answerPlainHttp, httpsUrlOf } from '../../mock/pipeline/https-port.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();
const dir = t.testdir({});
const tls = await certificateFor(['localhost', '127.0.0.1'], dir);
const ca = readFileSync(tls.caPath, 'utf8');

async function httpsMock(t: Test) {
  const app = await buildMock({ spec: loaded, https: { key: tls.key, cert: tls.cert } });
  t.teardown(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** What a raw connection receives after sending `bytes`, until the server closes it. */
async function raw(port: number, bytes: string | Buffer): Promise<{ text: string; ms: number }> {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  socket.setTimeout(15_000, () => socket.destroy(new Error('the server never closed the connection')));
  let text = '';
  socket.on('data', (d) => (text += d.toString('latin1')));
  if (bytes.length) socket.write(bytes);
  await once(socket, 'close');
  return { text, ms: Date.now() - started };
}

const answer = (text: string) => {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { status: head.split('\r\n')[0], head, body: JSON.parse(body) as unknown };
};

t.test('regression: plain http:// to the https port is told which https:// URL to use, then closed', async (t) => {
  const { port } = await httpsMock(t);
  type Row = [label: string, request: string, url: string];
  const rows: Row[] = [
    [
      'a GET',
      `GET /api/v1/client/list HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`,
      `https://127.0.0.1:${port}/api/v1/client/list`,
    ],
    [
      'a POST with a body, by the LAN name',
      `POST /api/v1/user/signin?x=1 HTTP/1.1\r\nhost: laptop.local:${port}\r\ncontent-length: 2\r\n\r\n{}`,
      `https://laptop.local:${port}/api/v1/user/signin?x=1`,
    ],
    ['an IPv6 Host', `GET / HTTP/1.1\r\nHost: [fd00::2]:${port}\r\n\r\n`, `https://[fd00::2]:${port}/`],
    [
      'a Host that is no host: the address reached',
      `GET /docs HTTP/1.1\r\nHost: evil"name\r\n\r\n`,
      `https://127.0.0.1:${port}/docs`,
    ],
    ['no Host, a target that is no path', 'GET http://x/ HTTP/1.0\r\n\r\n', `https://127.0.0.1:${port}/`],
    ['not HTTP at all', 'hello\n', `https://127.0.0.1:${port}/`],
  ];
  for (const [label, request, url] of rows) {
    const { text } = await raw(port, request);
    const a = answer(text);
    t.equal(a.status, 'HTTP/1.1 400 Bad Request', `${label}: a 400`);
    t.match(a.head, `${MOCK_ERROR_HEADER}: MCS_ERR_HTTPS_REQUIRED`, `${label}: its code`);
    t.match(a.head, 'connection: close');
    t.same(a.body, { message: `This port serves HTTPS: use ${url}.`, status: 400 }, `${label}: in the API's shape`);
  }
  // As a client reads it (Node's http; curl and browsers alike).
  const req = httpRequest({ host: '127.0.0.1', port, path: '/openapi.yaml', headers: { host: `localhost:${port}` } });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  let body = '';
  for await (const chunk of res) body += chunk;
  t.equal(res.statusCode, 400);
  t.same(JSON.parse(body), {
    message: `This port serves HTTPS: use https://localhost:${port}/openapi.yaml.`,
    status: 400,
  });
});

t.test('TLS is served as before, a POST with its body included', async (t) => {
  const { port } = await httpsMock(t);
  const req = httpsRequest({
    host: '127.0.0.1',
    port,
    path: '/api/v1/user/signin',
    method: 'POST',
    ca,
    headers: { platform: 'WEB', 'content-type': 'application/json' },
  });
  req.end(JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }));
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  let body = '';
  for await (const chunk of res) body += chunk;
  t.equal(res.statusCode, 200, 'signed in over TLS');
  t.match(JSON.parse(body), { data: { api_token: String } });
});

t.test('bounded: one chunk is read to decide, a silent connection is closed, the mock closes at once', async (t) => {
  const { port, app } = await httpsMock(t);
  // A megabyte of not-TLS: answered from its first chunk, the rest read and dropped, never buffered whole.
  const big = await raw(port, Buffer.alloc(1 << 20, 'A'));
  t.equal(answer(big.text).status, 'HTTP/1.1 400 Bad Request', 'a megabyte of not-TLS is answered');

  const server = createServer({ key: tls.key, cert: tls.cert });
  answerPlainHttp(server, (url) => Errors.HTTPS_REQUIRED(url), 300);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.teardown(() => server.close());
  const silent = await raw((server.address() as { port: number }).port, '');
  t.equal(silent.text, '', 'a connection that sends nothing gets nothing');
  t.ok(silent.ms >= 250 && silent.ms < 5_000, `and is closed by the timeout (${silent.ms} ms)`);

  // A silent connection left open does not hold the mock's close until its timeout.
  const idle: Socket = connect(port, '127.0.0.1');
  idle.on('error', () => undefined);
  await once(idle, 'connect');
  const started = Date.now();
  await app.close();
  t.ok(Date.now() - started < 2_000, `closed in ${Date.now() - started} ms`);
  idle.destroy();
});

t.test('httpsUrlOf: the Host and path when readable, else the address reached', async (t) => {
  const socket = { localAddress: '::ffff:192.168.1.20', localPort: 4010 };
  t.equal(httpsUrlOf('GET /a?b=1 HTTP/1.1\r\nHost: x:1\r\n\r\n', socket), 'https://x:1/a?b=1');
  t.equal(httpsUrlOf('GET /a HTTP/1.1\r\nHost: x y\r\n', socket), 'https://192.168.1.20:4010/a');
  t.equal(httpsUrlOf('GET /a b', { localAddress: 'fd00::2', localPort: 4010 }), 'https://[fd00::2]:4010/a');
  t.equal(httpsUrlOf('\u0000\u0001', socket), 'https://192.168.1.20:4010/');
});
