// --state-file: persistence across restarts, atomic writes, refusal on a corrupt file.

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { buildMock } from '../../mock/build.js';
import { readState, StateFileError } from '../../mock/state-file.js';
import { spec } from '../helpers/mock.js';

const inject = (
  app: Awaited<ReturnType<typeof buildMock>>,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { platform: 'WEB', ...headers },
    payload: payload as object,
  });

t.test('changes survive a restart; a missing file means a fresh seed', async (t) => {
  // t.testdir() resets the directory on every call: take it once.
  const dir = t.testdir();
  const file = join(dir, 'state.json');
  t.equal(await readState(file), undefined);
  const first = await buildMock({ spec: await spec(), stateFile: file });
  t.equal(first.mock.ctx.origin, 'seed');
  const token = (await inject(first, '/user/signin', { email: 'demo@example.com', password: 'demo-password' })).json()
    .data.api_token;
  const victim = first.mock.store.world.clients.find((c) => c.user_id === 1)!;
  t.equal(
    (await inject(first, '/client/delete', { client_id: victim.id }, { authorization: `Bearer ${token}` })).statusCode,
    200,
  );
  await first.close();

  const second = await buildMock({ spec: await spec(), stateFile: file });
  t.equal(second.mock.ctx.origin, 'state-file');
  t.notOk(second.mock.store.client(victim.id), 'the delete persisted');
  t.equal(
    (await inject(second, '/user/get_profile', {}, { authorization: `Bearer ${token}` })).statusCode,
    200,
    'so did the session',
  );
  // close() flushes the last write; only then is the directory settled.
  await second.close();
  t.same(
    (await readdir(dir)).filter((f) => f.endsWith('.tmp')),
    [],
    'no temporary file left',
  );
  t.ok(await readState(file, await spec()), 'and the file left behind is a valid state');
});

t.test('a corrupt or foreign file is a clear error, and is not overwritten', async (t) => {
  const source = await buildMock({ spec: await spec() });
  const good = JSON.parse(JSON.stringify(source.mock.store.snapshot()));
  await source.close();
  const broken = (change: (s: any) => void) => {
    const copy = structuredClone(good);
    change(copy);
    return JSON.stringify(copy);
  };
  for (const [what, text, message] of [
    ['not JSON', '{"version": 1, "wor', /is not valid JSON/],
    ['not a state file', '{"hello": "world"}', /is not a mock state file/],
    [
      'a world without users',
      broken((s) => delete s.world.users),
      /does not hold a usable world: \/world must have required property 'users'/,
    ],
    [
      'an empty user record',
      broken((s) => (s.world.users = [{}])),
      /\/world\/users\/0 must have required property 'id'/,
    ],
    ['a null client', broken((s) => (s.world.clients = [null])), /\/world\/clients\/0 must be object/],
    ['no lead sources', broken((s) => delete s.world.leadSources), /must have required property 'leadSources'/],
    [
      'a client of the wrong shape',
      broken((s) => (s.world.clients[0].end_client_known = true)),
      /\/world\/clients\/0\/end_client_known must be integer/,
    ],
  ] as const) {
    const file = join(t.testdir(), `${what.replace(/ /g, '-')}.json`);
    await writeFile(file, text);
    await t.rejects(buildMock({ spec: await spec(), stateFile: file }), StateFileError, what);
    await t.rejects(readState(file, await spec()), message, what);
    t.equal(await readFile(file, 'utf8'), text, `${what}: left as it was`);
  }
});
