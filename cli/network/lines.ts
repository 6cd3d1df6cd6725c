// What the mock's banner adds for phones and emulators: where each reaches it,
// and with --https which certificate to trust (never a key).
import { ANDROID_EMULATOR_HOST, emulatorReaches, LOOPBACK_NAMES, lanAddresses, urlOf } from './addresses.js';
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
