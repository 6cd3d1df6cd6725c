// The one "run when executed directly" idiom of every command.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopWhenOrphaned } from './orphan.js';

/** What a command's main returns while it keeps serving with no signal listener: a signal ends the process. */
export const SERVING = 'serving';

// An installed package's bin is a link to the module (node_modules/.bin/mcs-mock).
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * The one "run when executed directly" check: when `moduleUrl` is the file
 * node was started with, runs `main` on the command line and sets the exit code.
 * Under an npm script it stops as on SIGTERM once orphaned (./orphan.ts).
 */
export async function runMain(
  moduleUrl: string,
  main: (argv: string[]) => Promise<number | typeof SERVING>,
): Promise<void> {
  if (!process.argv[1] || realPath(fileURLToPath(moduleUrl)) !== realPath(resolve(process.argv[1]))) return;
  // Watched while main runs and, for a command that keeps serving, for good.
  const unwatch = stopWhenOrphaned();
  const code = await main(process.argv.slice(2));
  if (code !== SERVING) {
    unwatch();
    process.exitCode = code;
  }
}
