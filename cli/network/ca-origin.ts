// Where the --https certificate authority came from. Whoever holds its key can
// impersonate any site to every device that trusts it, so the authority is
// used only on the machine that made it, by this tool: when it is made, a
// marker beside it (0600) records this machine and the authority's
// fingerprint; a found authority without a marker that matches is refused.
import { createHash, type X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** The marker's file, beside ca.pem and ca-key.pem. */
export const CA_ORIGIN_FILE = 'ca-origin.json';

const MADE_BY = 'mcs-mock --https';

/** systemd's, then D-Bus's: stable across reboots, different on each install (and each container image's copy). */
const MACHINE_ID_FILES = ['/etc/machine-id', '/var/lib/dbus/machine-id'];

function machineId(): string {
  for (const file of MACHINE_ID_FILES) {
    try {
      const id = readFileSync(file, 'utf8').trim();
      if (id) return id;
    } catch {
      // Absent or unreadable (macOS, Windows, a minimal container): the host name alone.
    }
  }
  return '';
}

/**
 * This machine, as the marker records it: the host name and, hashed with this
 * tool's name, the machine id (systemd asks that the raw id never be shown, and
 * the marker may end up in an archive or a repository).
 */
export function thisMachine(): { host: string; machine: string } {
  const host = hostname();
  const machine = createHash('sha256').update(`${MADE_BY}\n${host}\n${machineId()}`).digest('hex');
  return { host, machine };
}

interface Origin {
  madeBy: string;
  host: string;
  machine: string;
  caSha256: string;
}

/** Writes the marker for an authority just made: 0600 from its creation, whole or absent. */
export function recordOrigin(dir: string, ca: X509Certificate, me = thisMachine()): void {
  const origin: Origin = { madeBy: MADE_BY, host: me.host, machine: me.machine, caSha256: ca.fingerprint256 };
  const path = join(dir, CA_ORIGIN_FILE);
  const temp = `${path}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  writeFileSync(temp, `${JSON.stringify(origin, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temp, path);
}

function readOrigin(path: string): Partial<Origin> | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Origin>) : undefined;
  } catch {
    return undefined;
  }
}

/** A host name as the file holds it, shown safely: it reaches the terminal. */
const shown = (host: unknown) =>
  `"${String(host)
    .replace(/[^\w.-]/g, '?')
    .slice(0, 64)}"`;

/**
 * Why the authority found in `dir` was not made here by this tool (no marker, a
 * marker of another machine or of another authority), or undefined when it was.
 */
export function originProblem(dir: string, ca: X509Certificate, me = thisMachine()): string | undefined {
  const path = join(dir, CA_ORIGIN_FILE);
  if (!existsSync(path)) return `it has no ${CA_ORIGIN_FILE}, so it was not made here by ${MADE_BY}`;
  const origin = readOrigin(path);
  if (origin?.madeBy !== MADE_BY) return `${CA_ORIGIN_FILE} is not one ${MADE_BY} writes`;
  if (origin.machine !== me.machine || origin.host !== me.host)
    return `it was made on another machine (${shown(origin.host)}; this one is ${shown(me.host)})`;
  if (origin.caSha256 !== ca.fingerprint256) return `ca.pem is not the authority ${CA_ORIGIN_FILE} records`;
  return undefined;
}
