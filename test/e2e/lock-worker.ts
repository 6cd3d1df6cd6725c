// A process that takes state-file locks on command, for the race test: reads
// `take <round> <file> <at ms>` lines, waits for the instant, tries the lock and
// says `<round> won` or `<round> lost <why>`; `release <round>` gives it back.
import { createInterface } from 'node:readline';
import { lockStateFile, type StateLock } from '../../mock/state/lock.js';

const held = new Map<string, StateLock>();
for await (const line of createInterface({ input: process.stdin })) {
  const [verb, round, file, at] = line.split(' ');
  if (verb === 'release') {
    held.get(round!)?.release();
    held.delete(round!);
    process.stdout.write(`${round} released\n`);
    continue;
  }
  // Spin to the agreed instant: both processes leave the line together.
  while (Date.now() < Number(at));
  try {
    held.set(round!, await lockStateFile(file!));
    process.stdout.write(`${round} won\n`);
  } catch (err) {
    process.stdout.write(`${round} lost ${(err as Error).message.replace(/\n/g, ' ')}\n`);
  }
}
