// The banner's lines for devices: where each reaches the mock, which certificate to trust.
import t from 'tap';
import type { Interfaces } from '../../../cli/network/addresses.js';
import { lanAddresses } from '../../../cli/network/addresses.js';
import { certificateNames, ipv6Lines, reachLines, tlsLines } from '../../../cli/network/lines.js';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, scopeid: 0 }) as const;
/** A laptop with IPv4 and IPv6 on its Wi-Fi: a global address, a unique-local one, a link-local one. */
const DUAL: Interfaces = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  wlan0: [
    iface('192.168.1.20', 'IPv4'),
    iface('2001:db8::5', 'IPv6'),
    iface('fd00::2', 'IPv6'),
    iface('fe80::1', 'IPv6'),
  ],
};
const V4_ONLY: Interfaces = { lo: DUAL.lo, wlan0: [iface('192.168.1.20', 'IPv4'), iface('fe80::1', 'IPv6')] };

t.test('reach lines: the emulator when it listens on 127.0.0.1, one line per LAN address', async (t) => {
  t.same(reachLines('http', '127.0.0.1', 4010, []), ['  from the Android emulator: http://10.0.2.2:4010/api/v1']);
  t.same(reachLines('https', '0.0.0.0', 4010, ['192.168.1.20', 'fd00::2']), [
    '  from the Android emulator: https://10.0.2.2:4010/api/v1',
    '  from other devices on the network: https://192.168.1.20:4010/api/v1',
    '  from other devices on the network: https://[fd00::2]:4010/api/v1',
  ]);
  t.same(reachLines('http', '192.168.1.20', 4010, ['192.168.1.20']), [
    '  from other devices on the network: http://192.168.1.20:4010/api/v1',
  ]);
});

t.test('the certificate names this machine, the emulator alias and the LAN', async (t) => {
  t.same(certificateNames('127.0.0.1', []), ['localhost', '127.0.0.1', '::1', '10.0.2.2']);
  t.same(certificateNames('0.0.0.0', ['192.168.1.20']), ['localhost', '127.0.0.1', '::1', '10.0.2.2', '192.168.1.20']);
});

t.test('TLS lines: the authority, both fingerprints, what was made; never the key', async (t) => {
  const tls = {
    key: '-----BEGIN PRIVATE KEY-----\nSECRETKEYTEXT\n-----END PRIVATE KEY-----\n',
    cert: 'CERT',
    caPath: '.mcs-mock/ca.pem',
    caFingerprint: 'AA:BB',
    certFingerprint: 'CC:DD',
    made: ['authority', 'certificate'] as Array<'authority' | 'certificate'>,
    tightened: [],
  };
  const text = tlsLines(tls, ['localhost', '10.0.2.2']).join('\n');
  t.match(text, 'TLS: certificate authority .mcs-mock/ca.pem (made now: trust it on each device, docs/mobile.md)');
  t.match(text, 'authority SHA-256 AA:BB');
  t.match(text, 'server certificate SHA-256 CC:DD (made now)');
  t.match(text, 'for localhost, 10.0.2.2');
  t.notMatch(text, /SECRETKEYTEXT|PRIVATE KEY/);
  t.notMatch(tlsLines({ ...tls, made: [] }, ['localhost']).join('\n'), /made now/);
});

t.test(
  'IPv6: URLs and certificate names where the mock serves it, one line naming them where it does not',
  async (t) => {
    type Row = [host: string, interfaces: Interfaces, reach: string[], names: string[], v6: string[]];
    const rows: Row[] = [
      [
        '::',
        DUAL,
        [
          '  from the Android emulator: http://10.0.2.2:4010/api/v1',
          '  from other devices on the network: http://192.168.1.20:4010/api/v1',
          '  from other devices on the network: http://[2001:db8::5]:4010/api/v1',
          '  from other devices on the network: http://[fd00::2]:4010/api/v1',
        ],
        ['localhost', '127.0.0.1', '::1', '10.0.2.2', '192.168.1.20', '2001:db8::5', 'fd00::2'],
        [],
      ],
      [
        '2001:db8::5',
        DUAL,
        ['  from other devices on the network: http://[2001:db8::5]:4010/api/v1'],
        ['localhost', '127.0.0.1', '::1', '10.0.2.2', '2001:db8::5'],
        [],
      ],
      [
        // Bound to 0.0.0.0, Node listens on IPv4 only: an IPv6 URL would reach nothing.
        '0.0.0.0',
        DUAL,
        [
          '  from the Android emulator: http://10.0.2.2:4010/api/v1',
          '  from other devices on the network: http://192.168.1.20:4010/api/v1',
        ],
        ['localhost', '127.0.0.1', '::1', '10.0.2.2', '192.168.1.20'],
        ['  IPv6 (2001:db8::5, fd00::2): not served on 0.0.0.0; --host :: serves IPv6 and IPv4 alike'],
      ],
      ['0.0.0.0', V4_ONLY, [], [], []],
    ];
    for (const [host, interfaces, reach, names, v6] of rows) {
      const lan = lanAddresses(host, interfaces);
      if (reach.length) t.same(reachLines('http', host, 4010, lan), reach, `${host}: the URLs`);
      if (names.length) t.same(certificateNames(host, lan), names, `${host}: the certificate's names`);
      t.same(ipv6Lines(host, interfaces), v6, `${host}: the IPv6 line`);
    }
  },
);
