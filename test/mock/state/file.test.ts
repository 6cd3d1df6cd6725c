// --state-file: persistence across restarts, refusal on a corrupt, foreign or
// unreadable file, an older version upgraded. The log of changes is tested in
// log.test.ts, a write that cannot be saved in not-saved.test.ts.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import { readState, StateFileError } from '../../../mock/state/file.js';
import { spec } from '../../helpers/mock.js';
import { inject, onFile } from '../../helpers/state-file.js';
import { clientsOf } from '../../helpers/world.js';

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
    ['no overlay', broken((s) => delete s.overlay), /is not a mock state file \(version 2 or 3\)/],
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

/** Settles within ms, or rejects: a read that blocks (a FIFO) must fail the test, not hang it. */
const within = <T>(ms: number, p: Promise<T>) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms).unref()),
  ]);

t.test(
  'regression: a state file (or its log) that is not a regular file, or too big, is refused at once',
  async (t) => {
    const source = await buildMock({ spec: await spec() });
    const good = JSON.stringify(source.mock.store.snapshot());
    await source.close();
    const rows: Array<{ what: string; make: (file: string) => void; message: RegExp; limit?: number; root?: false }> = [
      { what: 'a FIFO', make: (f) => spawnSync('mkfifo', [f]), message: /is not a regular file \(a FIFO\)/ },
      {
        what: 'a character device (a link to /dev/null)',
        make: (f) => symlinkSync('/dev/null', f),
        message: /is not a regular file \(a character device\)/,
      },
      {
        what: 'bigger than the mock reads (sparse: no disk used)',
        make: (f) => {
          writeFileSync(f, '');
          truncateSync(f, 1024 * 1024 + 1);
        },
        limit: 1024 * 1024,
        message: /is 1048577 bytes with its log, more than the 1048576 the mock reads/,
      },
      {
        what: 'a log that is a directory',
        make: (f) => {
          writeFileSync(f, good);
          mkdirSync(`${f}.log`);
        },
        message: /state\.json\.log: is not a regular file \(a directory\)/,
      },
      {
        what: 'a log that is a FIFO',
        make: (f) => {
          writeFileSync(f, good);
          spawnSync('mkfifo', [`${f}.log`]);
        },
        message: /state\.json\.log: is not a regular file \(a FIFO\)/,
      },
      {
        what: 'a log that is a symbolic link',
        make: (f) => {
          writeFileSync(f, good);
          writeFileSync(`${f}.elsewhere`, '');
          symlinkSync(`${f}.elsewhere`, `${f}.log`);
        },
        message: /state\.json\.log: is a symbolic link/,
      },
      {
        what: 'a log without its state file',
        make: (f) => writeFileSync(`${f}.log`, '{"n":1,"c":[]}\n'),
        message: /state\.json: is missing, but its log .*state\.json\.log is there/,
      },
      {
        what: 'a log bigger than the mock reads',
        make: (f) => {
          writeFileSync(f, good);
          writeFileSync(`${f}.log`, '');
          truncateSync(`${f}.log`, 1024 * 1024);
        },
        limit: 1024 * 1024,
        message: /is \d+ bytes with its log, more than the 1048576 the mock reads/,
      },
    ];
    for (const row of rows) {
      const dir = t.testdir();
      const file = join(dir, 'state.json');
      row.make(file);
      // Whatever happens, nothing stays blocked on a FIFO.
      t.teardown(() => {
        for (const f of [file, `${file}.log`])
          spawnSync('sh', ['-c', `[ -p "${f}" ] && exec 3>"${f}"`], { timeout: 2000 });
      });
      // A bound for a read that blocks, not a speed test: building the mock takes 0.1-0.3 s alone, some five
      // times that on a loaded machine, so 30 s leaves room and still ends a hang.
      const refused = await within(
        30_000,
        buildMock({ spec: await spec(), stateFile: file, ...(row.limit ? { stateLimit: row.limit } : {}) }).then(
          async (app) => {
            await app.close();
            return undefined;
          },
          (err: Error) => err,
        ),
      ).catch((err: Error) => err);
      t.type(refused, StateFileError, `${row.what}: refused as a state file error`);
      t.match(refused?.message ?? 'started', row.message, `${row.what}: ${refused?.message ?? 'started'}`);
    }
  },
);

t.test('a version 2 file (round one) still loads, and is written as version 3', async (t) => {
  const m = await onFile(t);
  t.equal((await m.rename('Kept')).statusCode, 200);
  await m.app.close();
  const v3 = JSON.parse(readFileSync(m.file, 'utf8'));
  const { n: _n, ...rest } = v3;
  const file = join(t.testdir(), 'state.json');
  writeFileSync(file, JSON.stringify({ ...rest, version: 2 }));
  const app = await buildMock({ spec: await spec(), stateFile: file });
  t.equal(app.mock.store.client(m.client.id)?.name, 'Kept', 'its changes are there');
  t.equal(JSON.parse(readFileSync(file, 'utf8')).version, 3, 'upgraded at start, before any log line');
  await app.close();
});
