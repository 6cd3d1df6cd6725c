// --state-file: persistence across restarts, atomic writes, refusal on a corrupt file.

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { buildMock } from '../../mock/build.js';
import { readState, StateFileError } from '../../mock/state-file.js';
import { spec } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

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
  const victim = clientsOf(first.mock.store).find((c) => c.user_id === 1)!;
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
  const client = source.mock.store.client(1);
  await source.close();
  const broken = (change: (s: any) => void) => {
    const copy = structuredClone(good);
    change(copy);
    return JSON.stringify(copy);
  };
  for (const [what, text, message] of [
    ['not JSON', '{"version": 2, "over', /is not valid JSON/],
    ['not a state file', '{"hello": "world"}', /is not a mock state file/],
    [
      'a version 1 file (the whole world)',
      JSON.stringify({ version: 1, world: { clients: [] }, sessions: [] }),
      /written by an older mock \(version 1, which kept the whole world\).*Remove it to start afresh/,
    ],
    ['no overlay', broken((s) => delete s.overlay), /is not a mock state file \(version 2\)/],
    [
      'overlay without users',
      broken((s) => delete s.overlay.users),
      /does not hold a usable world: \/overlay must have required property 'users'/,
    ],
    [
      'an empty user record',
      broken((s) => (s.overlay.users = [{}])),
      /\/overlay\/users\/0 must have required property 'id'/,
    ],
    ['a size beyond the largest world', broken((s) => (s.clients = 2_000_000)), /\/clients must be <= 1000000/],
    [
      'a client of the wrong shape',
      broken((s) => (s.overlay.clients = [{ id: 1, record: { ...client, end_client_known: true } }])),
      /\/overlay\/clients\/0\/record/,
    ],
  ] as const) {
    const file = join(t.testdir(), `${what.replace(/ /g, '-')}.json`);
    await writeFile(file, text);
    await t.rejects(buildMock({ spec: await spec(), stateFile: file }), StateFileError, what);
    await t.rejects(readState(file, await spec()), message, what);
    t.equal(await readFile(file, 'utf8'), text, `${what}: left as it was`);
  }
});
