// buildMock({ https }) serves TLS (the CLI's --https passes the certificate it
// made; docs/mobile.md): the app is built, not listened, and its links say https.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { request } from 'node:https';
import { Server as TlsServer } from 'node:tls';
import t from 'tap';
import { certificateFor } from '../../cli/network/certificate.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';

const loaded = await spec();

t.test('with https the app is a TLS server, not listening, whose spec names https', async (t) => {
  const dir = t.testdir({});
  const tls = await certificateFor(['localhost', '127.0.0.1'], dir);
  const app = await buildMock({ spec: loaded, https: { key: tls.key, cert: tls.cert } });
  t.teardown(() => app.close());
  t.ok(app.server instanceof TlsServer, 'an https server');
  t.notOk(app.server.listening, 'built, not listening: only the CLI listens');

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const ca = readFileSync(tls.caPath, 'utf8');
  const req = request({ host: '127.0.0.1', port, path: '/openapi.json', ca, method: 'GET' });
  req.end();
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  let body = '';
  for await (const chunk of res) body += chunk;
  t.equal(res.statusCode, 200, 'trusted through the authority the certificate was made with');
  t.match(body, `https://127.0.0.1:${port}`, 'the spec served names the https origin as its server');
});

t.test('without https it stays plain HTTP', async (t) => {
  const app = await buildMock({ spec: loaded });
  t.teardown(() => app.close());
  t.notOk(app.server instanceof TlsServer);
});
