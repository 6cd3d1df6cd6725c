// Two mocks started at the same instant on one state file: exactly one may get
// it. Round one's lock was raced (an empty lock file, or one read between
// unlink and create, counted as a dead holder): both won 6 rounds in 20.
import { spawn } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import t from 'tap';
import { TS } from '../helpers/processes.js';

const worker = new URL('./lock-worker.ts', import.meta.url).pathname;

function start() {
  const child = spawn(process.execPath, [...TS, worker], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  return {
    send: (line: string) => child.stdin!.write(`${line}\n`),
    next: async () => (await lines.next()).value as string,
    stop: () => child.kill(),
  };
}

t.test('regression: two processes racing for one state file, 20 rounds: exactly one wins each', async (t) => {
  const a = start();
  const b = start();
  t.teardown(() => {
    a.stop();
    b.stop();
  });
  const dir = t.testdir();
  let bothWon = 0;
  for (let round = 1; round <= 20; round++) {
    // Even rounds race a symlink against the real path: the lock must sit on the resolved file.
    const real = join(dir, `state-${round}.json`);
    const other = round % 2 ? real : join(dir, `link-${round}.json`);
    if (other !== real) symlinkSync(real, other);
    const at = Date.now() + 300;
    a.send(`take ${round} ${real} ${at}`);
    b.send(`take ${round} ${other} ${at}`);
    const answers = [await a.next(), await b.next()];
    const won = answers.filter((s) => s === `${round} won`).length;
    if (won !== 1) bothWon++;
    t.equal(won, 1, `round ${round}${other !== real ? ' (through a symlink)' : ''}: ${answers.join(' | ')}`);
    for (const l of answers.filter((s) => !s.endsWith(' won')))
      t.match(l, /is in use by another mock/, `round ${round}: the loser is told why`);
    a.send(`release ${round}`);
    b.send(`release ${round}`);
    await a.next();
    await b.next();
  }
  t.equal(bothWon, 0, 'no round had two winners (or none)');
});
