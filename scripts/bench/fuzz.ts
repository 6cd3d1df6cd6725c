// Fuzzing at bench size: thousands of generated requests over every operation.
import { buildMock } from '../../mock/build.js';
import { loadSpec } from '../../spec/load.js';
import { fuzzMock } from '../fuzz/run.js';

export async function fuzzBench(runsPerOperation: number, seed: number): Promise<{ text: string; failures: number }> {
  const spec = await loadSpec();
  const app = await buildMock({ spec, rateLimit: false });
  try {
    const r = await fuzzMock(app, spec, { runsPerOperation, seed });
    const lines = [
      `${r.cases.toLocaleString('en')} generated requests (${runsPerOperation} per operation, seed ${seed}) in ${(r.ms / 1000).toFixed(1)} s: ${r.failures.length} failures (5xx, crash, hang or an answer off the spec).`,
      `Answers by status: ${JSON.stringify(r.byStatus)}`,
    ];
    for (const f of r.failures.slice(0, 10))
      lines.push(`  - ${f.operationId} ${f.status ?? ''}: ${f.problem} ${JSON.stringify(f.request).slice(0, 200)}`);
    return { text: lines.join('\n'), failures: r.failures.length };
  } finally {
    await app.close();
  }
}
