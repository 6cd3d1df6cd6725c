// The addresses devices reach the mock by, from the bind address and the interfaces.
import t from 'tap';
import { emulatorReaches, type Interfaces, isLoopback, lanAddresses, urlOf } from '../../../cli/network/addresses.js';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({
  address,
  family,
  internal,
  netmask: '',
  mac: '',
  cidr: null,
  ...(family === 'IPv6' ? { scopeid: 0 } : {}),
});
const INTERFACES = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  wlan0: [
    iface('192.168.1.20', 'IPv4'),
    iface('fd00::2', 'IPv6'),
    iface('fe80::1', 'IPv6'),
    iface('2001:db8::5', 'IPv6'),
    iface('FE80::2', 'IPv6'),
  ],
  eth1: [iface('10.1.0.5', 'IPv4')],
} as Interfaces;

t.test('loopback binds have no LAN address; 0.0.0.0 every IPv4 one; :: the IPv6 ones too', async (t) => {
  for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.0.0.2']) {
    t.ok(isLoopback(host), host);
    t.same(lanAddresses(host, INTERFACES), [], host);
  }
  t.same(lanAddresses('0.0.0.0', INTERFACES), ['192.168.1.20', '10.1.0.5']);
  t.same(
    lanAddresses('::', INTERFACES),
    ['192.168.1.20', 'fd00::2', '2001:db8::5', '10.1.0.5'],
    'global and unique-local IPv6 in; link-local (any case) and loopback left out',
  );
  t.same(lanAddresses('2001:db8::5', INTERFACES), ['2001:db8::5'], 'an IPv6 --host as is');
  t.same(lanAddresses('[2001:db8::5]', INTERFACES), ['2001:db8::5'], 'without its brackets');
  t.same(lanAddresses('192.168.1.20', INTERFACES), ['192.168.1.20'], 'a given address as is');
});

t.test("the Android emulator's 10.0.2.2 reaches the mock when it listens on the host's 127.0.0.1", async (t) => {
  for (const host of ['127.0.0.1', 'localhost', '0.0.0.0', '::']) t.ok(emulatorReaches(host), host);
  for (const host of ['192.168.1.20', '::1']) t.notOk(emulatorReaches(host), host);
});

t.test('URLs bracket IPv6 addresses', async (t) => {
  t.equal(urlOf('https', 'fd00::2', 4010), 'https://[fd00::2]:4010');
  t.equal(urlOf('http', '2001:db8::5', 4010), 'http://[2001:db8::5]:4010');
  t.equal(urlOf('http', '192.168.1.20', 4010), 'http://192.168.1.20:4010');
});
