// Whether git tracks a file, in whatever repository encloses it: a key in the
// index (committed, or only staged) is, or will be, in every clone, so the
// --https authority refuses one (cli/network/certificate.ts).
import { spawnSync } from 'node:child_process';
import { basename, dirname } from 'node:path';

/** git answers in milliseconds; a hung one (a network filesystem, a lock) must not hang the start. */
export const GIT_TIMEOUT_MS = 5_000;

/**
 * Variables that point git at another repository than the one enclosing the
 * file (a mock started from a git hook has GIT_DIR set): dropped, so the
 * repository is found from the file's directory as a clone would have it.
 */
const REDIRECTS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_NAMESPACE'];

export type Tracked =
  | { tracked: true }
  | { tracked: false; why: 'untracked' | 'no-repository' | 'no-git' }
  | { tracked: undefined; why: string };

/**
 * Asks git, run in the file's own directory, whether the file is in the index
 * of the repository enclosing it. `tracked: undefined` when git could not say
 * (it timed out or failed in another way): the caller decides what that means.
 */
export function gitTracked(path: string, timeoutMs = GIT_TIMEOUT_MS): Tracked {
  // LC_ALL=C: the refusal of a directory outside any repository is told apart by git's English words.
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };
  for (const name of REDIRECTS) delete env[name];
  // --literal-pathspecs: the name is a file, never a glob; --end-of-options: never an option either.
  const run = spawnSync(
    'git',
    ['--literal-pathspecs', 'ls-files', '--error-unmatch', '--end-of-options', basename(path)],
    { cwd: dirname(path), env, timeout: timeoutMs, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const code = (run.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return { tracked: false, why: 'no-git' };
  if (code === 'ETIMEDOUT' || run.signal) return { tracked: undefined, why: `git did not answer in ${timeoutMs} ms` };
  if (run.error) return { tracked: undefined, why: `git could not be run (${run.error.message})` };
  if (run.status === 0) return { tracked: true };
  // 1: the pathspec matched nothing in the index. 128: no repository encloses it (or git refused to look).
  if (run.status === 1) return { tracked: false, why: 'untracked' };
  if (/not a git repository/i.test(run.stderr)) return { tracked: false, why: 'no-repository' };
  const said = run.stderr.trim().split('\n')[0] ?? '';
  return { tracked: undefined, why: `git failed (exit ${run.status}${said ? `: ${said}` : ''})` };
}
