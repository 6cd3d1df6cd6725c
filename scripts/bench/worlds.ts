// Issue 30's targets, against a listening mock started as `npm start` starts
// it (tsx, cli/mock.ts): eight workers at once, each a full session in its own
// world, none seeing another's change (checked: a breach throws and fails the
// bench); the resident memory that 1,000 worlds of ten writes each add; and a
// request in the thousandth world against the same request in the default one.
import { readFileSync } from 'node:fs';
import { freePort, mockArgs, rssMiB, type Server, startServer } from './processes.js';
import { median } from './throughput.js';
import { targetsOf, tenWrites, workerSession, worldCaller } from './world-client.js';

export const WORKERS = 8;
export const WORLDS = 1000;
/** The targets: RSS growth under 100 MB; the thousandth world's request within 5% of the default world's. */
export const WORLD_TARGETS = { rssGrowthMB: 100, requestRatio: 0.05 } as const;

export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number;
}

const spread = (xs: number[]): Spread => ({
  median: median(xs),
  min: Math.min(...xs),
  max: Math.max(...xs),
  runs: xs.length,
});

export interface WorldsFigures {
  workers: { wallMs: Spread; requests: number; sessionMs: Spread };
  memory: { beforeMiB: Spread; afterMiB: Spread; growthMiB: Spread; fillMs: Spread };
  request: {
    /** Median latency of every request, µs. */
    defaultUs: number;
    thousandthUs: number;
    /** The CPU time of the mock's main thread per request, median of the rounds, µs. */
    defaultCpuUs: number;
    thousandthCpuUs: number;
    rounds: number;
    perRound: number;
    /** Per round, the thousandth world's CPU per request over the default world's. */
    cpuRatios: number[];
  };
}

// --max-worlds 1001: the default world and a thousand named ones, none dropped.
const start = async (...flags: string[]): Promise<Server> => {
  const port = await freePort();
  return startServer(
    [...mockArgs(), '--port', String(port), '--max-worlds', '1001', ...flags],
    port,
    '/__mock/accounts',
  );
};

/** `rounds` runs of WORKERS sessions at once, each run in fresh worlds of one mock. */
async function workers(rounds: number): Promise<WorldsFigures['workers']> {
  const server = await start();
  try {
    const walls: number[] = [];
    const sessions: number[] = [];
    let requests = 0;
    for (let r = 0; r < rounds; r++) {
      const started = performance.now();
      const runs = Array.from({ length: WORKERS }, async (_, i) => {
        const t0 = performance.now();
        const sent = await workerSession(server.url, `bench-r${r}-w${i}`, i);
        sessions.push(performance.now() - t0);
        return sent;
      });
      requests = (await Promise.all(runs)).reduce((a, b) => a + b, 0);
      walls.push(performance.now() - started);
    }
    return { wallMs: spread(walls), requests, sessionMs: spread(sessions) };
  } finally {
    await server.stop();
  }
}

/** Makes worlds w-1 .. w-N, `concurrency` at a time, ten writes each; each world's token by name. */
async function fill(url: string, n: number, concurrency = 8): Promise<Map<string, string>> {
  const targets = await targetsOf(url);
  const tokens = new Map<string, string>();
  let next = 1;
  const lane = async () => {
    while (next <= n) {
      const name = `w-${next++}`;
      tokens.set(name, await tenWrites(url, name, targets));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  // Each world holds its ten changes: the count GET /__mock/worlds gives.
  const listed = (await (await fetch(`${url}/__mock/worlds`)).json()) as { worlds: Array<{ changes: number }> };
  const named = listed.worlds.slice(1);
  if (named.length !== n || named.some((w) => w.changes !== 10))
    throw new Error(`expected ${n} worlds of 10 changes, the mock lists ${named.length}`);
  return tokens;
}

/** CPU time of a process's main thread (where the JavaScript runs), in ns: /proc/PID/schedstat, finer than stat's 10 ms ticks. */
function mainThreadNs(pid: number | undefined): number {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

const settle = () => new Promise((r) => setTimeout(r, 2000));

/** RSS of a mock started as users start it (the rate limit on), before and after WORLDS worlds of ten writes. */
async function memory(runs: number): Promise<WorldsFigures['memory']> {
  const before: number[] = [];
  const after: number[] = [];
  const fills: number[] = [];
  for (let r = 0; r < runs; r++) {
    const server = await start();
    try {
      // The same ten writes in the default world first: the code they run is compiled before "before".
      await tenWrites(server.url, undefined, await targetsOf(server.url));
      await settle();
      before.push(rssMiB(server.child.pid));
      const t0 = performance.now();
      await fill(server.url, WORLDS);
      fills.push(performance.now() - t0);
      await settle();
      after.push(rssMiB(server.child.pid));
    } finally {
      await server.stop();
    }
  }
  const growth = after.map((a, i) => a - before[i]!);
  return { beforeMiB: spread(before), afterMiB: spread(after), growthMiB: spread(growth), fillMs: spread(fills) };
}

/**
 * The same request (the first page of 20 clients) in the thousandth world and
 * in the default one, each holding ten writes. Latency: the two alternate
 * request by request (which goes first alternates by round), so drift on a
 * shared machine hits both alike; the median of every request. Server CPU: per
 * round a block of `perRound` requests in each, the CPU time of the mock's main
 * thread over it per request; the median of the rounds. Without the rate
 * limit, which would refuse a minute's 61st request.
 */
async function requestCost(rounds: number, perRound: number): Promise<WorldsFigures['request']> {
  const server = await start('--no-rate-limit');
  try {
    const tokens = await fill(server.url, WORLDS);
    const defaultToken = await tenWrites(server.url, undefined, await targetsOf(server.url));
    const targets = [
      { caller: worldCaller(server.url, undefined), token: defaultToken, us: [] as number[], cpu: [] as number[] },
      {
        caller: worldCaller(server.url, `w-${WORLDS}`),
        token: tokens.get(`w-${WORLDS}`)!,
        us: [] as number[],
        cpu: [] as number[],
      },
    ];
    type Target = (typeof targets)[number];
    const once = async (t: Target) => {
      const t0 = performance.now();
      await t.caller.post('client/list', { page: 1, limit: 20 }, t.token);
      return (performance.now() - t0) * 1000;
    };
    for (const t of targets) for (let i = 0; i < 100; i++) await once(t); // warm-up
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? targets : [...targets].reverse();
      for (let i = 0; i < perRound; i++) for (const t of order) t.us.push(await once(t));
      const cpu = new Map<Target, number>();
      for (const t of order) {
        const before = mainThreadNs(server.child.pid);
        for (let i = 0; i < perRound; i++) await once(t);
        cpu.set(t, (mainThreadNs(server.child.pid) - before) / 1000 / perRound);
        t.cpu.push(cpu.get(t)!);
      }
      ratios.push(cpu.get(targets[1]!)! / cpu.get(targets[0]!)!);
    }
    const [d, k] = targets as [Target, Target];
    return {
      defaultUs: median(d.us),
      thousandthUs: median(k.us),
      defaultCpuUs: median(d.cpu),
      thousandthCpuUs: median(k.cpu),
      rounds,
      perRound,
      cpuRatios: ratios,
    };
  } finally {
    await server.stop();
  }
}

export async function worldsBench({ rounds = 5, memoryRuns = 3, requestRounds = 9, perRound = 1000 } = {}) {
  return {
    workers: await workers(rounds),
    memory: await memory(memoryRuns),
    request: await requestCost(requestRounds, perRound),
  };
}

const f1 = (x: number) => x.toFixed(1);
const pct = (ratio: number) => `${ratio >= 1 ? '+' : ''}${f1((ratio - 1) * 100)}%`;
const range = (s: Spread, f: (x: number) => string) => `${f(s.median)} (${f(s.min)} to ${f(s.max)}, ${s.runs} runs)`;

export function worldsTable(x: WorldsFigures): string {
  const { workers: w, memory: m, request: q } = x;
  const ms = (v: number) => String(Math.round(v));
  const ratio = q.thousandthUs / q.defaultUs - 1;
  const cpuRatio = q.thousandthCpuUs / q.defaultCpuUs - 1;
  const growthMB = (m.growthMiB.median * 2 ** 20) / 1e6;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    '| Figure | median (min to max, runs) |',
    '|---|---|',
    `| ${WORKERS} workers at once, a full session each in its own world: wall ms | ${range(w.wallMs, ms)} |`,
    `| one session among them (${w.requests / WORKERS} requests): ms | ${range(w.sessionMs, ms)} |`,
    `| RSS MiB before the worlds (default world, ten writes) | ${range(m.beforeMiB, ms)} |`,
    `| RSS MiB after ${WORLDS} worlds of ten writes | ${range(m.afterMiB, ms)} |`,
    `| RSS growth MiB | ${range(m.growthMiB, ms)} |`,
    `| making the ${WORLDS} worlds (${WORLDS * 10} writes, 8 at a time): ms | ${range(m.fillMs, ms)} |`,
    `| client/list page of 20 (${q.rounds} rounds of ${q.perRound} alternating), latency µs: default world / world ${WORLDS} | ${f1(q.defaultUs)} / ${f1(q.thousandthUs)} (${pct(q.thousandthUs / q.defaultUs)}) |`,
    `| the same, the mock's main-thread CPU µs a request (blocks of ${q.perRound}): default world / world ${WORLDS} | ${f1(q.defaultCpuUs)} / ${f1(q.thousandthCpuUs)} (${pct(q.thousandthCpuUs / q.defaultCpuUs)}; per round ${q.cpuRatios.map((r) => r.toFixed(2)).join(', ')}) |`,
    '',
    `Isolation: every worker saw its own changes and no other's (${w.wallMs.runs} runs of ${WORKERS}).`,
    `Targets: RSS growth < ${WORLD_TARGETS.rssGrowthMB} MB (${f1(growthMB)} MB: ${met(growthMB < WORLD_TARGETS.rssGrowthMB)}); world ${WORLDS}'s request within ${WORLD_TARGETS.requestRatio * 100}% of the default world's: latency ${pct(ratio + 1)} (${met(Math.abs(ratio) <= WORLD_TARGETS.requestRatio)}), server CPU ${pct(cpuRatio + 1)} (${met(Math.abs(cpuRatio) <= WORLD_TARGETS.requestRatio)}).`,
  ].join('\n');
}
