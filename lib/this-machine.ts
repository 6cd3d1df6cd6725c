// Which addresses are this machine's own: loopback, and every address of its
// network interfaces. A browser on this computer that opens the mock by the
// computer's LAN address (http://192.168.1.20:4010/__mock/ui) connects from
// that address, not from loopback, and names it in its Host: both are this
// machine. Another machine cannot connect from one of them: the kernel drops
// an arriving packet whose source is a local address (Linux: a "martian"
// unless accept_local), and TCP's handshake answers the source address, so a
// forged one never completes a connection.
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { isLoopback } from './loopback.js';

export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** The interfaces as the OS says now: read on each use, since a Wi-Fi may give the machine a new address. */
export type InterfacesOf = () => Interfaces;

export const systemInterfaces: InterfacesOf = () => networkInterfaces();

/**
 * An address as sockets, Host headers and interface lists spell it, made one:
 * without brackets, a zone (`fe80::1%eth0`) or an IPv4-mapped prefix
 * (`::ffff:192.168.1.20`, a dual-stack socket's IPv4 peer), in lower case.
 */
export function bareAddress(address: string): string {
  const bare = address
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase();
  return /^::ffff:\d{1,3}(\.\d{1,3}){3}$/.test(bare) ? bare.slice('::ffff:'.length) : bare;
}

/** True when `address` (an IP literal, bracketed or not) is one of this machine's interface addresses, loopback included. */
export function isOwnAddress(address: string | undefined, interfaces: InterfacesOf = systemInterfaces): boolean {
  if (address === undefined || address === '') return false;
  if (isLoopback(address, false)) return true;
  const wanted = bareAddress(address);
  return Object.values(interfaces()).some((list) => list?.some((i) => bareAddress(i.address) === wanted));
}
