// npm run fixtures -- --seed N --clients N --out world.json
// Writes the mock's world for frontend unit tests; same seed, same bytes. The
// file is written a record at a time, so a million clients fit in memory.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { nonEmpty, parseCommand, refuse, runMain, value, wholeNumber } from '../cli/kit/command.js';
import { DEFAULT_CLIENTS, DEFAULT_SEED, GeneratedWorld, MAX_CLIENTS, worldParts } from '../fixtures/world.js';

export const FIXTURES_COMMAND = {
  name: 'fixtures',
  synopsis: 'npm run fixtures -- [options]',
  options: {
    seed: value('N', 'seed', { parse: wholeNumber(0, 2 ** 31 - 1), default: DEFAULT_SEED }),
    clients: value('N', 'number of clients', { parse: wholeNumber(1, MAX_CLIENTS), default: DEFAULT_CLIENTS }),
    out: value('FILE', 'write here instead of standard output', { parse: nonEmpty('a file') }),
  },
};

const at = (depth: number, v: unknown) => JSON.stringify(v, null, 2).replace(/\n/g, `\n${'  '.repeat(depth)}`);

/** The world as JSON.stringify(world, null, 2) would write it, in pieces. */
export function* worldJson(world: GeneratedWorld): Generator<string> {
  yield '{';
  let first = true;
  for (const part of worldParts(world)) {
    yield `${first ? '' : ','}\n  ${JSON.stringify(part.key)}: `;
    first = false;
    if (!('items' in part)) {
      yield at(1, part.value);
      continue;
    }
    let n = 0;
    for (const item of part.items()) yield `${n++ ? ',' : '['}\n    ${at(2, item)}`;
    yield n ? '\n  ]' : '[]';
  }
  yield '\n}\n';
}

/** Pieces gathered into 64 KiB writes: a stream item per record would cost more than the record. */
function* batched(pieces: Iterable<string>): Generator<string> {
  let buffer = '';
  for (const piece of pieces) {
    buffer += piece;
    if (buffer.length < 1 << 16) continue;
    yield buffer;
    buffer = '';
  }
  if (buffer) yield buffer;
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(FIXTURES_COMMAND, argv, ({ values }) => ({ ok: true as const, ...values }));
  if (!parsed.ok) return refuse(FIXTURES_COMMAND, parsed);
  const { seed, clients, out } = parsed;
  const chunks = Readable.from(batched(worldJson(new GeneratedWorld({ seed, clients }))));
  try {
    // pipeline keeps to the writer's pace and ends the file; a bad path or a closed pipe rejects instead of crashing.
    await pipeline(chunks, out ? createWriteStream(out) : process.stdout, { end: Boolean(out) });
  } catch (err) {
    console.error(`fixtures: cannot write ${out ?? 'standard output'}: ${(err as Error).message}`);
    return 1;
  }
  if (out) console.error(`fixtures: wrote ${out} (seed ${seed}, ${clients} clients)`);
  return 0;
}

await runMain(import.meta.url, main);
