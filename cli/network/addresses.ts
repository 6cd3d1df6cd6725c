// Where phones, tablets and emulators reach the mock: the addresses the
// banner prints and the names the --https certificate covers.
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { isLoopback } from '../../lib/loopback.js';
import type { Interfaces } from '../../lib/this-machine.js';

/** The Android emulator's alias of the host's loopback (the iOS simulator shares the host's: localhost). */
export const ANDROID_EMULATOR_HOST = '10.0.2.2';

/** This machine's own names: always in the certificate, and the addresses that keep the mock off the network. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'] as const;

export type { Interfaces };

/** True when `host` keeps the mock on this machine (`127.0.0.1`, `localhost`, `::1`, any 127.x.y.z): lib/loopback.ts. */
export { isLoopback };

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The addresses other devices on the network can use, for a bind address:
 * none on loopback; with `0.0.0.0` every IPv4 address of the machine's
 * interfaces (not loopback), with `::` the IPv6 ones too (link-local `fe80::`
 * left out: it needs a zone a URL cannot carry); any other address as given.
 */
export function lanAddresses(host: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (isLoopback(host)) return [];
  if (!WILDCARDS.has(host)) return [host.replace(/^\[(.*)\]$/, '$1')];
  const all = Object.values(interfaces).flatMap((list) => list ?? []);
  const wanted = all.filter(
    (i) => !i.internal && (i.family === 'IPv4' || (host !== '0.0.0.0' && !/^fe80:/i.test(i.address))),
  );
  return [...new Set(wanted.map((i) => i.address))];
}

/** True when the Android emulator's 10.0.2.2 reaches the mock: it listens on the host's 127.0.0.1. */
export function emulatorReaches(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || WILDCARDS.has(host);
}

/** The origin of an address and port as a URL writes it (`[fd00::2]:4010`). */
export function urlOf(scheme: 'http' | 'https', address: string, port: number): string {
  return `${scheme}://${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
}
