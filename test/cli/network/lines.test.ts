// The banner's lines for devices: where each reaches the mock, which certificate to trust.
import t from 'tap';
import { certificateNames, reachLines, tlsLines } from '../../../cli/network/lines.js';

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
