// The --https directory and its private keys, before anything is read from or
// written into them: a directory others can write to is made ours alone or
// refused, a key others can read is made 0600, and a directory made here
// ignores itself in git.
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** A directory or key that cannot be used as it is; the message names it and the way out. */
export class CertificateError extends Error {}

const OTHERS_WRITE = 0o022;
const OTHERS_ANY = 0o077;

/** Windows has no group or world bits (a file reads 0666 there): nothing to tighten or refuse. */
const POSIX = process.platform !== 'win32';
const mode = (path: string) => statSync(path).mode & 0o777;
const ours = (path: string) => process.getuid === undefined || statSync(path).uid === process.getuid();
const octal = (m: number) => `0${m.toString(8)}`;

/** Why `dir` cannot be the certificate directory (it, or a folder on its way, is a file), or undefined. */
export function certDirProblem(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(at)) return statSync(at).isDirectory() ? undefined : `${at} is a file, not a directory`;
    if (dirname(at) === at) return undefined;
  }
}

/**
 * Makes `dir` (0700, with a `.gitignore` of `*` so a project never commits its
 * keys) or checks the one found: group- or world-writable is tightened to 0700
 * when it is ours and refused when it is not. Returns what it changed.
 */
export function prepareCertDir(dir: string): string[] {
  const problem = certDirProblem(dir);
  if (problem) throw new CertificateError(`--cert-dir ${problem}`);
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, '.gitignore'), '# made by mcs-mock --https: its keys are never committed\n*\n');
    return [];
  }
  const was = mode(dir);
  if (!POSIX || !(was & OTHERS_WRITE)) return [];
  if (!ours(dir))
    throw new CertificateError(
      `--cert-dir ${dir} is writable by others (${octal(was)}) and not yours: give a directory of your own`,
    );
  chmodSync(dir, 0o700);
  return [`${dir} was writable by others (${octal(was)}): now 0700`];
}

/** A private key found readable by others is made 0600 (refused when it is not ours to change). */
export function tightenKey(path: string): string[] {
  if (!POSIX || !existsSync(path)) return [];
  const was = mode(path);
  if (!(was & OTHERS_ANY)) return [];
  if (!ours(path))
    throw new CertificateError(
      `${path} is readable by others (${octal(was)}) and not yours: delete it to make a new one`,
    );
  chmodSync(path, 0o600);
  return [`${path} was readable by others (${octal(was)}): now 0600`];
}
