// The mock's worlds from the contract suite's side (contracts/world.ts): with
// `world`, every request the run sends names it (X-Mock-World), reproductions
// too; without it, one probe of GET /__mock/worlds, and a fresh world when the
// target is the mock; `default` names none and probes nothing. A local front
// records the headers of every request and answers the probe itself, so that
// the mock behind it (which knows no worlds) serves the rest.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { ContractOptionsError } from '../../contracts/options-error.js';
import { renderHtml } from '../../contracts/reporters/html.js';
import { renderHuman } from '../../contracts/reporters/human.js';
import { renderJunit } from '../../contracts/reporters/junit.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { spec } from '../helpers/mock.js';
import { bodyOf, relayTo } from '../helpers/relay.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const nosub = { email: 'nosub@example.com', password: 'demo-password' };
const FRESH = /^contracts-\d{8}T\d{6}Z-[0-9a-f]{6}$/;

interface Seen {
  url: string;
  world?: string;
  at: number;
}

/** What the front answers to GET /__mock/worlds: the mock's list, or something else. */
type Probe = 'list' | 404 | 'html' | 'other-json';

async function front(t: Test, probe: Probe, broken?: string) {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const inner = await mock.listen({ host: '127.0.0.1', port: 0 });
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const world = req.headers['x-mock-world'];
    seen.push({ url: req.url ?? '', world: typeof world === 'string' ? world : undefined, at: performance.now() });
    const body = await bodyOf(req);
    if (req.url === '/__mock/worlds') return answerProbe(probe, res);
    if (broken && req.url?.endsWith(broken)) {
      res.writeHead(500, { 'content-type': 'application/json' });
      return res.end('{}');
    }
    await relayTo(inner, req, res, body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  t.teardown(async () => {
    server.close();
    await mock.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function answerProbe(probe: Probe, res: import('node:http').ServerResponse) {
  if (probe === 404) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"message":"Not found."}');
  }
  if (probe === 'html') {
    res.writeHead(200, { 'content-type': 'text/html' });
    return res.end('<!doctype html><p>sign in</p>');
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(probe === 'list' ? '{"worlds":[{"name":"default"}],"max":1000,"persistent":false}' : '{"data":[]}');
}

async function run(url: string, o: Partial<RunOptions> = {}) {
  const notices: string[] = [];
  const report = await runContracts(
    { baseUrl: url, credentials: demo, timeoutMs: 5000, onNotice: (l) => notices.push(l), ...o },
    await spec(),
  );
  return { report, notices };
}

t.test('--world NAME: every request names it, in every kind of check; no probe; the reports name it', async (t) => {
  const { url, seen } = await front(t, 'list', '/how-works/get');
  const { report } = await run(url, {
    world: 'qa-7',
    nosub,
    allowWrites: true,
    fuzz: 2,
    seed: 1,
    checkRateLimit: true,
  });
  t.notOk(
    seen.some((s) => s.url === '/__mock/worlds'),
    'a world named: no probe',
  );
  const without = seen.filter((s) => s.world !== 'qa-7').map((s) => s.url);
  t.same(without, [], 'every request carries X-Mock-World: qa-7');
  const urls = seen.map((s) => s.url);
  for (const part of ['/user/signin', '/client/list', '/measurements/', '/user/logout', '/user/qrcode_signin'])
    t.ok(
      urls.some((u) => u.includes(part)),
      `the run sent ${part}`,
    );
  t.ok(
    report.results.some((r) => r.group === 'fuzz' && r.verdict !== 'skip'),
    'fuzz checks ran',
  );
  t.ok(
    report.results.some((r) => r.group === 'rate-limit' && r.verdict !== 'skip'),
    'the rate-limit check ran',
  );
  t.same(report.world, { name: 'qa-7', fresh: false });
  t.ok(report.modes.includes('world qa-7'), report.modes.join(', '));
  // The broken answers of how-works/get fail a check: its reproduction goes to the same world.
  const curls = report.results.flatMap((r) => r.problems.map((p) => p.reproduce?.curl)).filter(Boolean) as string[];
  t.ok(curls.length > 0, 'a failure with a reproduction');
  t.same(
    curls.filter((c) => !c.includes(`-H 'x-mock-world: qa-7'`)),
    [],
    `each of the ${curls.length} curl lines names the world`,
  );
  t.match(renderHuman(report), /\(.*world qa-7.*\)/);
  t.match(renderJunit(report), /<testsuites name="mcs-contracts [^"]+ world qa-7"/);
  t.match(renderHtml(report), /world qa-7/);
  t.match(JSON.parse(JSON.stringify(report)).world, { name: 'qa-7' });
});

t.test('no world given, the target lists worlds (the mock): a fresh world for the whole run', async (t) => {
  const { url, seen } = await front(t, 'list');
  const { report, notices } = await run(url, { only: ['Auth', 'Clients'] });
  t.equal(seen[0]?.url, '/__mock/worlds', 'the probe first');
  t.equal(seen[0]?.world, undefined, 'the probe names no world');
  const name = seen[1]?.world ?? '';
  t.match(name, FRESH, `a fresh world: ${name}`);
  t.same(
    seen.slice(1).filter((s) => s.world !== name),
    [],
    'every request after the probe names it',
  );
  t.same(report.world, { name, fresh: true });
  t.ok(report.modes.includes(`world ${name} (fresh)`));
  t.equal(report.summary.requests, seen.length - 1, 'the probe is no request of the run');
  t.notOk(
    report.results.some((r) => r.id.includes('world')),
    'nor a check',
  );
  t.match(notices, [new RegExp(`the target is the mock .*fresh world, ${name},.*--world default`)]);
  const again = await front(t, 'list');
  await run(again.url, { only: ['Auth'] });
  t.not(again.seen[1]?.world, name, 'another run, another world');
});

t.test('the target does not list worlds: no header, one line said', async (t) => {
  for (const probe of [404, 'html', 'other-json'] as const) {
    const { url, seen } = await front(t, probe);
    const { report, notices } = await run(url, { only: ['Auth'] });
    t.equal(seen[0]?.url, '/__mock/worlds', `${probe}: one probe`);
    t.equal(seen.filter((s) => s.url === '/__mock/worlds').length, 1);
    t.same(
      seen.filter((s) => s.world !== undefined),
      [],
      `${probe}: no request names a world`,
    );
    t.equal(report.world, undefined);
    t.notOk(report.modes.some((m) => m.startsWith('world')));
    t.match(notices, [/__mock\/worlds .*: not the mock, so no world is named/], `${probe}: said`);
  }
});

t.test('an unreachable probe is no abort: the run goes on and says why', async (t) => {
  const { url } = await front(t, 'list');
  const { report, notices } = await run(url, {
    only: ['Auth'],
    fetch: async (input, init) => {
      if (String(input).endsWith('/__mock/worlds')) throw new TypeError('fetch failed');
      return fetch(input, init);
    },
  });
  t.equal(report.world, undefined);
  t.match(notices, [/had no answer \(no connection\): not the mock/]);
});

t.test('world: default names none and probes nothing', async (t) => {
  const { url, seen } = await front(t, 'list');
  const { report, notices } = await run(url, { world: 'default', only: ['Auth'] });
  t.same(
    seen.filter((s) => s.url === '/__mock/worlds' || s.world !== undefined),
    [],
  );
  t.equal(report.world, undefined);
  t.same(notices, []);
});

t.test('the probe waits its turn of --pace', async (t) => {
  const { url } = await front(t, 'list');
  // When each request is sent, not when it arrives: a loaded machine delays arrivals unevenly.
  const sent: Array<{ url: string; at: number }> = [];
  await run(url, {
    pace: 600,
    only: ['getProfile'],
    fetch: (input, init) => {
      sent.push({ url: String(input), at: performance.now() });
      return fetch(input, init);
    },
  });
  t.match(sent[0]?.url, /\/__mock\/worlds$/);
  const gap = sent[1]!.at - sent[0]!.at;
  t.ok(gap >= 80, `the first request of the run leaves a pace interval after the probe (${gap.toFixed(0)} ms)`);
});

t.test("a bad name is refused before any request, in the library's words", async (t) => {
  const noFetch = async (): Promise<Response> => {
    throw new Error('a request was sent');
  };
  const rule = "world must be a world's name: letters, digits and -, 1 to 40 characters, not ";
  const table: Array<[unknown, string]> = [
    ['', '""'],
    ['qa 7', '"qa 7"'],
    ['qa_7', '"qa_7"'],
    ['w/1', '"w/1"'],
    ['wörld', '"wörld"'],
    ['x'.repeat(41), `"${'x'.repeat(41)}"`],
    [7, '7'],
  ];
  for (const [world, shown] of table) {
    const err = await runContracts(
      { baseUrl: 'http://127.0.0.1:9', credentials: { token: 't' }, world, fetch: noFetch } as RunOptions,
      await spec(),
    ).catch((e) => e);
    t.ok(err instanceof ContractOptionsError, `${shown}: ContractOptionsError`);
    t.equal(err.message, `${rule}${shown}`);
    t.same(err.options, ['world']);
  }
});

t.test('a sign-in refused in a fresh world says why, and names --world default; elsewhere it does not', async (t) => {
  // An account the fresh world does not know (as one signed up in the default world): its sign-in is a 401.
  const credentials = { email: 'made-in-default@example.com', password: 'demo-password' };
  const fresh = await front(t, 'list');
  await t.rejects(run(fresh.url, { credentials }), {
    name: 'RunAborted',
    message: /\(in the run's fresh world contracts-\S+, .*--world default runs there\)$/,
  });
  const other = await front(t, 404);
  const err = await run(other.url, { credentials }).catch((e: Error) => e);
  t.match(err, { name: 'RunAborted' });
  t.notMatch((err as Error).message, /fresh world/, 'no hint where no world was named');
});

// A base URL under the mock's path prefix names its world already: a fresh world's header beside it would be
// the mock's 400 for two names at once.
t.test('a base URL under /worlds/NAME: no probe, no header, the run works in that world', async (t) => {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  const inner = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const seen: string[] = [];
  const { report, notices } = await run(`${inner}/worlds/qa-path`, {
    only: ['Auth', 'Clients'],
    fetch: async (input, init) => {
      seen.push(`${String(input)} ${new Headers(init?.headers).get('x-mock-world') ?? '-'}`);
      return fetch(input, init);
    },
  });
  t.equal(report.summary.checks.failed, 0, 'no check failed (a second name would be a 400 on every request)');
  t.ok(report.summary.checks.passed > 0);
  t.same(
    seen.filter((s) => s.includes('__mock/worlds') || !s.endsWith(' -')),
    [],
    'no probe, no header',
  );
  t.match(notices, [/the base URL names the world qa-path/]);
  const worlds = (await mock.inject({ method: 'GET', url: '/__mock/worlds' })).json() as { worlds: { name: string }[] };
  t.ok(
    worlds.worlds.some((w) => w.name === 'qa-path'),
    'the mock made the world the URL names',
  );
});

// A token alone was issued in some world (the default one unless named): a fresh world would refuse it.
t.test('a token without an account: no probe, no fresh world, the token works', async (t) => {
  const { url, seen } = await front(t, 'list');
  const signin = await fetch(`${url}/api/v1/user/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', platform: 'WEB' },
    body: JSON.stringify({ ...demo, device_token: '', platform: 'WEB' }),
  });
  const token = ((await signin.json()) as { data: { api_token: string } }).data.api_token;
  seen.length = 0;
  const { report, notices } = await run(url, { credentials: { token }, only: ['Clients'] });
  t.same(
    seen.filter((s) => s.url === '/__mock/worlds' || s.world !== undefined),
    [],
    'no probe, no world named',
  );
  t.equal(report.summary.checks.failed, 0, 'the token of the default world works');
  t.ok(report.summary.checks.passed > 0);
  t.match(notices, [/a token without an account was given: the run names no world/]);
});
