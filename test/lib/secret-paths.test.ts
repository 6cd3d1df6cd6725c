// Where a path holds the spec's secret path parameter (lib/secret-paths.ts):
// the template matched on the path as a router sees it, and whatever follows
// the literal lead of a secret in a near miss; other paths are left alone.
import t from 'tap';
import { secretPathsOf, secretSegments } from '../../lib/secret-paths.js';
import { spec } from '../helpers/mock.js';
import { nearMisses } from '../helpers/path-tokens.js';

const masked = (paths: ReturnType<typeof secretPathsOf>, path: string) => {
  const parts = path.split('/');
  const at = new Set(secretSegments(parts, paths));
  return parts.map((p, i) => (at.has(i) ? '*' : p)).join('/');
};

t.test('the spec: one secret path, its lead the literal segments before the token', async (t) => {
  const s = await spec();
  t.same(secretPathsOf(s.operations, s.basePath), [
    { segments: ['api', 'v1', 'user', 'reset_password', null], leads: [['user', 'reset_password']] },
  ]);
});

t.test('every near miss of the reset link: the token masked, nothing before the lead', async (t) => {
  const s = await spec();
  const paths = secretPathsOf(s.operations, s.basePath);
  for (const row of nearMisses('abcdef0123456789-')) {
    const shown = masked(paths, row.url);
    for (const form of row.forms) t.notOk(shown.includes(form), `${row.name}: ${shown}`);
  }
  t.equal(masked(paths, '/api/v1/user/reset_password/TOK/'), '/api/v1/user/reset_password/*/', 'not the empty segment');
  t.equal(masked(paths, '/api/v1/user/reset_password/TOK/x'), '/api/v1/user/reset_password/*/*');
  t.equal(masked(paths, '/api/v1/user/reset_password%2FTOK'), '/api/v1/user/*');
});

t.test('paths without the secret are left alone', async (t) => {
  const s = await spec();
  const paths = secretPathsOf(s.operations, s.basePath);
  for (const path of [
    '/api/v1/user/signin',
    '/api/v1/user/reset_password',
    '/api/v1/user/reset_password/',
    '/reset_password/x',
    '/api/v1/client/list',
  ])
    t.equal(masked(paths, path), path, path);
});

t.test('a lead is only literal segments: none after another parameter', async (t) => {
  const params = [
    { name: 'token', in: 'path', schema: {} },
    { name: 'id', in: 'path', schema: {} },
  ];
  const paths = secretPathsOf(
    [
      { path: '/a/{id}/{token}', parameters: params },
      { path: '/{token}', parameters: params },
    ],
    '/api',
  );
  t.same(
    paths.map((p) => p.leads),
    [[], []],
  );
  t.equal(masked(paths, '/api/a/7/TOK'), '/api/a/7/*', 'the template still fits');
  t.equal(masked(paths, '/api/a/7/TOK/x'), '/api/a/7/TOK/x', 'no lead to follow');
});
