// Issue 41: docs/mobile.md showed a banner the mock does not print (it listens
// "on http://0.0.0.0:4010", and no warning). Its block is now checked against
// the mock's own start lines (cli/mock.ts startLines) for `--host 0.0.0.0` on a
// faked machine with the documentation's addresses: 192.168.1.20 on the Wi-Fi,
// 2001:db8::5 for IPv6. So are its IPv6 example and the --https names.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { parseMockArgs, startLines } from '../../cli/mock.js';
import { type Interfaces, lanAddresses } from '../../cli/network/addresses.js';
import { certificateNames, reachLines } from '../../cli/network/lines.js';
import { DEFAULTS, resolveOptions } from '../../mock/options.js';
import { spec } from '../helpers/mock.js';

const DOC = readFileSync(fileURLToPath(new URL('../../docs/mobile.md', import.meta.url)), 'utf8');

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null, scopeid: 0 }) as const;
/** The machine the doc describes. */
const DOC_MACHINE: Interfaces = {
  lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
  en0: [iface('192.168.1.20', 'IPv4'), iface('2001:db8::5', 'IPv6'), iface('fe80::1c2a:3bff:fe4d:5e6f', 'IPv6')],
};

t.test("docs/mobile.md's banner is what `npm start -- --host 0.0.0.0` prints", async (t) => {
  const block = /<!-- mobile-banner:start -->\n```\n([\s\S]*?)\n```\n<!-- mobile-banner:end -->/.exec(DOC)?.[1];
  t.ok(block, 'the marked block');
  const parsed = parseMockArgs(['--host', '0.0.0.0']);
  if (!parsed.ok) throw new Error('--host 0.0.0.0 refused');
  const { ctx } = await resolveOptions({ spec: await spec() });
  const world = { origin: 'seed' as const, seed: DEFAULTS.seed, clients: DEFAULTS.clients, rateLimit: ctx.rateLimit };
  const network = { interfaces: DOC_MACHINE, lan: lanAddresses('0.0.0.0', DOC_MACHINE) };
  // Fastify reports the first address it listens on: loopback, for 0.0.0.0 (as measured).
  const { out, warning } = startLines('http://127.0.0.1:4010', 4010, parsed.settings, world, network);
  t.equal(block, [out, warning].join('\n'), 'line for line: stdout, then the warning on stderr');
});

t.test("the IPv6 example is the mock's lines for --host ::, and the --https names its certificate's", async (t) => {
  const lines = reachLines('http', '::', 4010, lanAddresses('::', DOC_MACHINE));
  for (const line of lines.filter((l) => l.includes('other devices'))) t.match(DOC, `\n${line}\n`, line);
  t.match(DOC, `  for ${certificateNames('0.0.0.0', lanAddresses('0.0.0.0', DOC_MACHINE)).join(', ')}\n`);
});

// Fastify names `::` as it bound it (`http://[::]:4010`): the banner's first URL was one no browser opens.
t.test('regression: with --host :: the banner names an address a browser opens, [::1]', async (t) => {
  const parsed = parseMockArgs(['--host', '::']);
  if (!parsed.ok) throw new Error('--host :: refused');
  const { ctx } = await resolveOptions({ spec: await spec() });
  const world = { origin: 'seed' as const, seed: DEFAULTS.seed, clients: DEFAULTS.clients, rateLimit: ctx.rateLimit };
  const network = { interfaces: DOC_MACHINE, lan: lanAddresses('::', DOC_MACHINE) };
  const { out } = startLines('http://[::]:4010', 4010, parsed.settings, world, network);
  t.match(out, /^Measurement Capture Service mock listening on http:\/\/\[::1\]:4010\/api\/v1$/m);
  t.notMatch(out, /\[::\]:/, 'no [::] anywhere');
  t.match(out, /http:\/\/\[2001:db8::5\]:4010\/api\/v1/, 'the LAN address as before');
});
