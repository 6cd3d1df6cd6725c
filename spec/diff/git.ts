// Every git command spec:diff runs. A ref comes from the command line (BASE,
// HEAD) or from the acknowledgements file (`base:`), so git must never read it
// as an option: `git show --output=/tmp/x:spec/openapi.yaml` wrote a file. A ref
// starting with "-" is refused before git runs, and `--end-of-options` comes
// before every ref as well (git 2.24 and later; CI runs 2.39).
import { execFileSync } from 'node:child_process';

/** Why a ref is refused before git sees it, or undefined. */
export function refProblem(ref: string): string | undefined {
  return ref.startsWith('-') ? `"${ref}" is not a git ref: a ref cannot start with "-"` : undefined;
}

function git(args: string[], cwd: string, maxBuffer = 1024 * 1024): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    timeout: 15_000,
    maxBuffer,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The working tree's top folder; throws outside a repository. */
export function gitRoot(cwd: string): string {
  return git(['rev-parse', '--show-toplevel'], cwd).trim();
}

/** The first line git wrote to stderr, for a message. */
export function gitDetail(err: unknown): string {
  return String((err as { stderr?: string }).stderr ?? '')
    .trim()
    .split('\n')[0]!;
}

/** An object's size in bytes (`REF:path`), asked before it is read. */
export function gitObjectSize(object: string, root: string): number {
  return Number(git(['cat-file', '-s', '--end-of-options', object], root).trim());
}

/** A blob's bytes as text; git stops being read one byte past maxBytes (execFileSync's maxBuffer). */
export function gitBlob(object: string, root: string, maxBytes: number): string {
  return git(['cat-file', 'blob', '--end-of-options', object], root, maxBytes + 1);
}

/** The commit a ref names, or undefined. */
export function gitCommit(ref: string, root: string): string | undefined {
  if (refProblem(ref)) return undefined;
  try {
    return git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], root).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Whether `ancestor` is HEAD or one of its ancestors; false where git cannot say (not a repository, an unknown commit). */
export function isAncestorOfHead(ancestor: string, root: string): boolean {
  if (refProblem(ancestor)) return false;
  try {
    git(['merge-base', '--is-ancestor', '--end-of-options', ancestor, 'HEAD'], root);
    return true;
  } catch {
    return false;
  }
}
