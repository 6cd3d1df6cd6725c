// Preloaded (--import) into a process under measure: as it exits, it writes its
// peak resident memory (VmHWM, Linux) to standard error, on a line of its own.
// Plain JavaScript: it preloads the compiled CLI too, without tsx.
import { readFileSync } from 'node:fs';

// The line `peak-rss-kib N` (hostile-cli.ts reads it); nothing is exported: importing this file is preloading it.

process.on('exit', () => {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kib) process.stderr.write(`\npeak-rss-kib ${kib}\n`);
  } catch {
    /* not Linux: the parent's polling is all there is */
  }
});
