// npm run bench [-- --duration S --connections N --clients N]
// Starts the mock as its own process on 127.0.0.1 and measures it with
// autocannon: client/list (a page of 20, authenticated) and plans/index.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

interface Figure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(name: string, opts: autocannon.Options): Promise<Figure> {
  const r = await autocannon(opts);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    strict: true,
    options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' }, clients: { type: 'string', default: '150' } },
  });
  const duration = Math.min(60, Math.max(1, Number(values.duration)));
  const connections = Math.min(100, Math.max(1, Number(values.connections)));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, `${root}mock/cli.ts`, '--port', String(port), '--no-rate-limit', '--clients', String(values.clients)], { stdio: 'ignore' });
  try {
    await waitFor(`${base}/__mock/accounts`, 60_000);
    const signin = await fetch(`${base}/api/v1/user/signin`, {
      method: 'POST',
      headers: { platform: 'WEB', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@example.com', password: 'demo-password' }),
      signal: AbortSignal.timeout(5000),
    });
    const token = ((await signin.json()) as { data: { api_token: string } }).data.api_token;
    const headers = { platform: 'WEB', 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const figures = [
      await run('client/list (page of 20)', { url: `${base}/api/v1/client/list`, method: 'POST', headers, body: JSON.stringify({ page: 1, limit: 20 }), connections, duration }),
      await run('plans/index', { url: `${base}/api/v1/plans/index`, method: 'GET', headers, connections, duration }),
    ];
    console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
    console.log(`load: autocannon, ${connections} connections, ${duration} s per target, mock with --no-rate-limit --clients ${values.clients}`);
    console.log('| target | req/s | p50 ms | p99 ms | errors | non-2xx |');
    console.log('|---|---|---|---|---|---|');
    for (const f of figures) console.log(`| ${f.name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} | ${f.non2xx} |`);
    return figures.some((f) => f.errors > 0 || f.non2xx > 0) ? 1 : 0;
  } finally {
    child.kill('SIGTERM');
  }
}

process.exitCode = await main();
