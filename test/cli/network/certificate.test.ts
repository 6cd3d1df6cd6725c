// certificateFor: an authority made once per directory, a server certificate
// it signs for the names asked, both reused while they serve; keys 0600.
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t, { type Test } from 'tap';
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

t.test('IPv6 LAN addresses (global, unique-local) are covered, and the certificate reused for them', async (t) => {
  const dir = t.testdir({});
  const names = [...NAMES, '192.168.1.20', '2001:db8::5', 'fd00::2'];
  const first = await certificateFor(names, dir);
  const cert = new X509Certificate(first.cert);
  for (const address of ['2001:db8::5', 'fd00::2', '2001:0db8:0:0:0:0:0:5'])
    t.ok(cert.checkIP(address), `covers ${address}`);
  // OpenSSL spells them expanded in capitals (2001:DB8:0:0:0:0:0:5): compared as addresses, not text.
  t.same((await certificateFor(names, dir)).made, [], 'reused on the next start, not made again');
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

/** git in `cwd`, as a user would run it (no identity of ours needed to commit). */
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd, stdio: 'pipe' });

/** A directory no repository encloses (the test's own directory is inside this repository's work tree). */
function outsideAnyRepository(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-ca-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs `fn` with PATH set to `path` (git found there or nowhere), then puts PATH back. */
async function withPath<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const was = process.env.PATH;
  process.env.PATH = path;
  try {
    return await fn();
  } finally {
    process.env.PATH = was;
  }
}

t.test('regression: an authority committed, brought in or made elsewhere is refused, never reused', async (t) => {
  // Each row: where the certificate directory is, what happens to it after this tool made it, then
  // null when it is reused (ours, here) or what the refusal says.
  type Row = {
    label: string;
    root: (t: Test) => string;
    after: (dir: string, root: string) => void;
    path?: (root: string) => string;
    refused: RegExp | null;
  };
  const repo = (t: Test) => {
    const root = t.testdir({});
    git(root, 'init', '-q');
    return root;
  };
  const other = async (root: string) => {
    const elsewhere = join(root, 'elsewhere');
    await certificateFor(NAMES, elsewhere);
    return elsewhere;
  };
  const marker = (dir: string, change: (m: Record<string, string>) => void) => {
    const path = join(dir, CERT_FILES.caOrigin);
    const m = JSON.parse(readFileSync(path, 'utf8'));
    change(m);
    writeFileSync(path, JSON.stringify(m));
  };
  const fakeGit = (root: string, script: string) => {
    const bin = join(root, 'fake-bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'git'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    return bin;
  };
  const rows: Row[] = [
    {
      label: 'the key committed (0644) in the repository around it',
      root: repo,
      after: (dir, root) => {
        chmodSync(join(dir, CERT_FILES.caKey), 0o644);
        git(root, 'add', '-f', '.');
        git(root, 'commit', '-q', '-m', 'certs');
      },
      refused: /git tracks .*ca-key\.pem \(committed, or staged to be\).*git rm --cached -- /,
    },
    {
      label: 'the key only staged, not committed',
      root: repo,
      after: (dir, root) => git(root, 'add', '-f', '--', join(dir, CERT_FILES.caKey)),
      refused: /git tracks .*ca-key\.pem/,
    },
    {
      label: 'the key committed in a repository two folders up, the rest of it untracked',
      root: repo,
      after: (dir, root) => {
        git(root, 'add', '-f', '--', join(dir, CERT_FILES.caKey));
        git(root, 'commit', '-q', '-m', 'key');
      },
      refused: /git tracks .*ca-key\.pem/,
    },
    {
      label: 'git cannot say (it refuses the repository)',
      root: (t) => t.testdir({}),
      after: () => undefined,
      path: (root) => fakeGit(root, 'echo "fatal: detected dubious ownership in repository" >&2; exit 128'),
      refused: /cannot tell whether git tracks .*dubious ownership.*--cert-dir a directory outside any repository/,
    },
    {
      label: 'no marker beside it (brought in from elsewhere, or made by an earlier version)',
      root: (t) => t.testdir({}),
      after: (dir) => rmSync(join(dir, CERT_FILES.caOrigin)),
      refused: /it has no ca-origin\.json, so it was not made here by mcs-mock --https/,
    },
    {
      label: 'a marker naming another machine',
      root: (t) => t.testdir({}),
      after: (dir) =>
        marker(dir, (m) => {
          m.host = 'build-server\u001b[31m';
          m.machine = '0'.repeat(64);
        }),
      refused: /it was made on another machine \("build-server\?\?31m"; this one is "/,
    },
    {
      label: 'a marker of this host name but another machine id (a copied disk, another container)',
      root: (t) => t.testdir({}),
      after: (dir) => marker(dir, (m) => (m.machine = 'f'.repeat(64))),
      refused: /it was made on another machine/,
    },
    {
      label: 'a marker of another authority (ca.pem and its key replaced)',
      root: (t) => t.testdir({}),
      after: () => undefined,
      refused: /ca\.pem is not the authority ca-origin\.json records/,
    },
    {
      label: 'a marker this tool does not write',
      root: (t) => t.testdir({}),
      after: (dir) => writeFileSync(join(dir, CERT_FILES.caOrigin), 'not json'),
      refused: /ca-origin\.json is not one mcs-mock --https writes/,
    },
    {
      label: 'ours, here, in a repository that ignores it: reused',
      root: repo,
      after: (_dir, root) => {
        writeFileSync(join(root, 'README'), 'x');
        git(root, 'add', '.');
        git(root, 'commit', '-q', '-m', 'the project, its .gitignore keeping the keys out');
      },
      refused: null,
    },
    {
      label: 'ours, here, no repository around it: reused',
      root: outsideAnyRepository,
      after: () => undefined,
      refused: null,
    },
    {
      label: 'ours, here, git not installed: reused',
      root: (t) => t.testdir({}),
      after: () => undefined,
      path: (root) => join(root, 'no-such-bin'),
      refused: null,
    },
    {
      label: 'ours, here, its key readable by others: tightened and reused',
      root: (t) => t.testdir({}),
      after: (dir) => chmodSync(join(dir, CERT_FILES.caKey), 0o644),
      refused: null,
    },
  ];
  for (const row of rows)
    t.test(row.label, async (t) => {
      const root = row.root(t);
      const dir = join(root, 'app', 'certs');
      const first = await certificateFor(NAMES, dir);
      if (row.label.startsWith('a marker of another authority')) {
        const elsewhere = await other(root);
        for (const f of [CERT_FILES.ca, CERT_FILES.caKey]) copyFileSync(join(elsewhere, f), join(dir, f));
      }
      row.after(dir, root);
      const keyBefore = readFileSync(join(dir, CERT_FILES.caKey), 'utf8');
      const modeBefore = statSync(join(dir, CERT_FILES.caKey)).mode & 0o777;
      const run = () => certificateFor([...NAMES, '192.168.1.20'], dir).catch((e: unknown) => e);
      const got = row.path ? await withPath(row.path(root), run) : await run();
      if (row.refused === null) {
        t.notOk(got instanceof Error, `not refused${got instanceof Error ? `: ${got.message}` : ''}`);
        const used = got as Awaited<ReturnType<typeof certificateFor>>;
        t.equal(used.caFingerprint, first.caFingerprint, 'the same authority');
        t.same(used.made, ['certificate'], 'no new authority, only the certificate for the new name');
        t.equal(statSync(join(dir, CERT_FILES.caKey)).mode & 0o777, 0o600, 'its key 0600');
        return;
      }
      t.type(got, CertificateError);
      const message = (got as Error).message;
      t.match(message, row.refused);
      if (!message.startsWith('cannot tell')) {
        t.match(message, 'Whoever has a copy of its key can impersonate any site to every device that trusts it');
        const files = [CERT_FILES.ca, CERT_FILES.caKey, CERT_FILES.caOrigin].map((f) => join(dir, f));
        t.match(message, `Delete it (rm -f ${files.join(' ')})`, 'the files to delete');
        t.match(message, `run \`npm start -- --https --cert-dir ${dir}\` to make a new one`, 'the command');
      }
      t.notMatch(message, /PRIVATE KEY/);
      t.notMatch(message, keyBefore.split('\n')[1]!, 'no line of the key');
      t.equal(readFileSync(join(dir, CERT_FILES.caKey), 'utf8'), keyBefore, 'the key left as it was');
      t.equal(statSync(join(dir, CERT_FILES.caKey)).mode & 0o777, modeBefore, 'its mode too');
      t.equal(readFileSync(join(dir, CERT_FILES.cert), 'utf8'), first.cert, 'no certificate signed with it');
    });
});
