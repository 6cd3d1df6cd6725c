// Side by side on one machine: the mock, `prism mock` (static, logging silenced,
// its fastest setting) and bare Fastify answering the same precomputed bodies.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { placeLoad, unpinned } from './pin.js';
import {
  authHeaders,
  cpuMs,
  demoToken,
  freePort,
  mockArgs,
  PRISM,
  ROOT,
  rssMiB,
  type Server,
  startServer,
  TS,
} from './processes.js';

export interface Figure {
  target: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU time (user + system) per request, in µs: its own cost, apart from the load generator's. */
  cpuUs: number;
  /** Every round's req/s and CPU µs a request, in the order measured (the medians above are of these). */
  rounds?: Array<{ rps: number; cpuUs: number }>;
  rssMiB: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  duration: number;
  connections: number;
  /** Rounds; each measures every target once, interleaved, and the median is kept. */
  rounds: number;
  /** Servers on one CPU, the load generator on another (where taskset and two CPUs exist). */
  pin: boolean;
}

interface Target {
  name: string;
  server: Server;
  routes: Record<'client/list' | 'plans/index', autocannon.Options>;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

type Run = Omit<Figure, 'target' | 'route' | 'rssMiB'>;

async function measure(t: Target, route: keyof Target['routes'], load: LoadOptions): Promise<Run> {
  const before = cpuMs(t.server.child.pid);
  const r = await autocannon({ ...t.routes[route], connections: load.connections, duration: load.duration });
  const cpuUs = ((cpuMs(t.server.child.pid) - before) * 1000) / Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    cpuUs,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

async function startTargets(cpu: number | undefined): Promise<{ targets: Target[]; stop: () => Promise<void> }> {
  const started: Server[] = [];
  const stop = async () => void (await Promise.all(started.map((s) => s.stop())));
  try {
    const mockPort = await freePort();
    const mock = await startServer(
      [...mockArgs(), '--port', String(mockPort), '--no-rate-limit'],
      mockPort,
      '/__mock/accounts',
      { cpu },
    );
    started.push(mock);
    const token = await demoToken(mock.url);
    const headers = authHeaders(token);
    const body = JSON.stringify({ page: 1, limit: 20 });
    const text = async (path: string, init: RequestInit) =>
      (await fetch(`${mock.url}${path}`, { ...init, headers, signal: AbortSignal.timeout(5000) })).text();
    const bodies = {
      list: await text('/api/v1/client/list', { method: 'POST', body }),
      plans: await text('/api/v1/plans/index', { method: 'GET' }),
    };

    const prismPort = await freePort();
    const prism = await startServer(
      [PRISM, 'mock', '-h', '127.0.0.1', '-p', String(prismPort), '-v', 'silent', `${ROOT}spec/openapi.yaml`],
      prismPort,
      '/',
      { cpu },
    );
    started.push(prism);

    const barePort = await freePort();
    const file = join(mkdtempSync(join(tmpdir(), 'mcs-bench-')), 'bodies.json');
    writeFileSync(file, JSON.stringify(bodies));
    const bare = await startServer(
      [...TS, `${ROOT}scripts/bench/bare-server.ts`, String(barePort), file],
      barePort,
      '/api/v1/plans/index',
      { cpu },
    );
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

export async function throughput(load: LoadOptions): Promise<{ figures: Figure[]; placement: string }> {
  const placement = load.pin ? placeLoad() : unpinned('--no-pin');
  try {
    return { figures: await measureAll(load, placement.serverCpu), placement: placement.description };
  } finally {
    placement.restore();
  }
}

async function measureAll(load: LoadOptions, cpu: number | undefined): Promise<Figure[]> {
  const { targets, stop } = await startTargets(cpu);
  try {
    const runs = new Map<string, Run[]>();
    for (const route of ['client/list', 'plans/index'] as const) {
      for (const t of targets) await autocannon({ ...t.routes[route], connections: load.connections, duration: 1 }); // warm-up
      for (let round = 0; round < load.rounds; round++) {
        for (const t of targets) {
          const key = `${t.name}\u0000${route}`;
          runs.set(key, [...(runs.get(key) ?? []), await measure(t, route, load)]);
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
          cpuUs: median(rs.map((r) => r.cpuUs)),
          rssMiB: rssMiB(t.server.child.pid),
          errors: rs.reduce((a, r) => a + r.errors, 0),
          non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
          rounds: rs.map(({ rps, cpuUs }) => ({ rps, cpuUs })),
        });
      }
    }
    return figures;
  } finally {
    await stop();
  }
}

/**
 * Issue 31's targets against bare Fastify: at least this share of its req/s, at most this multiple of its CPU a
 * request. Judged on the figures as printed (whole percent, two decimals), so a verdict never contradicts its number.
 */
export const SHARE_TARGET = 0.85;
export const CPU_TARGET = 1.15;

export function throughputTable(figures: Figure[]): string {
  const rows = [
    '| Target | Route | req/s | p50 ms | p99 ms | server CPU µs/req | RSS MiB | errors / non-2xx |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const f of figures) {
    const cpu = Number.isFinite(f.cpuUs) ? f.cpuUs.toFixed(1) : 'n/a';
    rows.push(
      `| ${f.target} | ${f.route} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${cpu} | ${f.rssMiB} | ${f.errors} / ${f.non2xx} |`,
    );
  }
  const of = (target: string, route: string) => figures.find((f) => f.target === target && f.route === route)!;
  rows.push('');
  // Every round, since one process of a build can land 10% off another (JIT and GC timing).
  for (const f of figures) {
    if (!f.rounds?.length) continue;
    const each = f.rounds.map(
      (r) => `${Math.round(r.rps)} req/s ${Number.isFinite(r.cpuUs) ? r.cpuUs.toFixed(1) : 'n/a'} µs`,
    );
    rows.push(`rounds, ${f.target} ${f.route}: ${each.join('; ')}`);
  }
  rows.push('');
  for (const route of ['client/list', 'plans/index']) {
    const mock = of('mock', route);
    const bare = of('bare fastify', route);
    const prismRps = of('prism', route).rps;
    const vsPrism = mock.rps / prismRps;
    const share = mock.rps / bare.rps;
    rows.push(
      `${route}: mock / Prism = ${vsPrism.toFixed(1)}x (target >= 10x: ${vsPrism >= 10 ? 'met' : 'NOT met'}); mock / bare Fastify = ${Math.round(share * 100)}% (target >= 85%: ${Math.round(share * 100) >= SHARE_TARGET * 100 ? 'met' : 'NOT met'})`,
    );
    // How much of the 10x target depends on the machine: where Fastify alone falls short of it, so will a mock on Fastify.
    rows.push(
      `${route}: bare Fastify / Prism = ${(bare.rps / prismRps).toFixed(1)}x (Fastify alone, with nothing to check: about the most a mock on Fastify can reach)`,
    );
    // Requests a second also measure the load generator on the same machine; CPU per request is the server's own cost.
    if (Number.isFinite(mock.cpuUs) && Number.isFinite(bare.cpuUs)) {
      const ratio = mock.cpuUs / bare.cpuUs;
      const more = Math.round((ratio - 1) * 100);
      rows.push(
        `${route}: server CPU per request, mock ${mock.cpuUs.toFixed(1)} µs vs bare Fastify ${bare.cpuUs.toFixed(1)} µs (${Math.abs(more)}% ${more < 0 ? 'less' : 'more'}; ${ratio.toFixed(2)}x, target <= ${CPU_TARGET}x: ${Number(ratio.toFixed(2)) <= CPU_TARGET ? 'met' : 'NOT met'})`,
      );
    }
  }
  return rows.join('\n');
}
