// npm run bench [-- --duration S --connections N --rounds N --no-pin --sizes A,B --fuzz-runs N --seed N --only throughput,scale,contracts,fuzz]
// Every load targets 127.0.0.1, with bounded durations and request counts.
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { fuzzBench } from './fuzz.js';
import { scale, scaleTable } from './scale.js';
import { suiteSpeed } from './suite.js';
import { throughput, throughputTable } from './throughput.js';

const SECTIONS = ['throughput', 'scale', 'contracts', 'fuzz'] as const;

async function main(): Promise<number> {
  const { values } = parseArgs({
    strict: true,
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      rounds: { type: 'string', default: '3' },
      sizes: { type: 'string', default: '1000,10000,100000' },
      'fuzz-runs': { type: 'string', default: '2000' },
      seed: { type: 'string', default: '1' },
      only: { type: 'string' },
      'no-pin': { type: 'boolean', default: false },
    },
  });
  const duration = Math.min(60, Math.max(1, Number(values.duration) || 5));
  const connections = Math.min(100, Math.max(1, Number(values.connections) || 10));
  const rounds = Math.min(9, Math.max(1, Number(values.rounds) || 3));
  const only = new Set((values.only ?? SECTIONS.join(',')).split(','));
  console.log(
    `machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load from the same machine`,
  );
  if (only.has('throughput')) {
    console.log('\n## Throughput: mock, Prism, bare Fastify');
    console.log(
      `load: autocannon, ${connections} connections, ${rounds} interleaved rounds of ${duration} s per target and route (after a 1 s warm-up); medians`,
    );
    const { figures, placement } = await throughput({ duration, connections, rounds, pin: !values['no-pin'] });
    console.log(`CPUs: ${placement}\n`);
    console.log(throughputTable(figures));
  }
  if (only.has('scale')) {
    const sizes = values.sizes
      .split(',')
      .map(Number)
      .filter((n) => n >= 1 && n <= 1_000_000);
    console.log('\n## Scale: --clients', sizes.join(', '));
    console.log(scaleTable(await scale(sizes)));
  }
  if (only.has('contracts')) {
    console.log('\n## Contract-suite speed');
    console.log(await suiteSpeed());
  }
  let failures = 0;
  if (only.has('fuzz')) {
    console.log('\n## Fuzzing the mock from the spec');
    const r = await fuzzBench(
      Math.min(20_000, Math.max(1, Number(values['fuzz-runs']) || 2000)),
      Number(values.seed) || 1,
    );
    console.log(r.text);
    failures = r.failures;
  }
  return failures ? 1 : 0;
}

process.exitCode = await main();
