// Side by side on one machine: the mock, `prism mock` (static, logging silenced,
// its fastest setting) and bare Fastify answering the same precomputed bodies.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoToken, freePort, PRISM, ROOT, rssMiB, startServer, TS, type Server } from './processes.js';

export interface Figure {
  target: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  rssMiB: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  duration: number;
  connections: number;
  /** Rounds; each measures every target once, interleaved, and the median is kept. */
  rounds: number;
}

interface Target {
  name: string;
  server: Server;
  routes: Record<'client/list' | 'plans/index', autocannon.Options>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function startTargets(): Promise<{ targets: Target[]; stop: () => Promise<void> }> {
  const started: Server[] = [];
  const stop = async () => void (await Promise.all(started.map((s) => s.stop())));
  try {
    const mockPort = await freePort();
    const mock = await startServer([...TS, `${ROOT}mock/cli.ts`, '--port', String(mockPort), '--no-rate-limit'], mockPort, '/__mock/accounts');
    started.push(mock);
    const token = await demoToken(mock.url);
    const headers = { platform: 'WEB', 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const body = JSON.stringify({ page: 1, limit: 20 });
    const text = async (path: string, init: RequestInit) => (await fetch(`${mock.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(5000) })).text();
    const bodies = { list: await text('/api/v1/client/list', { method: 'POST', body }), plans: await text('/api/v1/plans/index', { method: 'GET' }) };

    const prismPort = await freePort();
    const prism = await startServer([PRISM, 'mock', '-h', '127.0.0.1', '-p', String(prismPort), '-v', 'silent', `${ROOT}spec/openapi.yaml`], prismPort, '/');
    started.push(prism);

    const barePort = await freePort();
    const file = join(mkdtempSync(join(tmpdir(), 'mcs-bench-')), 'bodies.json');
    writeFileSync(file, JSON.stringify(bodies));
    const bare = await startServer([...TS, `${ROOT}scripts/bench/bare-server.ts`, String(barePort), file], barePort, '/api/v1/plans/index');
    started.push(bare);

    const routes = (base: string, prefix: string) => ({
      'client/list': { url: `${base}${prefix}/client/list`, method: 'POST' as const, headers, body },
      'plans/index': { url: `${base}${prefix}/plans/index`, method: 'GET' as const, headers },
    });
    return {
      // Prism serves the spec's paths at its root, and the example page (2 clients).
      targets: [
        { name: 'mock', server: mock, routes: routes(mock.url, '/api/v1') },
        { name: 'prism', server: prism, routes: routes(prism.url, '') },
        { name: 'bare fastify', server: bare, routes: routes(bare.url, '/api/v1') },
      ],
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function throughput(load: LoadOptions): Promise<Figure[]> {
  const { targets, stop } = await startTargets();
  try {
    const runs = new Map<string, Array<{ rps: number; p50: number; p99: number; errors: number; non2xx: number }>>();
    for (const route of ['client/list', 'plans/index'] as const) {
      for (const t of targets) await autocannon({ ...t.routes[route], connections: load.connections, duration: 1 }); // warm-up
      for (let round = 0; round < load.rounds; round++) {
        for (const t of targets) {
          const r = await autocannon({ ...t.routes[route], connections: load.connections, duration: load.duration });
          const key = `${t.name}\u0000${route}`;
          runs.set(key, [...(runs.get(key) ?? []), { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx }]);
        }
      }
    }
    const figures: Figure[] = [];
    for (const t of targets) {
      for (const route of ['client/list', 'plans/index'] as const) {
        const rs = runs.get(`${t.name}\u0000${route}`)!;
        figures.push({
          target: t.name,
          route,
          rps: median(rs.map((r) => r.rps)),
          p50: median(rs.map((r) => r.p50)),
          p99: median(rs.map((r) => r.p99)),
          rssMiB: rssMiB(t.server.child.pid),
          errors: rs.reduce((a, r) => a + r.errors, 0),
          non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
        });
      }
    }
    return figures;
  } finally {
    await stop();
  }
}

export function throughputTable(figures: Figure[]): string {
  const rows = ['| Target | Route | req/s | p50 ms | p99 ms | RSS MiB | errors / non-2xx |', '|---|---|---|---|---|---|---|'];
  for (const f of figures) rows.push(`| ${f.target} | ${f.route} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.rssMiB} | ${f.errors} / ${f.non2xx} |`);
  const ratio = (route: string, other: string) => {
    const m = figures.find((f) => f.target === 'mock' && f.route === route)!.rps;
    const o = figures.find((f) => f.target === other && f.route === route)!.rps;
    return m / o;
  };
  rows.push('');
  for (const route of ['client/list', 'plans/index']) {
    const prism = ratio(route, 'prism');
    const bare = ratio(route, 'bare fastify');
    rows.push(`${route}: mock / Prism = ${prism.toFixed(1)}x (target >= 10x: ${prism >= 10 ? 'met' : 'NOT met'}); mock / bare Fastify = ${(bare * 100).toFixed(0)}% (target >= 80%: ${bare >= 0.8 ? 'met' : 'NOT met'})`);
  }
  return rows.join('\n');
}
