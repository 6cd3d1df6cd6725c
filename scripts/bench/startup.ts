// Start-up of the mock as the package runs it (compiled dist/cli/mock.js) beside
// the clone's `npm start` (tsx compiling TypeScript at load): time from spawn to
// the first answer, and memory once it answers.
import { execFileSync } from 'node:child_process';
import { freePort, mockArgs, ROOT, rssMiB, startServer, TS } from './processes.js';
import { median } from './throughput.js';

export interface StartupFigure {
  target: string;
  runs: number;
  p50Ms: number;
  maxMs: number;
  rssMiB: number;
}

export async function startup(runs = 5): Promise<StartupFigure[]> {
  execFileSync(process.execPath, [...TS, `${ROOT}scripts/build.ts`], { stdio: 'ignore' });
  const targets: Array<[string, string[]]> = [
    ['built (dist/cli/mock.js, as installed)', [`${ROOT}dist/cli/mock.js`]],
    ['tsx (cli/mock.ts, npm start)', mockArgs()],
  ];
  const times = new Map<string, { ms: number[]; rss: number[] }>(targets.map(([name]) => [name, { ms: [], rss: [] }]));
  // Interleaved, so drift on a shared machine hits both alike.
  for (let i = 0; i < runs; i++) {
    for (const [name, args] of targets) {
      const port = await freePort();
      const server = await startServer([...args, '--port', String(port)], port, '/__mock/accounts');
      times.get(name)!.ms.push(server.startMs);
      times.get(name)!.rss.push(rssMiB(server.child.pid));
      await server.stop();
    }
  }
  return targets.map(([target]) => {
    const { ms, rss } = times.get(target)!;
    return { target, runs, p50Ms: median(ms), maxMs: Math.max(...ms), rssMiB: median(rss) };
  });
}

export function startupTable(figures: StartupFigure[]): string {
  const rows = figures.map(
    (f) => `| ${f.target} | ${f.runs} | ${Math.round(f.p50Ms)} | ${Math.round(f.maxMs)} | ${f.rssMiB} |`,
  );
  return ['| Mock | runs | first answer p50 ms | max ms | RSS MiB |', '|---|---|---|---|---|', ...rows].join('\n');
}
