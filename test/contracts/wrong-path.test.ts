// An API not where the run looks for it: a sign-in (or the token check) answered 404, 405 or an HTML page names
// the URL it tried and the option that moves it (--base-path, / for an API at the root), not "sign-in refused: 404".
import t from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { FetchLike } from '../../lib/http.js';
import { spec } from '../helpers/mock.js';

const answering =
  (status: number, contentType: string, body: string): FetchLike =>
  async () =>
    // Every request the same answer (--world default: no world probe).
    new Response(body, { status, headers: { 'content-type': contentType } });

const signInCredentials = { email: 'demo@example.com', password: 'demo-password' };
const HINT = /--base-path names it \(--base-path \/ for an API served at the root of http:\/\/h\.test:4010\)$/;

t.test('an answer that shows no API at the path tried: the URL, and the hint of --base-path', async (t) => {
  const json = 'application/json';
  const table: Array<[string, { token?: string }, FetchLike, RegExp]> = [
    [
      'sign-in 404 with JSON',
      {},
      answering(404, json, '{"message":"Not Found"}'),
      /^sign-in answered 404 at POST http:\/\/h\.test:4010\/api\/v1\/user\/signin: no API there\?/,
    ],
    ['sign-in 405', {}, answering(405, json, '{"message":"Method Not Allowed"}'), /^sign-in answered 405 at POST/],
    [
      'sign-in 404 with an HTML page',
      {},
      answering(404, 'text/html; charset=utf-8', '<h1>Not Found</h1>'),
      /^sign-in answered 404 with an HTML page at POST/,
    ],
    [
      'sign-in 200 with an HTML page (a SPA fallback)',
      {},
      answering(200, 'text/html', '<html></html>'),
      /^sign-in answered 200 with an HTML page/,
    ],
    [
      'the token check 404',
      { token: 'tok-123456' },
      answering(404, json, '{}'),
      /^the token check \(user\/get_profile\) answered 404 at POST http:\/\/h\.test:4010\/api\/v1\/user\/get_profile/,
    ],
  ];
  for (const [name, credentials, fetch, first] of table) {
    const err = await runContracts(
      {
        baseUrl: 'http://h.test:4010',
        credentials: credentials.token ? credentials : signInCredentials,
        fetch,
        world: 'default',
      },
      await spec(),
    ).catch((e: Error) => e);
    t.match(err, { name: 'RunAborted' }, name);
    t.match((err as Error).message, first, name);
    t.match((err as Error).message, HINT, `${name}: the hint`);
  }
});

t.test('a refusal that comes from the API keeps its own words, with no hint', async (t) => {
  const err = await runContracts(
    {
      baseUrl: 'http://h.test:4010',
      credentials: signInCredentials,
      world: 'default',
      fetch: answering(401, 'application/json', '{"status":401,"message":"Invalid email or password."}'),
    },
    await spec(),
  ).catch((e: Error) => e);
  t.equal((err as Error).message, 'sign-in refused: 401 Invalid email or password.');
});

t.test('the hint names the other places to look, never the path just tried', async (t) => {
  // `--base-path /` against an API at /api/v1 once answered "--base-path / for an API served at the root".
  const table: Array<[string, { baseUrl: string; basePath?: string }, RegExp, RegExp[]]> = [
    [
      'the default path tried',
      { baseUrl: 'http://h.test:4010' },
      /looked for under \/api\/v1; if the API is served under another path, --base-path names it \(--base-path \/ for an API served at the root of http:\/\/h\.test:4010\)$/,
      [/--base-path \/api\/v1/],
    ],
    [
      '--base-path / tried',
      { baseUrl: 'http://h.test:4010', basePath: '/' },
      /looked for under \/; if the API is served under another path, --base-path names it \(--base-path \/api\/v1, the spec's server path and the default when --base-path is left out, for one served at http:\/\/h\.test:4010\/api\/v1\)$/,
      [/--base-path \/ for/],
    ],
    [
      'a base URL with a path of its own',
      { baseUrl: 'http://h.test:4010/api/v2' },
      /looked for under \/api\/v2\/api\/v1; if the API is served under another path, --base-url and --base-path name it \(--base-url http:\/\/h\.test:4010 --base-path \/ for an API served at the root of http:\/\/h\.test:4010; --base-url http:\/\/h\.test:4010 for one served at \/api\/v1, the spec's server path\)$/,
      [],
    ],
    [
      'a base URL with a path, --base-path / tried',
      { baseUrl: 'http://h.test:4010/svc', basePath: '/' },
      /looked for under \/svc; .*--base-url http:\/\/h\.test:4010 --base-path \/ for an API served at the root.*; --base-url http:\/\/h\.test:4010 for one served at \/api\/v1/,
      [],
    ],
  ];
  for (const [name, where, said, notSaid] of table) {
    const err = await runContracts(
      {
        ...where,
        credentials: signInCredentials,
        fetch: answering(404, 'application/json', '{"message":"Not Found"}'),
        world: 'default',
      },
      await spec(),
    ).catch((e: Error) => e);
    t.match((err as Error).message, said, name);
    for (const not of notSaid) t.notMatch((err as Error).message, not, `${name}: not ${not}`);
  }
});
