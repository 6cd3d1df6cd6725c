// A command started by a package manager's script (`npm start`, `npm run
// proxy`) runs under `sh -c`. Signalled by its process id, as scripts and IDEs
// stop it, npm forwards SIGINT and SIGTERM to that shell only, which ends
// without passing them on (the command's parent changes), and SIGHUP ends npm
// itself, leaving the shell waiting on the command (the shell's parent
// changes): either way the command was left running, orphaned, holding its
// port. So under a script it watches its parent and, when that is the script's
// shell, the shell's parent; once either was adopted by another process (init
// or a subreaper), it stops as on SIGTERM. Not when run directly: the bin under
// systemd, as a container's PID 1 or under nohup once its shell is gone has
// nothing to follow. The shell's parent is read from Linux's /proc; elsewhere
// (macOS's sh, bash, runs the command in its own process) the parent alone.
import { readFileSync } from 'node:fs';

/** True when a package manager's script started the process (npm, pnpm and yarn set npm_lifecycle_event). */
export function startedByScript(env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(env.npm_lifecycle_event);
}

/** A process's parent, from /proc (Linux); undefined where there is none to read. */
export function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields after it are plain.
    const ppid = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
    return Number.isInteger(ppid) ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/** True when a process runs `sh -c` (or bash, dash, zsh), as npm runs a script. */
export function isScriptShell(pid: number): boolean {
  try {
    const [cmd, flag] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return /(^|\/)(sh|bash|dash|zsh)$/.test(cmd ?? '') && flag === '-c';
  } catch {
    return false;
  }
}

/** What is watched: the parent, and the parent's parent when the parent is the script's shell. */
export function lineage(ppid = process.ppid, shellUp = isScriptShell(ppid)): () => string {
  return shellUp ? () => `${process.ppid}<${parentOf(ppid)}` : () => String(process.ppid);
}

/**
 * Calls `onGone` once, when `now()` no longer gives what it gave at the start.
 * The timer is unref'd: it keeps no process alive. Returns a stop.
 */
export function watchLineage(onGone: () => void, now: () => string = lineage(), every = 250): () => void {
  const first = now();
  const timer = setInterval(() => {
    if (now() === first) return;
    clearInterval(timer);
    onGone();
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

/** Under a script, a SIGTERM to this process once orphaned: a stop listener runs, or the default ends it. */
export function stopWhenOrphaned(env: NodeJS.ProcessEnv = process.env): () => void {
  if (!startedByScript(env)) return () => {};
  return watchLineage(() => process.kill(process.pid, 'SIGTERM'));
}
