// Issue 38: in LAN mode (--host 0.0.0.0) a phone on the Wi-Fi sent
// `Host: 127.0.0.1` and read /__mock/mail (the demo accounts' reset tokens).
// The Host is the client's to choose; the connection's address is not. Every
// route under /__mock (from the app's own route table: controls, console, its
// assets and state, the mailbox, worlds, faults, reset...) answers a loopback
// peer only, whatever Host it names, unless controlsFromNetwork
// (--lan-controls) opens them; devices keep the API.
import t from 'tap';
import { MOCK_ERROR_HEADER } from '../../../mock/errors.js';
import type { MockOptions } from '../../../mock/options.js';
import { testMock } from '../../helpers/mock.js';

const OTHER_MACHINES = ['10.0.0.5', '192.168.1.20', '::ffff:192.168.1.20', 'fe80::1'];
const THIS_MACHINE = ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.3.4.5'];
const LAN_HOST = '192.168.1.20:4010';
const HOSTS = ['127.0.0.1:4010', 'localhost:4010', LAN_HOST];

type App = Awaited<ReturnType<typeof testMock>>['app'];

/** Every route under /__mock the app registered (whoever registered it), its parameters filled in. */
function controlRoutes(app: App): Array<{ method: 'GET' | 'POST' | 'DELETE'; url: string }> {
  return app.mock.routes
    .filter((r) => r.split(' ')[1]!.startsWith('/__mock'))
    .map((r) => {
      const [method, path] = r.split(' ') as ['GET' | 'POST' | 'DELETE', string];
      return { method, url: path.replace(/:[a-z]+/gi, 'w1') };
    });
}

const ask = (app: App, route: { method: 'GET' | 'POST' | 'DELETE'; url: string }, peer: string, host: string) =>
  app.inject({
    method: route.method,
    url: route.url,
    remoteAddress: peer,
    headers: { host, 'content-type': 'application/json' },
    ...(route.method === 'GET' ? {} : { payload: '{}' }),
  });

/** A reset token waiting in the mailbox, and the worlds live: what a refused request must leave as it was. */
async function stateOf(app: App) {
  const mail = (await app.inject({ method: 'GET', url: '/__mock/mail' })).body;
  const worlds = (await app.inject({ method: 'GET', url: '/__mock/worlds' })).body;
  return { mail, worlds };
}

t.test('regression: another machine reaches no /__mock route, whatever Host it sends; this machine does', async (t) => {
  // Each row: the mock's options, then for a peer and a Host: null when the route answers it, or the refusal.
  type Row = [label: string, options: MockOptions, refusal: (peer: string, host: string) => RegExp | null];
  const rows: Row[] = [
    [
      'LAN mode (--host 0.0.0.0)',
      { host: '0.0.0.0' },
      (peer, host) =>
        OTHER_MACHINES.includes(peer)
          ? new RegExp(
              `the request came from ${peer.replaceAll('.', '\\.')}, not this machine; start the mock with --lan-controls`,
            )
          : host === LAN_HOST
            ? /the Host "192\.168\.1\.20:4010" is not this machine/
            : null,
    ],
    [
      'the default bind (127.0.0.1): a library user who listens more widely gets the same line',
      {},
      (peer, host) =>
        OTHER_MACHINES.includes(peer)
          ? /not this machine; start the mock with --lan-controls/
          : host === LAN_HOST
            ? /the Host .* is not this machine/
            : null,
    ],
    [
      'LAN mode with controlsFromNetwork (--lan-controls): every peer, an IP-literal Host too',
      { host: '0.0.0.0', controlsFromNetwork: true },
      () => null,
    ],
  ];
  for (const [label, options, refusal] of rows)
    t.test(label, async (t) => {
      const mock = await testMock(t, options);
      const routes = controlRoutes(mock.app);
      for (const must of [
        'GET /__mock/mail',
        'GET /__mock/ui',
        'GET /__mock/ui/state',
        'POST /__mock/reset',
        'POST /__mock/worlds',
      ])
        t.ok(
          routes.some((r) => `${r.method} ${r.url}` === must),
          `the route table holds ${must}`,
        );
      await mock.post('/user/forgot_password', { email: 'demo@example.com' });
      const before = await stateOf(mock.app);
      t.match(before.mail, /reset_token/, 'a reset token waits in the mailbox');
      // Other machines first: what they are refused must leave the world as it was.
      for (const peers of [OTHER_MACHINES, THIS_MACHINE]) {
        for (const peer of peers)
          for (const host of HOSTS)
            for (const route of routes) {
              const what = `${route.method} ${route.url} from ${peer}, Host ${host}`;
              const r = await ask(mock.app, route, peer, host);
              const refused = refusal(peer, host);
              if (refused === null) {
                t.not(r.statusCode, 403, `${what}: answered (${r.statusCode})`);
                continue;
              }
              t.equal(r.statusCode, 403, `${what}: 403`);
              t.match(r.json(), { message: refused, status: 403 }, `${what}: in the API's shape`);
              t.equal(r.headers[MOCK_ERROR_HEADER], 'MCS_ERR_MOCK_CONTROL_REFUSED');
              t.notMatch(r.body, /reset_token/, `${what}: no reset token`);
            }
        if (peers === OTHER_MACHINES && refusal(OTHER_MACHINES[0]!, HOSTS[0]!) !== null)
          t.same(
            await stateOf(mock.app),
            before,
            'refused: the mailbox and the worlds as they were (no reset, no world)',
          );
      }
      // Devices keep the API: a sign-in from every peer.
      for (const peer of [...OTHER_MACHINES, ...THIS_MACHINE]) {
        const signin = await mock.app.inject({
          method: 'POST',
          url: '/api/v1/user/signin',
          remoteAddress: peer,
          headers: { host: LAN_HOST, platform: 'WEB' },
          payload: { email: 'demo@example.com', password: 'demo-password' },
        });
        t.equal(signin.statusCode, 200, `the API answers ${peer}`);
      }
    });
});
