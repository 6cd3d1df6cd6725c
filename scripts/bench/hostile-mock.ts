// The mock under the two memory attacks of issue 26, each on a fresh child
// process bound to 127.0.0.1 with the rate limit off (the bounds must hold
// without it): resident memory before and at its peak (sampled every 25 ms).
//   cache:    every string of the demo user's 45 clients set to the largest
//             value allowed (255 control characters, each sent back as a
//             6-character \u escape), then pages of 100 read under distinct
//             query strings, so that no read is answered from the cache.
//   sessions: 5,000 sign-ins of the demo user, each with the largest device
//             token allowed (255 emoji: 1,020 bytes of UTF-8).
// Run alone: `npx tsx scripts/bench/hostile-mock.ts` prints the figures as JSON.
import { pathToFileURL } from 'node:url';
import { loadSpec } from '../../spec/load.js';
import { boundedStrings } from '../../spec/schema.js';
import { authHeaders, demoToken, freePort, mockArgs, rssMiB, type Server, startServer } from './processes.js';

export interface HostileFigure {
  name: string;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  /** Requests of the attack (set-up included). */
  requests: number;
  seconds: number;
  /** How many answers of each status the attack got. */
  statuses: Record<string, number>;
  /** Why the attack could not finish (the mock died: its last output), when it could not. */
  failed?: string;
}

export interface HostileOptions {
  /** Distinct page reads of the cache attack. */
  pageReads?: number;
  /** Sign-ins of the session attack. */
  signins?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** More flags for the mock (e.g. `--journal 0`). */
  mockFlags?: string[];
  /** Node's flags for the mock (e.g. `--max-old-space-size=256`, to show what it keeps is bounded). */
  nodeFlags?: string[];
}

/** The free-text fields of an operation's body at their longest, read once from the spec. */
let specRead: ReturnType<typeof loadSpec> | undefined;
async function bodyStrings(operationId: string): Promise<Map<string, number>> {
  specRead ??= loadSpec();
  return boundedStrings((await specRead).byId.get(operationId)?.requestBody?.schema);
}

export async function hostileMock(options: HostileOptions = {}): Promise<HostileFigure[]> {
  const { pageReads = 300, signins = 5_000, concurrency = 8, mockFlags = [], nodeFlags = [] } = options;
  const args = [...nodeFlags, ...mockArgs(), ...mockFlags, '--no-rate-limit'];
  return [
    await attack('cache: 45 clients at the longest strings, then distinct page reads', args, (a) =>
      cacheAttack(a, pageReads, concurrency),
    ),
    await attack('sessions: sign-ins with the longest device token', args, (a) =>
      sessionAttack(a, signins, concurrency),
    ),
  ];
}

interface Attack {
  url: string;
  token: string;
  post: (path: string, body: unknown, token?: string) => Promise<number>;
}

async function attack(name: string, args: string[], run: (a: Attack) => Promise<void>): Promise<HostileFigure> {
  const port = await freePort();
  const server = await startServer([...args, '--port', String(port)], port, '/__mock/accounts');
  try {
    const token = await demoToken(server.url);
    const rssBeforeMiB = rssMiB(server.child.pid);
    const statuses: Record<string, number> = {};
    let requests = 0;
    const post = async (path: string, body: unknown, as = token) => {
      requests++;
      const r = await fetch(`${server.url}/api/v1${path}`, {
        method: 'POST',
        headers: as ? authHeaders(as) : { platform: 'WEB', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      await r.arrayBuffer();
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      return r.status;
    };
    const peak = sampleRss(server);
    const started = performance.now();
    let failed: string | undefined;
    try {
      await run({ url: server.url, token, post });
    } catch (err) {
      failed = `${(err as Error).message}; the mock said: ${server.output().slice(-400)}`;
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    return { name, rssBeforeMiB, rssPeakMiB: peak.stop(), requests, seconds, statuses, ...(failed ? { failed } : {}) };
  } finally {
    await server.stop();
  }
}

/** The highest resident memory seen until stop(). */
function sampleRss(server: Server): { stop: () => number } {
  let peak = rssMiB(server.child.pid);
  const timer = setInterval(() => {
    const now = rssMiB(server.child.pid);
    if (now > peak) peak = now;
  }, 25);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, rssMiB(server.child.pid));
    },
  };
}

async function cacheAttack(a: Attack, pageReads: number, concurrency: number): Promise<void> {
  const list = await fetch(`${a.url}/api/v1/client/list`, {
    method: 'POST',
    headers: authHeaders(a.token),
    body: JSON.stringify({ limit: 100 }),
  });
  const ids = ((await list.json()) as { data: { data: Array<{ id: number }> } }).data.data.map((c) => c.id);
  // Control characters: the serializer writes each as a 6-character \u escape, the largest answer a field can make.
  const fields = await bodyStrings('updateClient');
  const longest = Object.fromEntries([...fields].map(([f, max]) => [f, '\u0001'.repeat(max)]));
  const email = `${'a'.repeat(255 - '@example.com'.length)}@example.com`;
  await pool(ids, concurrency, (client_id) => a.post('/client/update', { client_id, ...longest, email }));
  const reads = Array.from({ length: pageReads }, (_, i) => i);
  await pool(reads, concurrency, (i) => a.post(`/client/list?attack=${i}`, { limit: 100 }));
}

async function sessionAttack(a: Attack, signins: number, concurrency: number): Promise<void> {
  const max = (await bodyStrings('signin')).get('device_token') ?? 255;
  const body = { email: 'demo@example.com', password: 'demo-password', device_token: '😀'.repeat(max) };
  await pool(
    Array.from({ length: signins }, (_, i) => i),
    concurrency,
    () => a.post('/user/signin', body, ''),
  );
}

/** Runs `work` over `items`, `width` at a time. */
async function pool<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await hostileMock(), null, 2));
}

/** The figures as a Markdown table. */
export function hostileMockTable(figures: HostileFigure[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.requests} | ${f.seconds} | ${f.rssBeforeMiB} | ${f.rssPeakMiB} | ${
        Object.entries(f.statuses)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || '-'
      } | ${f.failed ? `FAILED: ${f.failed}` : 'held'} |`,
  );
  return [
    '| Attack | Requests | Seconds | RSS before (MiB) | RSS peak (MiB) | Answers | The mock |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
