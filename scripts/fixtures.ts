// npm run fixtures -- --seed N --clients N --out world.json
// Writes the mock's world for frontend unit tests; same seed, same bytes.
import { writeFile } from 'node:fs/promises';
import { buildWorld, DEFAULT_CLIENTS, DEFAULT_SEED } from '../fixtures/world.js';
import { nonEmpty, parseCommand, refuse, runMain, value, wholeNumber } from './command.js';

export const FIXTURES_COMMAND = {
  name: 'fixtures',
  synopsis: 'npm run fixtures -- [options]',
  options: {
    seed: value('N', 'seed', { parse: wholeNumber(0, 2 ** 31 - 1), default: DEFAULT_SEED }),
    // The mock's own limit: larger worlds run out of memory.
    clients: value('N', 'number of clients', { parse: wholeNumber(1, 100_000), default: DEFAULT_CLIENTS }),
    out: value('FILE', 'write here instead of standard output', { parse: nonEmpty('a file') }),
  },
};

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(FIXTURES_COMMAND, argv, ({ values }) => ({ ok: true as const, ...values }));
  if (!parsed.ok) return refuse(FIXTURES_COMMAND, parsed);
  const { seed, clients, out } = parsed;
  const text = `${JSON.stringify(buildWorld({ seed, clients }), null, 2)}\n`;
  if (out) {
    await writeFile(out, text);
    console.error(`fixtures: wrote ${out} (seed ${seed}, ${clients} clients)`);
  } else process.stdout.write(text);
  return 0;
}

await runMain(import.meta.url, main);
