// Issue 30 hardening: a request naming a world that is not live yet makes it
// only when it passes the controls' cross-site rule (mock/controls/guard.ts):
// a page of another site, or a rebound Host, must not make worlds (and so evict
// running tests' worlds, or leave files with --state-file). A live world is
// used as before; curl, tests and this machine's pages make worlds as before.
import t from 'tap';
import { testMock } from '../../helpers/mock.js';

type Case = [string, Record<string, string>, 'header' | 'prefix'];

const signin = (name: string, how: 'header' | 'prefix', headers: Record<string, string>) => ({
  method: 'POST' as const,
  url: how === 'prefix' ? `/worlds/${name}/api/v1/user/signin` : '/api/v1/user/signin',
  headers: { 'content-type': 'text/plain', ...(how === 'header' ? { 'x-mock-world': name } : {}), ...headers },
  payload: 'email=a@example.com',
});

const liveNames = async (app: Awaited<ReturnType<typeof testMock>>['app']) =>
  ((await app.inject({ method: 'GET', url: '/__mock/worlds' })).json().worlds as Array<{ name: string }>).map(
    (w) => w.name,
  );

const refused: Case[] = [];
const made: Case[] = [];
for (const how of ['header', 'prefix'] as const) {
  refused.push(
    ['a cross-site Origin', { origin: 'https://evil.example' }, how],
    ['Sec-Fetch-Site: cross-site without Origin', { 'sec-fetch-site': 'cross-site' }, how],
    ['a foreign Host (DNS rebinding)', { host: 'attacker.example:4010' }, how],
    ['an IP-literal LAN Host when the mock listens on loopback only', { host: '192.168.1.20:4010' }, how],
  );
  made.push(
    ['no Origin (curl, tests)', {}, how],
    ['a same-origin page', { origin: 'http://localhost:4010', 'sec-fetch-site': 'same-origin' }, how],
    ['a local Host by name', { host: 'localhost:4010' }, how],
  );
}

t.test('regression: a request of another site makes no world, even when its body is refused', async (t) => {
  const { app } = await testMock(t);
  for (const [i, [what, headers, how]] of refused.entries()) {
    const name = `e${i}`;
    const r = await app.inject(signin(name, how, headers));
    t.equal(r.statusCode, 403, `${what}, by ${how}: 403`);
    t.equal(r.json().status, 403, 'in the API error shape');
    t.match(r.json().message, /is not live, and this request cannot make it: .*POST \/__mock\/worlds/);
    t.notOk((await liveNames(app)).includes(name), `${what}, by ${how}: no world ${name}`);
  }
});

t.test("this machine's requests make worlds as before; a live world is used whoever asks", async (t) => {
  const { app } = await testMock(t);
  for (const [i, [what, headers, how]] of made.entries()) {
    const name = `ok${i}`;
    const r = await app.inject(signin(name, how, headers));
    t.not(r.statusCode, 403, `${what}, by ${how}: not refused (${r.statusCode})`);
    t.ok((await liveNames(app)).includes(name), `${what}, by ${how}: world ${name} made`);
  }
  const cross = await app.inject(signin('ok0', 'header', { origin: 'https://evil.example' }));
  t.not(cross.statusCode, 403, 'a live world is used as before (its own CORS rules aside)');
});

t.test(
  'with --host 0.0.0.0 a LAN device (IP-literal Host) makes worlds; a name it was not given does not',
  async (t) => {
    const { app } = await testMock(t, { host: '0.0.0.0' });
    const ip = await app.inject(signin('phone', 'prefix', { host: '192.168.1.20:4010' }));
    t.not(ip.statusCode, 403, 'IPv4 literal');
    const v6 = await app.inject(signin('phone6', 'prefix', { host: '[fe80::1]:4010' }));
    t.not(v6.statusCode, 403, 'IPv6 literal');
    t.ok((await liveNames(app)).includes('phone'));
    const named = await app.inject(signin('rebound', 'prefix', { host: 'attacker.example:4010' }));
    t.equal(named.statusCode, 403, 'a name is still refused');
    const origin = await app.inject(
      signin('x', 'prefix', { host: '192.168.1.20:4010', origin: 'https://evil.example' }),
    );
    t.equal(origin.statusCode, 403, 'a foreign Origin is still refused');
  },
);

t.test(
  'regression: another machine makes worlds through the API only when the mock serves the network, and never reaches the controls',
  async (t) => {
    // Each row: the mock's options, the peer, the Host it names, whether a new world is made.
    const rows: Array<[string, { host?: string }, string, string, boolean]> = [
      ['LAN mode, a device by its LAN address', { host: '0.0.0.0' }, '192.168.1.20', '192.168.1.10:4010', true],
      ['LAN mode, a device over IPv6', { host: '::' }, 'fe80::1', '[fe80::2]:4010', true],
      ['LAN mode, a device naming Host 127.0.0.1', { host: '0.0.0.0' }, '10.0.0.5', '127.0.0.1:4010', true],
      ['bound to a LAN address, a device by it', { host: '192.168.1.10' }, '192.168.1.20', '192.168.1.10:4010', true],
      ['LAN mode, a rebinding name is still refused', { host: '0.0.0.0' }, '10.0.0.5', 'attacker.example', false],
      ['the default bind, another machine naming 127.0.0.1', {}, '10.0.0.5', '127.0.0.1:4010', false],
      ['the default bind, another machine (IPv4-mapped)', {}, '::ffff:192.168.1.20', 'localhost:4010', false],
      ['--host 127.0.0.1, another machine', { host: '127.0.0.1' }, '192.168.1.20', '127.0.0.1:4010', false],
      ['the default bind, this machine', {}, '127.0.0.1', 'localhost:4010', true],
      ['the default bind, this machine over IPv6', {}, '::1', '127.0.0.1:4010', true],
      ['the default bind, this machine IPv4-mapped', {}, '::ffff:127.0.0.1', '127.0.0.1:4010', true],
    ];
    for (const [i, [what, options, peer, host, makes]] of rows.entries()) {
      const { app } = await testMock(t, options);
      const name = `d${i}`;
      const r = await app.inject({ ...signin(name, 'header', { host }), remoteAddress: peer });
      t.equal((await liveNames(app)).includes(name), makes, `${what}: ${makes ? 'made' : 'not made'}`);
      if (!makes) {
        t.equal(r.statusCode, 403, `${what}: 403`);
        t.match(r.json(), { message: /is not live, and this request cannot make it/, status: 403 });
      }
      // Whatever it may do through the API, another machine never reaches the world's controls.
      if (peer.startsWith('127.') || peer === '::1' || peer.startsWith('::ffff:127.')) continue;
      const mail = await app.inject({
        method: 'GET',
        url: `/__mock/mail?world=${name}`,
        remoteAddress: peer,
        headers: { host },
      });
      t.equal(mail.statusCode, 403, `${what}: its mailbox refused`);
    }
  },
);
