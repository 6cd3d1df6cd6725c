// --usage-out FILE of the mock and the proxy: the usage recorded so far,
// written on a timer and when the process stops, each time whole (a temporary
// file renamed over the last), so a reader never meets half a file.
import { renameSync } from 'node:fs';
import type { UsageFile } from '../../spec/usage/format.js';
import { writeReport } from './outputs.js';

/** How often the file is rewritten while serving. */
export const USAGE_OUT_EVERY_MS = 10_000;

export interface UsageOut {
  /** Writes the file now; false (and one line on stderr) when it could not be written. */
  write(): boolean;
  /** Stops the timer and writes a last time. */
  stop(): boolean;
}

export function startUsageOut(
  command: string,
  path: string,
  read: () => UsageFile,
  everyMs: number = USAGE_OUT_EVERY_MS,
): UsageOut {
  let failed = false;
  const write = () => {
    try {
      const temporary = `${path}.${process.pid}.tmp`;
      writeReport(temporary, `${JSON.stringify(read(), null, 2)}\n`);
      renameSync(temporary, path);
      failed = false;
      return true;
    } catch (err) {
      // Said once until it works again: a full disk must not flood the terminal every ten seconds.
      if (!failed)
        console.error(`${command}: --usage-out ${path} could not be written (${(err as Error).message}); still trying`);
      failed = true;
      return false;
    }
  };
  const timer = setInterval(write, everyMs);
  timer.unref();
  return {
    write,
    stop() {
      clearInterval(timer);
      return write();
    },
  };
}
