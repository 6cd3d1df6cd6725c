// basePath: the path before every operation's path, for an API served elsewhere
// than the spec's server path (Prism serves the spec at its root).
import t from 'tap';
import { resolveRunOptions } from '../../contracts/options.js';
import { spec } from '../helpers/mock.js';

const demo = { email: 'demo@example.com', password: 'demo-password' };
const apiBase = async (baseUrl: string, basePath?: unknown) =>
  resolveRunOptions(
    { baseUrl, credentials: demo, ...(basePath === undefined ? {} : { basePath }) } as never,
    await spec(),
  ).apiBase;

t.test('each form of the base path gives one API base', async (t) => {
  const table: Array<[string, string | undefined, string]> = [
    ['http://h:4010', undefined, 'http://h:4010/api/v1'],
    ['http://h:4010/api/v1', undefined, 'http://h:4010/api/v1'],
    ['http://h:4010', '', 'http://h:4010'],
    ['http://h:4010', '/', 'http://h:4010'],
    ['http://h:4010/', '//', 'http://h:4010'],
    ['http://h:4010/mcs', '', 'http://h:4010/mcs'],
    ['http://h:4010', '/v2', 'http://h:4010/v2'],
    ['http://h:4010/v2/', '/v2/', 'http://h:4010/v2'],
    ['http://h:4010/gateway', '/api/v1', 'http://h:4010/gateway/api/v1'],
  ];
  for (const [url, path, want] of table) t.equal(await apiBase(url, path), want, `${url} with ${JSON.stringify(path)}`);
});

t.test("a base path that is no plain path is refused in the library's words, before any request", async (t) => {
  for (const bad of ['api/v1', '/a/../b', '/./x', '/a?b=1', '/a#b', '/a b', '/a%2e', '\\\\x', 7, null]) {
    await t.rejects(
      apiBase('http://h', bad),
      { code: 'MCS_ERR_CONTRACT_OPTIONS', message: /^basePath must/ },
      String(bad),
    );
  }
});
