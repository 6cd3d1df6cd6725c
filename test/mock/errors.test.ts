// Bad input gets a clear JSON error in the API's {message, status} shape, never a 500.
// The catalogue: stable codes, the spec's fixed texts read from the spec, no dead entries.
import { readdir, readFile } from 'node:fs/promises';
import Fastify from 'fastify';
import t from 'tap';
import { Errors, errorCatalogue, fixedText, SPEC_TEXTS } from '../../mock/errors.js';
import errorsPlugin from '../../mock/pipeline/errors.js';
import type { MockRuntime } from '../../mock/runtime.js';
import { buildSpec, type JsonSchema, type RawNode } from '../../spec/load.js';
import { bearer, spec, testMock } from '../helpers/mock.js';

t.test('bad requests, table-driven', async (t) => {
  const mock = await testMock(t, { bodyLimit: 1024 });
  const token = await mock.signin();
  const auth = { authorization: `Bearer ${token}` };
  const cases: Array<{
    what: string;
    method?: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string;
    status: number;
    message: RegExp;
    allow?: string;
  }> = [
    {
      what: 'malformed JSON',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: '{"page": ',
      status: 400,
      message: /not valid JSON/,
    },
    {
      what: 'JSON prototype poisoning',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: '{"__proto__": {"x": 1}}',
      status: 400,
      message: /not valid JSON/,
    },
    {
      what: 'wrong content type',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'text/plain', ...auth },
      payload: 'page=1',
      status: 415,
      message: /Unsupported content type text\/plain/,
    },
    {
      what: 'form body',
      url: '/api/v1/user/signin',
      headers: { platform: 'WEB', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a',
      status: 415,
      message: /send application\/json/,
    },
    {
      what: 'oversized body',
      url: '/api/v1/client/list',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: JSON.stringify({ keyword: 'x'.repeat(2000) }),
      status: 413,
      message: /too large \(limit 1024 bytes\)/,
    },
    {
      what: 'unknown path',
      url: '/api/v1/nope',
      headers: { platform: 'WEB' },
      status: 404,
      message: /No route POST \/api\/v1\/nope/,
    },
    { what: 'outside the API', method: 'GET', url: '/', status: 404, message: /No route GET \// },
    {
      what: 'wrong method',
      method: 'DELETE',
      url: '/api/v1/client/list',
      status: 405,
      message: /allowed: POST/,
      allow: 'POST',
    },
    {
      what: 'POST on a GET',
      method: 'POST',
      url: '/api/v1/plans/index',
      status: 405,
      message: /allowed: GET/,
      allow: 'GET',
    },
    { what: 'no platform header', url: '/api/v1/user/settings', status: 400, message: /platform header is required/ },
    {
      what: 'unknown platform',
      url: '/api/v1/user/settings',
      headers: { platform: 'windows-phone' },
      status: 400,
      message: /WEB, IOS, ANDROID/,
    },
    {
      what: 'lower-case platform',
      url: '/api/v1/user/settings',
      headers: { platform: 'web' },
      status: 400,
      message: /platform header/,
    },
    {
      what: 'regression: a URL that does not decode',
      url: '/api/v1/user/reset_password/%ZZ',
      headers: { platform: 'WEB' },
      status: 400,
      message: /The request URL is not valid/,
    },
    {
      what: 'array body',
      url: '/api/v1/client/update',
      headers: { platform: 'WEB', 'content-type': 'application/json', ...auth },
      payload: '[1,2]',
      status: 422,
      message: /must be a JSON object/,
    },
    {
      what: 'missing required body',
      url: '/api/v1/client/update',
      headers: { platform: 'WEB', ...auth },
      status: 422,
      message: /must be a JSON object/,
    },
    {
      what: 'bad Prefer',
      url: '/api/v1/user/settings',
      headers: { platform: 'WEB', prefer: 'code=abc' },
      status: 400,
      message: /three-digit status/,
    },
  ];
  for (const c of cases) {
    const r = await mock.app.inject({
      method: (c.method ?? 'POST') as 'POST',
      url: c.url,
      headers: c.headers,
      ...(c.payload === undefined ? {} : { payload: c.payload }),
    });
    t.equal(r.statusCode, c.status, c.what);
    t.match(r.headers['content-type'], /^application\/json/, `${c.what}: JSON`);
    const body = r.json();
    const keys = c.status === 422 ? ['errors', 'message', 'status'] : ['message', 'status'];
    t.same(Object.keys(body).sort(), keys, `${c.what}: {message, status}${c.status === 422 ? ' + errors' : ''}`);
    t.equal(body.status, c.status, `${c.what}: status in the body`);
    t.match(body.message, c.message, c.what);
    if (c.allow) t.equal(r.headers.allow, c.allow, `${c.what}: Allow`);
  }
});

t.test('regression: fields sent to a no-body operation are ignored, not refused', async (t) => {
  const mock = await testMock(t);
  const token = await mock.signin();
  const r = await mock.post('/room/measurement_type', { a: 1 }, { authorization: `Bearer ${token}` });
  t.equal(r.status, 200);
});

t.test('regression: a trailing slash reaches the operation instead of a contradictory 405', async (t) => {
  const mock = await testMock(t);
  const r = await mock.app.inject({ method: 'POST', url: '/api/v1/countries/index/', headers: { platform: 'WEB' } });
  t.equal(r.statusCode, 200);
  const wrong = await mock.app.inject({ method: 'GET', url: '/api/v1/countries/index/' });
  t.same([wrong.statusCode, wrong.headers.allow], [405, 'POST']);
});

t.test('an empty JSON body is read as no body, as Laravel does', async (t) => {
  const mock = await testMock(t);
  const r = await mock.app.inject({
    method: 'POST',
    url: '/api/v1/countries/index',
    headers: { platform: 'WEB', 'content-type': 'application/json' },
    payload: '',
  });
  t.equal(r.statusCode, 200);
});

t.test('every catalogue entry has a stable MCS_ERR_ code and its status', async (t) => {
  for (const [name, make] of Object.entries(errorCatalogue(await spec()))) {
    t.equal(make.code, `MCS_ERR_${name}`, name);
    if (make.statusCode === undefined)
      t.ok(
        ['FORCED', 'FORCED_OUTSIDE_SPEC'].includes(name),
        `${name}: only the forced answers take their status when made`,
      );
    else t.ok(make.statusCode >= 400 && make.statusCode < 600, `${name}: an error status`);
    t.ok(make.means.length > 10, `${name}: says what it means`);
  }
  t.equal(Errors.FORCED(401, 'listClients').statusCode, 401, 'FORCED: the status it is made with');
});

/** The spec with other fixed texts: components.schemas.<name>'s message const replaced. */
async function specWithTexts(texts: Record<string, string>) {
  const raw = structuredClone((await spec()).raw);
  for (const [name, text] of Object.entries(texts)) {
    const part = (raw.components.schemas[name].allOf as RawNode[]).find((p) => p.properties?.message);
    part!.properties.message.const = text;
  }
  return buildSpec(raw);
}

t.test('the texts the spec fixes are served from the spec, not from a copy', async (t) => {
  const other = await specWithTexts({
    UnauthenticatedError: 'Sign in first.',
    SubscriptionRequiredError: 'A plan is needed.',
    TooManyRequestsError: 'Slow down.',
    AwningValidationError: 'The awning is wrong.',
    PlansUnauthorizedError: 'No plans for you.',
  });
  t.equal(errorCatalogue(other).UNAUTHENTICATED().message, 'Sign in first.', 'the catalogue reads the spec');
  const mock = await testMock(t, { spec: other, rateLimit: false });
  const token = await mock.signin();
  const nosub = await mock.signin('nosub@example.com');
  const served = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const r = await mock.post(path, body, headers);
    return [r.status, r.body];
  };
  t.same(await served('/client/list', {}), [401, { message: 'Sign in first.', status: 401 }]);
  t.same(await served('/client/list', {}, bearer(nosub)), [403, { message: 'A plan is needed.', status: 403 }]);
  const plans = await mock.app.inject({ method: 'GET', url: '/api/v1/plans/index', headers: { platform: 'WEB' } });
  t.same([plans.statusCode, plans.json()], [401, { status: 'error', message: 'No plans for you.' }]);
  const awning = ['/measurements/awning_measurement_add_edit', { client_id: 'x' }, bearer(token)] as const;
  t.same(await served(...awning), [422, { status: 'error', message: 'The awning is wrong.' }]);
  const limited = await testMock(t, { spec: other, rateLimit: { max: 1 } });
  await limited.post('/countries/index', {});
  const r = await limited.post('/countries/index', {});
  t.same([r.status, r.body], [429, { message: 'Slow down.', status: 429 }]);
});

t.test('regression: an error is sent as made, not rewritten by the response schema serializer', async (t) => {
  // fast-json-stringify writes a schema's `const` whatever the value: it used to turn any 401 into `Unauthenticated.`.
  const app = Fastify();
  t.teardown(() => app.close());
  const loaded = await spec();
  // The plugin's settings are the mock's context; this app has only what the plugin reads.
  app.decorate('mock', { ctx: { spec: loaded, bodyLimit: 1024, errors: errorCatalogue(loaded) } } as MockRuntime);
  await app.register(errorsPlugin);
  const fixed = { type: 'object', properties: { message: { type: 'string', const: 'Unauthenticated.' } } };
  app.post('/x', { schema: { response: { 401: fixed } } }, () => {
    throw Errors.INVALID_CREDENTIALS();
  });
  const r = await app.inject({ method: 'POST', url: '/x' });
  t.same([r.statusCode, r.json()], [401, { message: 'Invalid email or password.', status: 401 }]);
});

t.test('no catalogue entry disagrees with the spec, and none copies a text it fixes', async (t) => {
  const loaded = await spec();
  const catalogue = errorCatalogue(loaded);
  const schemas = loaded.document.components.schemas as Record<string, JsonSchema>;
  const bound = new Set<string>(Object.values(SPEC_TEXTS).map((x) => x.schema));
  const fixed: string[] = [];
  for (const [name, schema] of Object.entries(schemas)) {
    const api = fixedText(schema, 'api');
    const own = fixedText(schema, 'status');
    if (api) {
      fixed.push(api);
      t.ok(bound.has(name), `${name}: \`${api}\` is read by a catalogue entry`);
    }
    // The awning, country and plan operations' own texts are sent as their documented responses.
    if (own) fixed.push(own);
  }
  for (const [name, { schema: schemaName }] of Object.entries(SPEC_TEXTS)) {
    const e = catalogue[name as keyof typeof SPEC_TEXTS]();
    t.same(e.body(), { message: fixedText(schemas[schemaName]!, 'api'), status: e.statusCode }, name);
    t.match(schemas[schemaName], { allOf: [{}, { properties: { status: { const: e.statusCode } } }] }, name);
  }
  const sources = await mockSources();
  for (const text of fixed) {
    const copies = sources.filter(([, s]) => s.includes(`'${text}'`) || s.includes(`"${text}"`)).map(([f]) => f);
    t.same(copies, [], `no copy of "${text}" in mock/`);
  }
  const broken = structuredClone(loaded.raw);
  delete broken.components.schemas.TooManyRequestsError;
  t.throws(
    () => errorCatalogue({ ...loaded, document: broken }),
    /TooManyRequestsError/,
    'a missing text fails at start-up',
  );
});

async function mockSources(): Promise<Array<[string, string]>> {
  const root = new URL('../../mock/', import.meta.url);
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts'));
  return Promise.all(files.map(async (f) => [f, await readFile(new URL(f, root), 'utf8')] as [string, string]));
}

t.test('no dead entries: every catalogue entry is made somewhere in mock/, through the one catalogue', async (t) => {
  const sources = (await mockSources()).filter(([f]) => f !== 'errors.ts');
  for (const name of Object.keys(errorCatalogue(await spec())))
    t.ok(
      sources.some(([, s]) => new RegExp(`\\berrors\\.${name}\\b`).test(s)),
      `${name} is used`,
    );
  // One way to raise: handlers use their input's `errors`, the rest the context's (app.mock.ctx.errors).
  const other = sources.filter(([, s]) => /\bErrors\.[A-Z]|\bapp\.errors\b|import \{[^}]*\bErrors\b/.test(s));
  t.same(
    other.map(([f]) => f),
    [],
    'no module raises through the static Errors or an app.errors decorator',
  );
});
