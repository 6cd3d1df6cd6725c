// Whether an address is this machine's loopback: for the address the mock is
// bound to (cli/network/addresses.ts) and for the address a request came from
// (the socket's, never a header's: mock/controls/guard.ts).
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
// ::ffff:127.x.y.z (a dual-stack socket's IPv4 peer): BlockList matches IPv4-mapped addresses to the IPv4 rule.

/**
 * True for 127.0.0.0/8, `::1` and `::ffff:127.x.y.z` in any spelling, with or
 * without brackets; `localhost` too when `names` (a bind address may be a
 * name, a socket's peer never is). False for anything else, undefined included.
 */
export function isLoopback(address: string | undefined, names = true): boolean {
  if (address === undefined) return false;
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  if (names && bare.toLowerCase() === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** The socket's remote address is loopback: the request came from this machine, whatever its Host says. */
export const fromLoopback = (remoteAddress: string | undefined) => isLoopback(remoteAddress, false);
