// The --https certificate: a certificate authority made once per directory
// (the one thing a device is asked to trust) and a server certificate it signs
// for the names the mock is reached by, issued again when a name is new or it
// nears its end, so a new LAN address never asks for a new trust.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { generate as Generate } from 'selfsigned';
import { CA_ORIGIN_FILE, originProblem, recordOrigin } from './ca-origin.js';
import { CertificateError, prepareCertDir, tightenKey } from './cert-dir.js';
import { gitTracked } from './git-tracked.js';

export { CertificateError };

/** Where --https keeps its files unless --cert-dir says otherwise (under the current directory). */
export const DEFAULT_CERT_DIR = '.mcs-mock';

export const CERT_FILES = {
  ca: 'ca.pem',
  caKey: 'ca-key.pem',
  caOrigin: CA_ORIGIN_FILE,
  cert: 'cert.pem',
  key: 'key.pem',
} as const;

const DAY = 86_400_000;
/** Apple's limit for a trusted server certificate is 825 days; a year is well within it. */
const CERT_DAYS = 365;
const CA_DAYS = 3650;
/** A certificate this close to its end is made again rather than used. */
const MARGIN_DAYS = 7;

export interface MockCertificate {
  /** PEM texts for the server; the key is never printed. */
  key: string;
  cert: string;
  /** The certificate authority's file: what a device or browser trusts. */
  caPath: string;
  /** SHA-256 fingerprints (`AB:CD:...`) of the authority and of the server certificate. */
  caFingerprint: string;
  certFingerprint: string;
  /** What this start made: `authority` (trust it anew), `certificate`; empty when both were reused. */
  made: Array<'authority' | 'certificate'>;
  /** What was tightened on the way (a directory others could write, a key others could read), one line each. */
  tightened: string[];
}

interface Pair {
  cert: string;
  key: string;
}

/** The files written: the directory 0700, each private key 0600 from its creation, each file whole or absent. */
function write(path: string, text: string, secret: boolean): void {
  const temp = `${path}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  writeFileSync(temp, text, { mode: secret ? 0o600 : 0o644, flag: 'wx' });
  renameSync(temp, path);
}

function read(dir: string, file: string): string | undefined {
  const path = join(dir, file);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** The pair as found, or undefined when neither file is there; a broken pair is refused, never replaced. */
function loadPair(dir: string, certFile: string, keyFile: string): (Pair & { x509: X509Certificate }) | undefined {
  const cert = read(dir, certFile);
  const key = read(dir, keyFile);
  if (cert === undefined && key === undefined) return undefined;
  try {
    if (cert === undefined || key === undefined)
      throw new Error(`${cert === undefined ? certFile : keyFile} is missing`);
    const x509 = new X509Certificate(cert);
    if (!x509.checkPrivateKey(createPrivateKey(key))) throw new Error(`${keyFile} is not the key of ${certFile}`);
    return { cert, key, x509 };
  } catch (err) {
    throw new CertificateError(
      `the certificate files in ${dir} cannot be used (${(err as Error).message}); delete ${join(dir, certFile)} and ${join(dir, keyFile)} to make new ones`,
    );
  }
}

const lasts = (x509: X509Certificate, now: Date) =>
  new Date(x509.validTo).getTime() - now.getTime() > MARGIN_DAYS * DAY;

const covers = (x509: X509Certificate, names: readonly string[]) =>
  names.every((n) => (isIP(n) ? x509.checkIP(n) !== undefined : x509.checkHost(n) !== undefined));

const until = (now: Date, days: number) => new Date(now.getTime() + days * DAY);

/** selfsigned (and the X.509 library under it, 200 ms to load) only when a certificate is made: the mock without --https never loads it. */
const generate: typeof Generate = async (...args) => (await import('selfsigned')).generate(...args);

async function makeAuthority(now: Date): Promise<Pair> {
  const made = await generate(
    [
      { name: 'commonName', value: `mcs-mock local CA (${hostname()})` },
      { name: 'organizationName', value: 'mcs-contract-toolkit, development only' },
    ],
    {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: new Date(now.getTime() - DAY),
      notAfterDate: until(now, CA_DAYS),
      extensions: [
        { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
      ],
    },
  );
  return { cert: made.cert, key: made.private };
}

async function newAuthority(dir: string, now: Date, made: MockCertificate['made']): Promise<Pair> {
  const ca = await makeAuthority(now);
  write(join(dir, CERT_FILES.caKey), ca.key, true);
  write(join(dir, CERT_FILES.ca), ca.cert, false);
  recordOrigin(dir, new X509Certificate(ca.cert));
  made.push('authority');
  return ca;
}

async function makeServerCertificate(names: readonly string[], ca: Pair, now: Date): Promise<Pair> {
  const made = await generate([{ name: 'commonName', value: names[0] ?? 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now.getTime() - DAY),
    notAfterDate: until(now, CERT_DAYS),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: names.map((n) => (isIP(n) ? { type: 7, ip: n } : { type: 2, value: n })) },
    ],
  });
  return { cert: made.cert, key: made.private };
}

/** A path as a POSIX shell reads it, quoted only when it must be. */
const sh = (path: string) => (/^[\w./-]+$/.test(path) ? path : `'${path.replaceAll("'", `'\\''`)}'`);

/** The refusal of an authority that is not to be reused: why, the files to delete, the command that makes a new one. */
function refuseAuthority(dir: string, why: string, extra = ''): CertificateError {
  const files = [CERT_FILES.ca, CERT_FILES.caKey, CERT_FILES.caOrigin].map((f) => sh(join(dir, f)));
  const again = `npm start -- --https${dir === DEFAULT_CERT_DIR ? '' : ` --cert-dir ${sh(dir)}`}`;
  return new CertificateError(
    `the certificate authority in ${dir} is not used: ${why}. Whoever has a copy of its key can impersonate any site to every device that trusts it. ${extra}Delete it (rm -f ${files.join(' ')}) and run \`${again}\` to make a new one; then remove the old authority from each device that trusted it and trust the new one (docs/mobile.md)`,
  );
}

/**
 * A found authority key that git tracks (committed, or staged to be) is in
 * every clone of the repository: refused. When git cannot say, refused too,
 * with the way out of a directory no repository holds.
 */
function refuseTrackedKey(dir: string): void {
  const path = join(dir, CERT_FILES.caKey);
  if (!existsSync(path)) return;
  const git = gitTracked(path);
  if (git.tracked === true)
    throw refuseAuthority(
      dir,
      `git tracks ${path} (committed, or staged to be)`,
      `Take it out of git (git rm --cached -- ${sh(path)}; a commit that holds it keeps it in the history). `,
    );
  if (git.tracked === undefined)
    throw new CertificateError(
      `cannot tell whether git tracks ${path} (${git.why}); a key git tracks is refused. Fix git, or give --cert-dir a directory outside any repository`,
    );
}

/**
 * The certificate for `names` (host names and IP addresses), kept in `dir`:
 * the authority and the server certificate are reused while they last and
 * the server certificate covers every name; otherwise made anew and written.
 */
export async function certificateFor(
  names: readonly string[],
  dir: string,
  now: Date = new Date(),
): Promise<MockCertificate> {
  const tightened = prepareCertDir(dir);
  // Before anything is changed or read in it: a tracked key is refused, not tightened.
  refuseTrackedKey(dir);
  tightened.push(...tightenKey(join(dir, CERT_FILES.caKey)), ...tightenKey(join(dir, CERT_FILES.key)));
  const made: MockCertificate['made'] = [];
  const found = loadPair(dir, CERT_FILES.ca, CERT_FILES.caKey);
  // Only an authority this tool made on this machine is reused (or replaced when it ends): never one brought in.
  const foreign = found && originProblem(dir, found.x509);
  if (foreign) throw refuseAuthority(dir, foreign);
  let ca: Pair = found ?? (await newAuthority(dir, now, made));
  let caX509 = new X509Certificate(ca.cert);
  if (!caX509.ca || !lasts(caX509, now)) {
    ca = await newAuthority(dir, now, made);
    caX509 = new X509Certificate(ca.cert);
  }
  // A new authority signs a new certificate; an old one's is checked for its names and its end.
  const kept = made.length ? undefined : loadPair(dir, CERT_FILES.cert, CERT_FILES.key);
  const signed = kept?.x509.checkIssued(caX509) && kept.x509.verify(caX509.publicKey);
  const usable = signed && kept && lasts(kept.x509, now) && covers(kept.x509, names);
  const server = usable && kept ? kept : await makeServerCertificate(names, ca, now);
  if (server !== kept) {
    write(join(dir, CERT_FILES.key), server.key, true);
    write(join(dir, CERT_FILES.cert), server.cert, false);
    made.push('certificate');
  }
  return {
    key: server.key,
    cert: server.cert,
    caPath: join(dir, CERT_FILES.ca),
    caFingerprint: caX509.fingerprint256,
    certFingerprint: new X509Certificate(server.cert).fingerprint256,
    made,
    tightened,
  };
}
