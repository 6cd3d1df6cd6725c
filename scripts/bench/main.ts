// npm run bench [-- options]: the mock beside Prism and bare Fastify, the mock
// at scale, the contract suite's speed, and fuzzing from the spec.
// Every load targets 127.0.0.1, with bounded durations and request counts.
import { cpus, totalmem } from 'node:os';
import {
  commaList,
  flag,
  oneOf,
  parseCommand,
  type Refusal,
  refuse,
  runMain,
  type Values,
  value,
  wholeNumber,
  withAllowed,
} from '../../cli/kit/command.js';
import { listText } from '../../lib/words.js';
import { fuzzBench } from './fuzz.js';
import { hostileCli, hostileCliTable, hostileRunHeld } from './hostile-cli.js';
import { hostileMock, hostileMockTable } from './hostile-mock.js';
import { scale, scaleTable } from './scale.js';
import { startup, startupTable } from './startup.js';
import { suiteSpeed } from './suite.js';
import { throughput, throughputTable } from './throughput.js';
import { tree, treeTable } from './tree.js';
import { worldsBench, worldsTable } from './worlds.js';

const SECTIONS = ['throughput', 'startup', 'scale', 'tree', 'contracts', 'fuzz', 'hostile', 'worlds'] as const;

const anyOf = commaList(oneOf(SECTIONS));
const sections = withAllowed((raw, name) => {
  const chosen = anyOf(raw, name);
  if (chosen.length === 0) throw new Error(`--${name} takes ${listText(SECTIONS)}, comma-separated, not "${raw}"`);
  return chosen;
}, anyOf.allowed!);

export const BENCH_COMMAND = {
  name: 'bench',
  synopsis: 'npm run bench -- [options]',
  options: {
    duration: value('S', 'seconds of each throughput measurement', { parse: wholeNumber(1, 60), default: 5 }),
    connections: value('N', 'connections of the throughput load', { parse: wholeNumber(1, 100), default: 10 }),
    rounds: value('N', 'interleaved throughput rounds; the median is kept', { parse: wholeNumber(1, 9), default: 3 }),
    'no-pin': flag('leave the servers and the load generator to any CPU'),
    sizes: value('A,B', 'clients of the worlds the scale section starts (the tree section starts the largest)', {
      parse: commaList(wholeNumber(1, 1_000_000)),
      default: [1000, 10_000, 100_000, 1_000_000],
    }),
    'fuzz-runs': value('N', 'generated requests per operation', { parse: wholeNumber(1, 20_000), default: 2000 }),
    seed: value('N', 'seed of the fuzzing', { parse: wholeNumber(0, 2 ** 31 - 1), default: 1 }),
    only: value('X[,Y]', 'only these sections', { parse: sections, default: [...SECTIONS] }),
  },
  notes: [
    'exit code: 0 done, 1 the fuzzing found failures, a hostile run broke its bound or a worker saw another world’s change, 2 a bad command line',
  ],
};

export type BenchPlan = Values<typeof BENCH_COMMAND.options>;

export function parseBenchArgs(argv: string[]): { ok: true; plan: BenchPlan } | Refusal {
  return parseCommand(BENCH_COMMAND, argv, ({ values }) => ({ ok: true, plan: values }));
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseBenchArgs(argv);
  if (!parsed.ok) return refuse(BENCH_COMMAND, parsed);
  const { duration, connections, rounds, sizes, only } = parsed.plan;
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load from the same machine`,
  );
  if (only.includes('throughput')) {
    console.log('\n## Throughput: mock, Prism, bare Fastify');
    console.log(
      `load: autocannon, ${connections} connections, ${rounds} interleaved rounds of ${duration} s per target and route (after a 1 s warm-up); medians`,
    );
    const load = { duration, connections, rounds, pin: !parsed.plan['no-pin'] };
    const { figures, placement } = await throughput(load);
    console.log(`CPUs: ${placement}\n`);
    console.log(throughputTable(figures));
  }
  if (only.includes('startup')) {
    console.log('\n## Start-up: the built package beside tsx');
    console.log(startupTable(await startup()));
  }
  if (only.includes('scale')) {
    console.log('\n## Scale: --clients', sizes.join(', '));
    console.log(scaleTable(await scale(sizes)));
  }
  if (only.includes('tree')) {
    const largest = Math.max(...sizes);
    console.log(`\n## The largest world as users start it: npm start -- --clients ${largest}, the whole process tree`);
    console.log(treeTable(await tree(largest)));
  }
  if (only.includes('contracts')) {
    console.log('\n## Contract-suite speed');
    console.log(await suiteSpeed());
  }
  let failures = 0;
  if (only.includes('hostile')) {
    console.log('\n## Hostile: the mock under the memory attacks of issue 26');
    console.log(hostileMockTable(await hostileMock()));
    console.log('\n## Hostile: the contract CLI against hostile deployments (peak memory)');
    const runs = await hostileCli();
    console.log(hostileCliTable(runs));
    // A run past the bound, killed, or without its reports fails the bench, as a regression.
    failures += runs.filter((r) => !hostileRunHeld(r)).length;
  }
  if (only.includes('worlds')) failures += await worldsSection();
  if (only.includes('fuzz')) {
    console.log('\n## Fuzzing the mock from the spec');
    const r = await fuzzBench(parsed.plan['fuzz-runs'], parsed.plan.seed);
    console.log(r.text);
    failures += r.failures;
  }
  return failures ? 1 : 0;
}

/** Issue 30's worlds: a worker that saw another world's change (or any failed request) fails the bench. */
async function worldsSection(): Promise<number> {
  console.log('\n## Worlds: parallel workers, 1,000 worlds, a request in the thousandth');
  try {
    console.log(worldsTable(await worldsBench()));
    return 0;
  } catch (err) {
    console.error(`worlds: FAILED: ${(err as Error).message}`);
    return 1;
  }
}

await runMain(import.meta.url, main);
