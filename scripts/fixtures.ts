// npm run fixtures -- --seed N --clients N --out world.json
// Writes the mock's world for frontend unit tests; same seed, same bytes.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { buildWorld, DEFAULT_CLIENTS, DEFAULT_SEED } from '../fixtures/world.js';

const USAGE = `usage: npm run fixtures -- [--seed N] [--clients N] [--out FILE]
  --seed N      seed (default ${DEFAULT_SEED})
  --clients N   number of clients (default ${DEFAULT_CLIENTS})
  --out FILE    write here instead of standard output`;

function int(name: string, v: string | undefined, fallback: number, max: number): number {
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) > max || (name === 'clients' && Number(v) < 1))
    throw new Error(`--${name} takes a whole number, not "${v}"`);
  return Number(v);
}

async function main(): Promise<number> {
  let seed: number, clients: number, out: string | undefined;
  try {
    const { values } = parseArgs({
      strict: true,
      options: {
        seed: { type: 'string' },
        clients: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    seed = int('seed', values.seed, DEFAULT_SEED, 2 ** 31 - 1);
    clients = int('clients', values.clients, DEFAULT_CLIENTS, 100_000); // the mock's own limit: larger worlds run out of memory
    out = values.out;
  } catch (err) {
    console.error(`fixtures: ${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const text = `${JSON.stringify(buildWorld({ seed, clients }), null, 2)}\n`;
  if (out) {
    await writeFile(out, text);
    console.error(`fixtures: wrote ${out} (seed ${seed}, ${clients} clients)`);
  } else process.stdout.write(text);
  return 0;
}

process.exitCode = await main();
