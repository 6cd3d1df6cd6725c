// What the mock's banner adds for phones and emulators: where each reaches it,
// and with --https which certificate to trust (never a key).
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import {
  ANDROID_EMULATOR_HOST,
  emulatorReaches,
  type Interfaces,
  LOOPBACK_NAMES,
  lanAddresses,
  urlOf,
} from './addresses.js';
import type { MockCertificate } from './certificate.js';

/** The names the --https certificate covers for a bind address: this machine, the emulator's alias, the LAN. */
export function certificateNames(host: string, lan: readonly string[] = lanAddresses(host)): string[] {
  return [...new Set([...LOOPBACK_NAMES, ANDROID_EMULATOR_HOST, ...lan])];
}

/** `from the Android emulator: ...` (when 10.0.2.2 reaches the mock) and one line per LAN address. */
export function reachLines(
  scheme: 'http' | 'https',
  host: string,
  port: number,
  lan: readonly string[] = lanAddresses(host),
): string[] {
  const api = (address: string) => `${urlOf(scheme, address, port)}/api/v1`;
  return [
    ...(emulatorReaches(host) ? [`  from the Android emulator: ${api(ANDROID_EMULATOR_HOST)}`] : []),
    ...lan.map((address) => `  from other devices on the network: ${api(address)}`),
  ];
}

/**
 * Bound to 0.0.0.0 the mock listens on IPv4 only: the machine's IPv6 LAN
 * addresses (global or unique-local; not link-local, not loopback) reach
 * nothing, so they are not printed as URLs nor put in the certificate. One
 * line names them and the bind that serves them; none when there are none.
 */
export function ipv6Lines(host: string, interfaces: Interfaces = networkInterfaces()): string[] {
  if (host !== '0.0.0.0') return [];
  const v6 = lanAddresses('::', interfaces).filter((address) => isIP(address) === 6);
  if (v6.length === 0) return [];
  return [`  IPv6 (${v6.join(', ')}): not served on 0.0.0.0; --host :: serves IPv6 and IPv4 alike`];
}

/** The authority to trust and the server certificate's fingerprint, each SHA-256. */
export function tlsLines(tls: MockCertificate, names: readonly string[]): string[] {
  const made = tls.made.includes('authority')
    ? ' (made now: trust it on each device, docs/mobile.md)'
    : ' (trusted once per device, docs/mobile.md)';
  return [
    `TLS: certificate authority ${tls.caPath}${made}`,
    `  authority SHA-256 ${tls.caFingerprint}`,
    `  server certificate SHA-256 ${tls.certFingerprint}${tls.made.includes('certificate') ? ' (made now)' : ''}`,
    `  for ${names.join(', ')}`,
  ];
}
