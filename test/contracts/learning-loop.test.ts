// The whole learning loop against a deployment nobody here wrote (the
// Laravel-style staging of test/helpers/laravel-staging, every legitimate
// deviation on): the suite writes its ledger patch, spec:apply applies it to a
// copy of the spec, and the mock started from the patched spec answers as the
// deployment does at each deviation, where the mock of the old spec answered
// as the old spec said. Then the loop checks itself: the suite against the new
// mock fails nothing and contradicts nothing, and against the deployment the
// ledger has nothing left it could patch.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { parse as parseYaml } from 'yaml';
import { specPatchOf } from '../../contracts/reporters/spec-patch.js';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions, RunReport } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { main as specApply } from '../../scripts/spec-apply.js';
import { writtenSpecText } from '../../spec/learnt.js';
import { buildSpec, type LoadedSpec, type RawNode, SPEC_PATH } from '../../spec/load.js';
import { startStaging } from '../helpers/laravel-staging/server.js';
import { DEFAULT_ACCOUNTS } from '../helpers/laravel-staging/store.js';
import { DEVIATIONS, type DeviationName } from '../helpers/laravel-staging/switches.js';
import { spec as currentSpec } from '../helpers/mock.js';

/** The deviations a request of a read-only run shows and a patch can carry (the others: see NOT_LEARNT). */
const LEARNT: DeviationName[] = [
  'signin-422',
  'laravel-error-bodies',
  'unknown-client-422',
  'limit-uncapped',
  'per-page-fixed',
  'keyword-name-only',
  'oldest-first',
  'platform-ignored',
  'company-other-empty',
  'rooms-null',
];
/** What the loop cannot learn, and why: a record's shape beyond the patchable kinds, and a write's side effect. */
const NOT_LEARNT: Record<string, string> = {
  'profile-nests-company': 'a nested object in place of flat fields is a shape a reviewer writes',
  'updated-at-bumped': 'a field the spec does not document, changed by a write: nothing in the spec to change',
};
t.same(
  [...LEARNT, ...Object.keys(NOT_LEARNT)].sort(),
  Object.keys(DEVIATIONS).sort(),
  'every deviation of the staging is learnt or said not to be',
);

const a = DEFAULT_ACCOUNTS;
const options = (baseUrl: string): RunOptions => ({
  baseUrl,
  credentials: a.main,
  nosub: a.nosub,
  passwordAccount: a.password,
  timeoutMs: 30_000,
});

const staging = await startStaging({ deviations: LEARNT });
t.teardown(() => staging.close());
const before = await runContracts(options(staging.url), await currentSpec());

// The loop's two commands, as a user runs them: --ledger-patch's file, then spec:apply on a copy of the spec.
const dir = mkdtempSync(join(tmpdir(), 'learning-loop-'));
const patchFile = join(dir, 'spec.patch.json');
const specFile = join(dir, 'openapi.yaml');
writeFileSync(patchFile, JSON.stringify(specPatchOf(before)));
// The spec as written, before anything the project's spec learnt already (spec/learnt.json).
writeFileSync(specFile, writtenSpecText(readFileSync(SPEC_PATH, 'utf8')));
const said: string[] = [];
const applied = await specApply([patchFile, '--spec', specFile], {
  stdout: (s) => said.push(s),
  stderr: (s) => said.push(s),
});
const learnt: LoadedSpec = await buildSpec(parseYaml(readFileSync(specFile, 'utf8')) as RawNode);

t.test("spec:apply takes the run's patch", async (t) => {
  t.equal(applied, 0, said.join('\n'));
  t.match(readFileSync(specFile, 'utf8'), /x-learned: .*127\.0\.0\.1:\d+ on \d{4}-\d\d-\d\d/);
});

interface Answer {
  status: number;
  body: any;
}
type Ask = (path: string, body: unknown, o?: { token?: string; platform?: string | null }) => Promise<Answer>;

/** Asking a live server (the staging) and a built mock the same way. */
function asker(send: (path: string, body: string, headers: Record<string, string>) => Promise<Answer>): Ask {
  return (path, body, o = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (o.platform !== null) headers.platform = o.platform ?? 'IOS';
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    return send(path, JSON.stringify(body), headers);
  };
}
const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const liveAsk = (base: string) =>
  asker(async (path, body, headers) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      body,
      headers,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: parse(await res.text()) };
  });
const mockAsk = (app: FastifyInstance) =>
  asker(async (path, body, headers) => {
    const res = await app.inject({ method: 'POST', url: `/api/v1${path}`, payload: body, headers });
    return { status: res.statusCode, body: parse(res.body) };
  });

/** A session on each server: its own account (the mock's demo, the staging's main). */
async function signedIn(ask: Ask, who: { email: string; password: string }) {
  const out = await ask('/user/signin', {
    email: who.email,
    password: who.password,
    device_token: '',
    platform: 'IOS',
  });
  return out.body?.data?.api_token as string;
}

/** For each deviation: what a server answers that shows it, reduced to what the deviation is about. */
const SHOWS: Record<string, (ask: Ask, token: string, email: string) => Promise<unknown>> = {
  'signin-422': async (ask, _t, email) => {
    const out = await ask('/user/signin', { email, password: 'not-the-password', device_token: '', platform: 'IOS' });
    return { status: out.status, errorsNamesEmail: Boolean(out.body?.errors?.email) };
  },
  'laravel-error-bodies': async (ask, token) => {
    const out = await ask('/client/list', { page: 'first' }, { token });
    return { status: out.status, carriesStatus: 'status' in (out.body ?? {}) };
  },
  'unknown-client-422': async (ask, token) => (await ask('/client/delete', { client_id: 999_999 }, { token })).status,
  'limit-uncapped': async (ask, token) => (await ask('/client/list', { page: 1, limit: 101 }, { token })).status,
  'per-page-fixed': async (ask, token) =>
    (await ask('/client/list', { page: 1, limit: 5 }, { token })).body?.data?.per_page,
  'keyword-name-only': async (ask, token) => {
    const first = (await ask('/client/list', { page: 1 }, { token })).body?.data?.data ?? [];
    const client = first.find((c: { email?: string }) => c.email);
    const hits = (await ask('/client/list', { page: 1, keyword: client.email }, { token })).body?.data?.data ?? [];
    return hits.some((c: { id: number }) => c.id === client.id);
  },
  'oldest-first': async (ask, token) => {
    const ids = ((await ask('/client/list', { page: 1 }, { token })).body?.data?.data ?? []).map((c: any) => c.id);
    return ids[0] < ids[1] ? 'ascending' : 'descending';
  },
  'platform-ignored': async (ask, token) => (await ask('/user/get_profile', {}, { token, platform: null })).status,
  'company-other-empty': async (ask, token) => {
    const out = await ask('/client/user_client', { company_name: 'No Such Company Ltd', page: 1 }, { token });
    return { status: out.status, clients: out.body?.data?.data?.length ?? null };
  },
};

const demo = { email: 'demo@example.com', password: 'demo-password' };
/** Every client of the mock's world has rooms, so what one without gets is read where the mock reads it. */
const SPEC_ONLY: Partial<Record<DeviationName, (s: LoadedSpec) => unknown>> = {
  'rooms-null': (s) => (s.raw.paths['/room/get-by-client-id'].post['x-no-rooms'] as { answer: string }).answer,
};

t.test('the mock of the patched spec answers as the deployment at each deviation; the old mock did not', async (t) => {
  const live = liveAsk(staging.url);
  const liveToken = await signedIn(live, a.main);
  const mocks = await Promise.all([await currentSpec(), learnt].map((s) => buildMock({ spec: s })));
  t.teardown(() => Promise.all(mocks.map((m) => m.close())));
  const [old, next] = mocks.map(mockAsk);
  const [oldToken = '', nextToken = ''] = await Promise.all([old!, next!].map((ask) => signedIn(ask, demo)));
  for (const name of LEARNT) {
    const fromSpec = SPEC_ONLY[name];
    if (fromSpec) {
      const { clients, rooms: all } = staging.store;
      const roomless = clients.find((c) => c.user_id === 1 && !all.some((r) => r.client_id === c.id));
      const rooms = (await live('/room/get-by-client-id', { client_id: roomless?.id }, { token: liveToken })).body;
      t.equal(rooms, null, `${name}: the deployment answers null`);
      t.equal(
        fromSpec(learnt),
        'null',
        `${name}: the patched spec says so, which the mock reads (list-choices.test.ts)`,
      );
      t.equal(fromSpec(await currentSpec()), 'empty-list', `${name}: the old spec said otherwise`);
      continue;
    }
    const show = SHOWS[name]!;
    const deployment = await show(live, liveToken, a.main.email);
    t.comment(name, JSON.stringify(deployment), JSON.stringify(await show(old!, oldToken, demo.email)));
    t.same(await show(next!, nextToken, demo.email), deployment, `${name}: the new mock answers as the deployment`);
    t.notSame(await show(old!, oldToken, demo.email), deployment, `${name}: the old mock answered otherwise`);
  }
});

t.test(
  "a habit of the deployment no switch turns off is learnt too: countries/index ignores a body's fields",
  async (t) => {
    const body = { contract_check: 1 };
    const live = await liveAsk(staging.url)('/countries/index', body);
    const [old, next] = await Promise.all([await currentSpec(), learnt].map((s) => buildMock({ spec: s })));
    t.teardown(() => Promise.all([old!.close(), next!.close()]));
    t.equal(live.status, 200, 'the deployment serves it');
    t.equal((await mockAsk(next!)('/countries/index', body)).status, 200, 'the mock of the patched spec too');
    t.equal((await mockAsk(old!)('/countries/index', body)).status, 422, 'where the old mock refused it');
  },
);

function failures(r: RunReport) {
  return r.results
    .filter((x) => x.verdict === 'fail')
    .map((x) => `${x.id}: ${x.problems.map((p) => p.message).join('; ')}`);
}

t.test('the loop checks itself', async (t) => {
  t.same(failures(before), [], 'the deviations failed nothing to begin with');
  // No rate limit: the run would wait out 429s it is not testing.
  const mock = await buildMock({ spec: learnt, rateLimit: false });
  const url = await mock.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => mock.close());
  const againstMock = await runContracts({ baseUrl: url, credentials: demo, timeoutMs: 10_000 }, learnt);
  t.same(failures(againstMock), [], 'the suite against the new mock fails nothing');
  const contradicted = (r: RunReport) => (r.ledger?.entries ?? []).filter((e) => e.status === 'contradicted');
  t.same(
    contradicted(againstMock).map(
      (e) => `${e.id}: ${e.contradictions?.[0]?.checkId} ${e.contradictions?.[0]?.message}`,
    ),
    [],
    'and the new mock agrees with the patched spec on every point',
  );
  const again = await runContracts(options(staging.url), learnt);
  t.same(
    contradicted(again)
      .filter((e) => e.patch)
      .map((e) => e.id),
    [],
    'against the deployment, the ledger has nothing left it could patch',
  );
  t.ok(contradicted(before).length > contradicted(again).length, 'and fewer contradictions than before the loop');
});
