// certificateFor: an authority made once per directory, a server certificate
// it signs for the names asked, both reused while they serve; keys 0600.
import { X509Certificate } from 'node:crypto';
import { chmodSync, chownSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { CERT_FILES, CertificateError, certificateFor } from '../../../cli/network/certificate.js';

const NAMES = ['localhost', '127.0.0.1', '::1', '10.0.2.2'];

t.test('first use makes the authority and a certificate for every name; later uses reuse both', async (t) => {
  const dir = join(t.testdir({}), 'nested', '.mcs-mock');
  const first = await certificateFor(NAMES, dir);
  t.same(first.made, ['authority', 'certificate']);
  const ca = new X509Certificate(readFileSync(join(dir, CERT_FILES.ca)));
  const cert = new X509Certificate(first.cert);
  t.ok(ca.ca, 'the authority is a CA (Android and iOS install only those as trusted roots)');
  t.notOk(cert.ca, 'the server certificate is not (Firefox refuses a CA as a server)');
  t.ok(cert.checkIssued(ca) && cert.verify(ca.publicKey), 'signed by the authority');
  t.match(cert.subjectAltName, /DNS:localhost/);
  for (const ip of ['127.0.0.1', '10.0.2.2']) t.equal(cert.checkIP(ip), ip, `covers ${ip}`);
  t.equal(cert.checkIP('::1'), '::1', 'covers ::1');
  t.match(cert.keyUsage ?? [], ['1.3.6.1.5.5.7.3.1'], 'for TLS servers');
  const days = (new Date(cert.validTo).getTime() - Date.now()) / 86_400_000;
  t.ok(days > 300 && days <= 366, 'a year, within the 825 days Apple allows');
  t.equal(first.caFingerprint, ca.fingerprint256);
  t.equal(first.certFingerprint, cert.fingerprint256);
  t.equal(first.caPath, join(dir, CERT_FILES.ca));
  for (const file of [CERT_FILES.caKey, CERT_FILES.key])
    t.equal(statSync(join(dir, file)).mode & 0o777, 0o600, `${file} is 0600`);
  t.equal(statSync(dir).mode & 0o777, 0o700, 'the directory is 0700');

  const again = await certificateFor(NAMES, dir);
  t.same(again.made, [], 'nothing made');
  t.equal(again.certFingerprint, first.certFingerprint);
  t.equal(again.key, first.key);
});

t.test('a new name gets a new certificate from the same authority (no new trust asked)', async (t) => {
  const dir = t.testdir({});
  const first = await certificateFor(NAMES, dir);
  const wider = await certificateFor([...NAMES, '192.168.1.20'], dir);
  t.same(wider.made, ['certificate']);
  t.equal(wider.caFingerprint, first.caFingerprint);
  t.not(wider.certFingerprint, first.certFingerprint);
  t.equal(new X509Certificate(wider.cert).checkIP('192.168.1.20'), '192.168.1.20');
  t.same((await certificateFor(NAMES, dir)).made, [], 'fewer names: the wider one still serves');
});

t.test('a certificate near its end is made again', async (t) => {
  const dir = t.testdir({});
  const first = await certificateFor(NAMES, dir);
  const later = await certificateFor(NAMES, dir, new Date(Date.now() + 362 * 86_400_000));
  t.same(later.made, ['certificate']);
  t.equal(later.caFingerprint, first.caFingerprint);
});

t.test('a broken pair is refused with the files to delete, never replaced, and no key shown', async (t) => {
  const root = t.testdir({});
  const dir = join(root, 'one');
  await certificateFor(NAMES, dir);
  const other = join(root, 'other');
  await certificateFor(NAMES, other);
  writeFileSync(join(dir, CERT_FILES.key), readFileSync(join(other, CERT_FILES.key)));
  const err = await certificateFor(NAMES, dir).catch((e: unknown) => e);
  t.type(err, CertificateError);
  t.match((err as Error).message, `${CERT_FILES.key} is not the key of ${CERT_FILES.cert}`);
  t.match((err as Error).message, `delete ${join(dir, CERT_FILES.cert)}`);
  t.notMatch((err as Error).message, /PRIVATE KEY/);
});

t.test('a directory made here is 0700 and ignores itself in git; one found is left its .gitignore', async (t) => {
  const root = t.testdir({ found: {} });
  const made = join(root, 'made');
  await certificateFor(NAMES, made);
  t.equal(readFileSync(join(made, '.gitignore'), 'utf8').split('\n').at(-2), '*', 'every file of it ignored');
  await certificateFor(NAMES, join(root, 'found'));
  t.notOk(existsSync(join(root, 'found', '.gitignore')), 'a directory the user made is not written to beyond the keys');
});

t.test('what others could write or read is tightened and said, or refused when it is not ours', async (t) => {
  const cases: Array<[string, (dir: string) => void, string, number]> = [
    ['a directory others can write', (dir) => chmodSync(dir, 0o777), '', 0o700],
    ['a directory its group can write', (dir) => chmodSync(dir, 0o770), '', 0o700],
    [
      'an authority key others can read',
      (dir) => chmodSync(join(dir, CERT_FILES.caKey), 0o644),
      CERT_FILES.caKey,
      0o600,
    ],
    ['a server key its group can read', (dir) => chmodSync(join(dir, CERT_FILES.key), 0o640), CERT_FILES.key, 0o600],
  ];
  for (const [label, loosen, file, tight] of cases)
    t.test(label, async (t) => {
      const dir = join(t.testdir({}), 'certs');
      const first = await certificateFor(NAMES, dir);
      t.same(first.tightened, [], 'nothing tightened on a fresh directory');
      loosen(dir);
      const again = await certificateFor(NAMES, dir);
      const path = file ? join(dir, file) : dir;
      t.equal(statSync(path).mode & 0o777, tight, `now ${tight.toString(8)}`);
      t.equal(again.tightened?.length, 1, 'said in one line');
      t.match(again.tightened?.[0], `${path} was`);
      t.same(again.made, [], 'the files kept');
    });
  t.test(
    'a writable directory of someone else is refused, never written to',
    { skip: process.getuid?.() !== 0 && 'needs root to chown' },
    async (t) => {
      const dir = t.testdir({});
      chmodSync(dir, 0o777);
      chownSync(dir, 65534, 65534);
      const err = await certificateFor(NAMES, dir).catch((e: unknown) => e);
      t.type(err, CertificateError);
      t.match((err as Error).message, `--cert-dir ${dir} is writable by others (0777) and not yours`);
      t.notOk(existsSync(join(dir, CERT_FILES.caKey)), 'no key written');

      const keyed = join(t.testdir({}), 'certs');
      await certificateFor(NAMES, keyed);
      chmodSync(join(keyed, CERT_FILES.caKey), 0o644);
      chownSync(join(keyed, CERT_FILES.caKey), 65534, 65534);
      const keyErr = await certificateFor(NAMES, keyed).catch((e: unknown) => e);
      t.type(keyErr, CertificateError);
      t.match((keyErr as Error).message, 'is readable by others (0644) and not yours: delete it');
      t.equal(statSync(join(keyed, CERT_FILES.caKey)).mode & 0o777, 0o644, "another user's key is left as it is");
    },
  );
});

t.test('a directory that is a file, or has a file on its way, is named', async (t) => {
  const root = t.testdir({ plain: 'x' });
  for (const dir of [join(root, 'plain'), join(root, 'plain', 'certs')]) {
    const err = await certificateFor(NAMES, dir).catch((e: unknown) => e);
    t.type(err, CertificateError, dir);
    t.equal((err as Error).message, `--cert-dir ${join(root, 'plain')} is a file, not a directory`, dir);
  }
});
