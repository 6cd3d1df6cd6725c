// npm run proxy prints a count per operation on SIGUSR2 and when SIGINT stops
// it (issue 29), after the log's lines, one per violation.
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { freePort, startAndWait, TS } from '../helpers/processes.js';
import { json, upstreamMock } from '../helpers/proxy.js';

const script = fileURLToPath(new URL('../../cli/proxy.ts', import.meta.url));

async function until(test: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

t.test(
  'SIGUSR2 and SIGINT print the summary, counted per operation',
  { skip: process.platform === 'win32' },
  async (t) => {
    const upstream = await upstreamMock(t);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/v1`;
    const proc = await startAndWait(
      process.execPath,
      [...TS, script, '--upstream', upstream, '--port', String(port)],
      `http://127.0.0.1:${port}/__proxy/summary`,
    );
    t.teardown(proc.stop);
    const send = (path: string, body: unknown, headers: Record<string, string> = json) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    await send('/countries/index', {});
    await send('/countries/index', {}, { 'content-type': 'application/json' });
    await send('/user/signin', { email: 'demo@example.com', password: 'demo-password', platfrom: 'WEB' });
    proc.child.kill('SIGUSR2');
    await until(() => proc.output().includes('Proxy summary'), 'the summary on SIGUSR2');
    t.match(proc.output(), /Proxy summary since .*: 3 exchanges, 1 with violations, 1 violation, 1 observation/);
    const exited = new Promise<number | null>((r) => proc.child.once('exit', (code) => r(code)));
    proc.child.kill('SIGINT');
    t.equal(await exited, 0, 'exits cleanly');
    const out = proc.output();
    t.equal(out.match(/Proxy summary/g)?.length, 2, 'once more at exit');
    t.match(
      out,
      /^✗ POST \/api\/v1\/countries\/index 400 listCountries \(\d+ ms\): listCountries request: the platform header is missing$/m,
    );
    t.match(
      out,
      /^○ POST \/api\/v1\/user\/signin 200 signin \(\d+ ms\): field `platfrom` is not part of signin's body/m,
    );
    t.match(out, /^ {2}listCountries +2 exchanges, 1 with violations, 1 violation, 0 observations$/m);
    t.match(out, /^ {2}signin +1 exchange, 0 with violations, 0 violations, 1 observation$/m);
    t.notMatch(out, /demo-password/, 'no secret');
  },
);
