// spec/facts.ts reads what the spec states, and the mock, the contract suite
// and the fuzzer follow a changed spec instead of literals of their own.
import fc from 'fast-check';
import t from 'tap';
import { requestFor } from '../../contracts/fuzz/arbitraries.js';
import { resolveRunOptions } from '../../contracts/options.js';
import { ContractOptionsError } from '../../contracts/options-error.js';
import { runContracts } from '../../contracts/runner.js';
import { SpecFactError, specFacts } from '../../spec/facts.js';
import { buildSpec, type LoadedSpec, type RawNode } from '../../spec/load.js';
import { bearer, spec, testMock } from '../helpers/mock.js';
import { platformValues, rateLimitPerMinute } from './document-facts.js';

/** A copy of the toolkit's spec, changed by `mutate`. */
async function changedSpec(mutate: (raw: RawNode) => void): Promise<LoadedSpec> {
  const raw = structuredClone((await spec()).raw);
  mutate(raw);
  return buildSpec(raw);
}

const withFourth = () => changedSpec((raw) => raw.components.schemas.Platform.enum.push('HARMONY'));

t.test("the spec's facts are the interface document's", async (t) => {
  const facts = specFacts(await spec());
  t.same(facts.platforms, platformValues);
  t.equal(facts.defaultPlatform, 'WEB', 'the Platform parameter example');
  t.same(facts.rateLimit, { requests: rateLimitPerMinute, windowSeconds: 60 });
  t.same(facts.headers, {
    platform: 'platform',
    apiKey: 'api-key',
    token: 'x-api-token',
    authorization: 'authorization',
  });
});

t.test('a changed spec changes the facts', async (t) => {
  t.same(specFacts(await withFourth()).platforms, [...platformValues, 'HARMONY']);
  const slower = await changedSpec((raw) => {
    raw['x-rate-limit'] = { requests: 5, window_seconds: 10 };
    raw.components.parameters.Platform.example = 'IOS';
    raw.components.securitySchemes.apiToken.name = 'X-Session-Token';
  });
  const facts = specFacts(slower);
  t.same(facts.rateLimit, { requests: 5, windowSeconds: 10 });
  t.equal(facts.defaultPlatform, 'IOS');
  t.equal(facts.headers.token, 'x-session-token');
});

t.test('a spec that does not state a fact is refused, naming it', async (t) => {
  const cases: Array<[(raw: RawNode) => void, RegExp]> = [
    [(raw) => delete raw['x-rate-limit'], /x-rate-limit/],
    [(raw) => (raw['x-rate-limit'].requests = '60'), /x-rate-limit/],
    [(raw) => (raw.components.schemas.Platform.enum = []), /Platform schema enum/],
    [(raw) => (raw.components.parameters.ApiKey.in = 'query'), /header parameter components.parameters.ApiKey/],
    [(raw) => delete raw.components.securitySchemes.apiToken, /apiKey in a header/],
  ];
  t.throws(() => specFacts({ document: {} }), SpecFactError, 'an empty document');
  for (const [mutate, message] of cases) {
    const broken = await changedSpec(mutate);
    t.throws(() => specFacts(broken), { name: 'SpecFactError', message }, String(message));
  }
});

t.test('a mock built from a spec with a fourth platform accepts it and names all four', async (t) => {
  const mock = await testMock(t, { spec: await withFourth() });
  t.equal((await mock.post('/countries/index', {}, { platform: 'HARMONY' })).status, 200);
  const refused = await mock.post('/countries/index', {}, { platform: 'PALM' });
  t.equal(refused.status, 400);
  t.match(refused.body, { message: 'The platform header is required and must be one of WEB, IOS, ANDROID, HARMONY.' });
});

t.test("a mock follows the spec's rate limit, in its 429s and in forced ones", async (t) => {
  const mock = await testMock(t, {
    spec: await changedSpec((raw) => (raw['x-rate-limit'] = { requests: 2, window_seconds: 30 })),
  });
  const token = await mock.signin();
  const statuses = [];
  for (let i = 0; i < 3; i++) statuses.push((await mock.post('/user/get_profile', {}, bearer(token))).status);
  t.same(statuses, [200, 200, 429]);
  const other = await mock.signin('nosub@example.com');
  await mock.control('POST', '/__mock/faults', { status: 429 });
  const forced = await mock.post('/user/get_profile', {}, bearer(other));
  t.same([forced.headers['retry-after'], forced.headers['x-ratelimit-limit']], ['30', '2']);
});

t.test('the contract suite takes its platforms, default and limit from the spec', async (t) => {
  const four = await withFourth();
  const base = { baseUrl: 'http://127.0.0.1:1', credentials: { token: 't' } };
  const own = await spec();
  t.equal(resolveRunOptions(base, own).platform, 'WEB', 'the default is the example');
  t.equal(resolveRunOptions({ ...base, platform: 'HARMONY' }, four).platform, 'HARMONY');
  t.throws(() => resolveRunOptions({ ...base, platform: 'HARMONY' }, own), ContractOptionsError);

  const mock = await testMock(t, { spec: four, rateLimit: false });
  const url = await mock.app.listen({ host: '127.0.0.1', port: 0 });
  const report = await runContracts(
    {
      baseUrl: url,
      world: 'default',
      credentials: { email: 'demo@example.com', password: 'demo-password' },
      platform: 'HARMONY',
      only: ['getProfile'],
    },
    four,
  );
  t.equal(report.summary.checks.failed, 0, 'the mock takes the fourth platform from the suite');
  const sessions = mock.app.mock.store.snapshot().sessions;
  t.ok(
    sessions.some((s) => s.platform === 'HARMONY'),
    'the suite signed in as HARMONY',
  );
  t.match(report.results.find((r) => r.id === 'rate-limit:getProfile')?.title ?? '', /past 60 a minute/);
});

t.test('the fuzzer draws platforms and header names from the spec', async (t) => {
  const four = await withFourth();
  const op = four.byId.get('getProfile')!;
  const drawn = fc.sample(requestFor(op, four, { plan: 'p', nosub: 'n' }), { numRuns: 300, seed: 1 });
  t.ok(
    drawn.some((r) => r.headers.platform === 'HARMONY'),
    'the fourth platform is drawn',
  );
});
