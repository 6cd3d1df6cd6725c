// Issue 41: with --host 0.0.0.0 the controls refused this machine's own LAN
// address (`Host "192.0.2.2:5020" is not this machine`), which the banner had
// printed, and a browser on this computer that opened that address (it then
// connects from it) was refused as another machine. The addresses of this
// machine's interfaces are this machine: as the Host, and as the peer. Other
// machines stay refused (test/mock/controls/peers.test.ts).
import t from 'tap';
import { MOCK_ERROR_HEADER } from '../../../mock/errors.js';
import type { MockOptions } from '../../../mock/options.js';
import { testMock } from '../../helpers/mock.js';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, scopeid: 0 }) as const;

/** A laptop on the Wi-Fi: 192.168.1.20, a ULA and a link-local IPv6 address. */
let interfaces = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  wlan0: [iface('192.168.1.20', 'IPv4'), iface('fd00::20', 'IPv6'), iface('fe80::20', 'IPv6')],
};
const networkInterfaces = () => interfaces;

type Row = [peer: string, host: string, refusal: RegExp | null];
const rows: Row[] = [
  ['127.0.0.1', '127.0.0.1:4010', null],
  ['127.0.0.1', '192.168.1.20:4010', null],
  ['127.0.0.1', '[fd00::20]:4010', null],
  ['192.168.1.20', '192.168.1.20:4010', null],
  ['::ffff:192.168.1.20', '192.168.1.20:4010', null],
  ['fd00::20', '[fd00::20]:4010', null],
  ['fe80::20%wlan0', 'localhost:4010', null],
  ['192.168.1.20', 'localhost:4010', null],
  [
    '192.168.1.21',
    '192.168.1.20:4010',
    /the request came from 192\.168\.1\.21, not this machine; start the mock with --lan-controls/,
  ],
  ['::ffff:192.168.1.21', '192.168.1.20:4010', /came from ::ffff:192\.168\.1\.21, not this machine/],
  ['fd00::21', '[fd00::20]:4010', /came from fd00::21, not this machine/],
  ['127.0.0.1', '192.168.1.21:4010', /the Host "192\.168\.1\.21:4010" is not this machine/],
  // A name can be pointed anywhere by its DNS (rebinding): only this machine's IP literals are taken.
  ['127.0.0.1', 'laptop.local:4010', /the Host "laptop\.local:4010" is not this machine/],
];

t.test("regression: this machine's interface addresses are this machine, as the peer and as the Host", async (t) => {
  for (const options of [{ host: '0.0.0.0' }, { host: '::' }, {}] as MockOptions[])
    t.test(`host ${options.host ?? '(default)'}`, async (t) => {
      const mock = await testMock(t, { ...options, networkInterfaces });
      await mock.post('/user/forgot_password', { email: 'demo@example.com' });
      for (const [peer, host, refusal] of rows) {
        const what = `/__mock/mail from ${peer}, Host ${host}`;
        const r = await mock.app.inject({ method: 'GET', url: '/__mock/mail', remoteAddress: peer, headers: { host } });
        if (refusal === null) {
          t.equal(r.statusCode, 200, `${what}: answered`);
          t.match(r.body, /reset_token/, `${what}: the mailbox`);
          continue;
        }
        t.equal(r.statusCode, 403, `${what}: 403`);
        t.match(r.json(), { message: refusal, status: 403 }, `${what}: why`);
        t.equal(r.headers[MOCK_ERROR_HEADER], 'MCS_ERR_MOCK_CONTROL_REFUSED');
      }
    });
});

t.test(
  'a world is made from the LAN address by this machine, even when the mock does not serve the network',
  async (t) => {
    const mock = await testMock(t, { networkInterfaces });
    const made = (peer: string) =>
      mock.app.inject({
        method: 'POST',
        url: '/api/v1/countries/index',
        remoteAddress: peer,
        headers: { host: '192.168.1.20:4010', platform: 'WEB', 'x-mock-world': `from-${peer.replaceAll(/\W/g, '')}` },
      });
    t.equal((await made('192.168.1.20')).statusCode, 200, 'this machine');
    const other = await made('192.168.1.21');
    t.equal(other.statusCode, 403, 'another machine');
    t.equal(other.headers[MOCK_ERROR_HEADER], 'MCS_ERR_MOCK_WORLD_REFUSED');
  },
);

t.test('the interfaces are read when asked: a new Wi-Fi address is this machine, the old one no longer', async (t) => {
  const mock = await testMock(t, { host: '0.0.0.0', networkInterfaces });
  const from = async (peer: string) =>
    (
      await mock.app.inject({
        method: 'GET',
        url: '/__mock/worlds',
        remoteAddress: peer,
        headers: { host: 'localhost' },
      })
    ).statusCode;
  t.equal(await from('192.168.1.20'), 200);
  const before = interfaces;
  t.teardown(() => {
    interfaces = before;
  });
  interfaces = { ...before, wlan0: [iface('10.0.0.7', 'IPv4')] };
  t.equal(await from('10.0.0.7'), 200, 'the new address');
  t.equal(await from('192.168.1.20'), 403, 'the old one: another machine may hold it now');
});
