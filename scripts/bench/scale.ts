// The mock at 1,000 to 1,000,000 clients: time to the first client/list answer,
// the first keyword search over the demo user's clients and the first company
// page, then a walk of distinct pages and distinct keywords (so the answer cache
// never helps), and the memory after it.
import { authHeaders, demoToken, freePort, mockArgs, rssMiB, startServer } from './processes.js';

export interface ScaleFigure {
  clients: number;
  /** From spawning the process to the first client/list answer (sign-in included). */
  firstListMs: number;
  /** The first keyword search over the demo user's clients (their search texts are made then). */
  firstSearchMs: number;
  /** The first client/user_client page of the demo company. */
  firstCompanyMs: number;
  /** Resident memory after the walk. */
  rssMiB: number;
  demoClients: number;
  companyClients: number;
  /** Distinct page reads measured (fewer at small sizes, where fewer pages exist). */
  distinctPages: number;
  page: { p50: number; p99: number };
  keyword: { p50: number; p99: number };
  company: { p50: number; p99: number };
}

/** The targets: first answer within 3 s, first search within 1 s, search p99 50 ms, 350 MB at the largest size. */
export const TARGETS = { firstListMs: 3000, firstSearchMs: 1000, keywordP99: 50, rssMiB: 350 } as const;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
const spread = (xs: number[]) => ({ p50: pct(xs, 0.5), p99: pct(xs, 0.99) });

type Envelope = { data: { last_page: number; total: number } };

export async function scale(sizes: number[], { samples = 100 } = {}): Promise<ScaleFigure[]> {
  const out: ScaleFigure[] = [];
  for (const clients of sizes) out.push(await measure(clients, samples));
  return out;
}

/** One mock of the given size, from spawn to its memory after the walk. */
async function measure(clients: number, samples: number): Promise<ScaleFigure> {
  const port = await freePort();
  const spawned = performance.now();
  const server = await startServer(
    [...mockArgs(), '--port', String(port), '--no-rate-limit', '--clients', String(clients)],
    port,
    '/__mock/accounts',
    { timeoutMs: 300_000 },
  );
  try {
    const token = await demoToken(server.url);
    const post = async (path: string, body: unknown) => {
      const started = performance.now();
      const r = await fetch(`${server.url}/api/v1/${path}`, {
        method: 'POST',
        headers: authHeaders(token),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const json = (await r.json()) as Envelope;
      return { ms: performance.now() - started, json };
    };
    const first = await post('client/list', { page: 1, limit: 20 });
    const firstListMs = performance.now() - spawned;
    const total = first.json.data.total;
    const firstSearchMs = (await post('client/list', { page: 1, limit: 20, keyword: 'zz' })).ms;
    const company = await post('client/user_client', { company_name: 'Demo Blinds Co', page: 1, limit: 20 });
    const pageMs = await distinctPages(total, samples, async (body) => (await post('client/list', body)).ms);
    // Distinct two-letter keywords: most match many clients, so each is a full scan.
    const letters = 'abcdefghijklmnoprstuvwy';
    const keywordMs: number[] = [];
    for (let i = 0; i < samples; i++) {
      const keyword = `${letters[i % letters.length]}${letters[Math.floor(i / letters.length) % letters.length]}`;
      keywordMs.push((await post('client/list', { page: 1, limit: 20, keyword })).ms);
    }
    const companyMs = await distinctPages(
      company.json.data.total,
      20,
      async (body) => (await post('client/user_client', { company_name: 'Demo Blinds Co', ...body })).ms,
    );
    return {
      clients,
      firstListMs,
      firstSearchMs,
      firstCompanyMs: company.ms,
      rssMiB: rssMiB(server.child.pid),
      demoClients: total,
      companyClients: company.json.data.total,
      distinctPages: pageMs.length,
      page: spread(pageMs),
      keyword: spread(keywordMs),
      company: spread(companyMs),
    };
  } finally {
    await server.stop();
  }
}

/** Reads of distinct page x limit pairs spread over the whole list, as many as exist up to `samples`. */
async function distinctPages(
  total: number,
  samples: number,
  read: (body: { page: number; limit: number }) => Promise<number>,
): Promise<number[]> {
  const ms: number[] = [];
  const seen = new Set<string>();
  for (let i = 0; seen.size < samples && i < samples * 50; i++) {
    const limit = 10 + (i % 21);
    const page = 1 + ((i * 7919) % Math.max(1, Math.ceil(total / limit)));
    const key = `${page}:${limit}`;
    if (seen.has(key)) continue;
    seen.add(key);
    ms.push(await read({ page, limit }));
  }
  return ms;
}

export function scaleTable(figures: ScaleFigure[]): string {
  const f = (x: number) => x.toFixed(1);
  const s = (x: number) => (x / 1000).toFixed(2);
  const rows = [
    "| Clients (demo user's / company's) | First list answer s | First search ms | First company page ms | RSS MiB after the walk | page p50 / p99 ms | keyword p50 / p99 ms | company page p50 / p99 ms |",
    '|---|---|---|---|---|---|---|---|',
  ];
  const n = (x: number) => x.toLocaleString('en');
  for (const x of figures)
    rows.push(
      `| ${n(x.clients)} (${n(x.demoClients)} / ${n(x.companyClients)}) | ${s(x.firstListMs)} | ${f(x.firstSearchMs)} | ${f(x.firstCompanyMs)} | ${x.rssMiB} | ${f(x.page.p50)} / ${f(x.page.p99)} | ${f(x.keyword.p50)} / ${f(x.keyword.p99)} | ${f(x.company.p50)} / ${f(x.company.p99)} |`,
    );
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const b = figures.at(-1)!;
  const a = figures[0]!;
  rows.push(
    '',
    `Targets at every size: first list answer < ${TARGETS.firstListMs / 1000} s (${verdict(figures.every((x) => x.firstListMs < TARGETS.firstListMs))}), first search < ${TARGETS.firstSearchMs} ms (${verdict(figures.every((x) => x.firstSearchMs < TARGETS.firstSearchMs))}), keyword p99 < ${TARGETS.keywordP99} ms (${verdict(figures.every((x) => x.keyword.p99 < TARGETS.keywordP99))}); RSS at ${n(b.clients)} < ${TARGETS.rssMiB} MiB (${verdict(b.rssMiB < TARGETS.rssMiB)}).`,
  );
  if (figures.length > 1)
    rows.push(
      `From ${n(a.clients)} to ${n(b.clients)} clients (x${b.clients / a.clients}): page p50 x${(b.page.p50 / a.page.p50).toFixed(2)}, memory x${(b.rssMiB / a.rssMiB).toFixed(1)}, first list answer x${(b.firstListMs / a.firstListMs).toFixed(1)}.`,
    );
  return rows.join('\n');
}
