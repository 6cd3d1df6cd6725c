// The mock at 1,000 to 100,000 clients: start-up, memory, and client/list
// latency for distinct pages and distinct keywords (so the answer cache never helps).
import { authHeaders, demoToken, freePort, mockArgs, rssMiB, startServer } from './processes.js';

export interface ScaleFigure {
  clients: number;
  startMs: number;
  rssMiB: number;
  demoClients: number;
  /** Distinct page reads measured (fewer at small sizes, where fewer pages exist). */
  distinctPages: number;
  page: { p50: number; p99: number };
  keyword: { p50: number; p99: number };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

export async function scale(sizes: number[], { samples = 300, keepTickShape = false } = {}): Promise<ScaleFigure[]> {
  const out: ScaleFigure[] = [];
  for (const clients of sizes) {
    const port = await freePort();
    const server = await startServer(
      [...mockArgs(keepTickShape), '--port', String(port), '--no-rate-limit', '--clients', String(clients)],
      port,
      '/__mock/accounts',
      { timeoutMs: 300_000 },
    );
    try {
      const rss = rssMiB(server.child.pid);
      const token = await demoToken(server.url);
      const post = async (body: unknown) => {
        const started = performance.now();
        const r = await fetch(`${server.url}/api/v1/client/list`, {
          method: 'POST',
          headers: authHeaders(token),
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        const json = (await r.json()) as { data: { last_page: number; total: number } };
        return { ms: performance.now() - started, json };
      };
      const first = await post({ page: 1, limit: 20 });
      const total = first.json.data.total;
      const pageMs: number[] = [];
      const keywordMs: number[] = [];
      // Every request differs from all others (page x limit, then keyword), so the answer cache never helps.
      const reads = new Set<string>();
      for (let i = 0; reads.size < samples && i < samples * 50; i++) {
        const limit = 10 + (i % 21);
        const page = 1 + ((i * 7919) % Math.max(1, Math.ceil(total / limit)));
        const key = `${page}:${limit}`;
        if (reads.has(key)) continue;
        reads.add(key);
        pageMs.push((await post({ page, limit })).ms);
      }
      // Distinct two-letter keywords: most match many clients, so each is a full scan.
      const letters = 'abcdefghijklmnoprstuvwy';
      for (let i = 0; i < samples; i++)
        keywordMs.push(
          (
            await post({
              page: 1,
              limit: 20,
              keyword: `${letters[i % letters.length]}${letters[Math.floor(i / letters.length) % letters.length]}`,
            })
          ).ms,
        );
      out.push({
        clients,
        startMs: server.startMs,
        rssMiB: rss,
        demoClients: total,
        distinctPages: pageMs.length,
        page: { p50: pct(pageMs, 0.5), p99: pct(pageMs, 0.99) },
        keyword: { p50: pct(keywordMs, 0.5), p99: pct(keywordMs, 0.99) },
      });
    } finally {
      await server.stop();
    }
  }
  return out;
}

export function scaleTable(figures: ScaleFigure[]): string {
  const f = (x: number) => x.toFixed(2);
  const rows = [
    "| Clients (demo user's) | Start-up s | RSS MiB | page p50 / p99 ms (distinct reads) | keyword p50 / p99 ms (300 distinct) |",
    '|---|---|---|---|---|',
  ];
  for (const x of figures)
    rows.push(
      `| ${x.clients.toLocaleString('en')} (${x.demoClients.toLocaleString('en')}) | ${(x.startMs / 1000).toFixed(1)} | ${x.rssMiB} | ${f(x.page.p50)} / ${f(x.page.p99)} (${x.distinctPages}) | ${f(x.keyword.p50)} / ${f(x.keyword.p99)} |`,
    );
  const a = figures[0]!;
  const b = figures.at(-1)!;
  if (figures.length > 1) {
    rows.push(
      '',
      `From ${a.clients.toLocaleString('en')} to ${b.clients.toLocaleString('en')} clients (x${b.clients / a.clients}): start-up x${(b.startMs / a.startMs).toFixed(1)}, memory x${(b.rssMiB / a.rssMiB).toFixed(1)}, page read p50 x${(b.page.p50 / a.page.p50).toFixed(2)}, keyword p50 x${(b.keyword.p50 / a.keyword.p50).toFixed(1)}; keyword p99 at the largest size ${f(b.keyword.p99)} ms (target < 50 ms: ${b.keyword.p99 < 50 ? 'met' : 'NOT met'}).`,
    );
  }
  return rows.join('\n');
}
