// --state-file: persistence across restarts, atomic writes, refusal on a corrupt file.

import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Tap from 'tap';
import t from 'tap';
import { buildMock } from '../../../mock/build.js';
import type { MockOptions } from '../../../mock/options.js';
import { readState, StateFileError } from '../../../mock/state/file.js';
import { boundedStrings } from '../../../spec/schema.js';
import { spec } from '../../helpers/mock.js';
import { clientsOf } from '../../helpers/world.js';

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

/** A mock on a state file in its own directory, signed in as the demo account, with one of its clients. */
async function onFile(t: Tap.Test, options: Partial<MockOptions> = {}) {
  const dir = t.testdir({ data: {} });
  const file = join(dir, 'data', 'state.json');
  const failures: Error[] = [];
  const app = await buildMock({
    spec: await spec(),
    stateFile: file,
    onStateError: (e) => failures.push(e),
    ...options,
  });
  t.teardown(() => app.close());
  const token = (await inject(app, '/user/signin', { email: 'demo@example.com', password: 'demo-password' })).json()
    .data.api_token;
  const auth = { authorization: `Bearer ${token}` };
  const client = clientsOf(app.mock.store).find((c) => c.user_id === 1)!;
  const rename = (name: string, more: Record<string, unknown> = {}) =>
    inject(
      app,
      '/client/update',
      { client_id: client.id, name, surname: client.surname, email: client.email, ...more },
      auth,
    );
  const listedName = async () =>
    (await inject(app, '/client/list', { keyword: client.surname, limit: 100 }, auth))
      .json()
      .data.data.find((c: { id: number }) => c.id === client.id)?.name;
  return { dir, file, app, failures, auth, client, rename, listedName };
}

/** Bytes of the state file and its log once a mock has signed in and saved one write. */
async function bytesAfterOneWrite(t: Tap.Test): Promise<number> {
  const m = await onFile(t);
  t.equal((await m.rename('Saved')).statusCode, 200, 'the probe write');
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
  return size(m.file) + size(`${m.file}.log`);
}

t.test('regression: a write that cannot be saved is answered 503 in the API shape and undone', async (t) => {
  const rows: Array<{
    what: string;
    options?: Partial<MockOptions>;
    /** Makes the next write fail; returns what puts it right. */
    breakIt: (m: Awaited<ReturnType<typeof onFile>>) => () => void;
    more?: Record<string, unknown>;
  }> = [
    {
      what: 'the directory is gone (as on a disk that fails)',
      breakIt: (m) => {
        rmSync(join(m.dir, 'data'), { recursive: true });
        return () => mkdirSync(join(m.dir, 'data'));
      },
    },
    {
      // Stored strings are bounded (255 characters), so the bound is set just above what a
      // signed-in mock with one saved write holds: a write of every address field at its
      // longest passes it, a short one does not.
      what: 'the state would pass its bound in bytes (an overlay past V8 string limit)',
      options: { stateLimit: (await bytesAfterOneWrite(t)) + 1500 },
      breakIt: () => () => undefined,
      more: Object.fromEntries(
        [...boundedStrings((await spec()).byId.get('updateClient')?.requestBody?.schema)]
          .filter(([k]) => /address|city|state|zip/.test(k))
          .map(([k, max]) => [k, 'x'.repeat(max)]),
      ),
    },
    {
      what: 'a change that cannot be serialized (Invalid string length)',
      // A handler whose change cannot become JSON, as a string past V8's limit cannot.
      options: {
        handlers: {
          updateClient: ({ body, store }) => {
            const bad = {
              toJSON() {
                throw new RangeError('Invalid string length');
              },
            };
            const city = body.name === 'Lost' ? (bad as unknown as string) : 'Fine';
            store.updateClient(body.client_id, { name: body.name, city });
            return { message: 'Client details updated successfully.', data: [] };
          },
        },
      },
      breakIt: () => () => undefined,
    },
  ];
  for (const row of rows) {
    await t.test(row.what, async (t) => {
      const m = await onFile(t, row.options);
      t.equal((await m.rename('Saved')).statusCode, 200, 'a good write');
      const mend = row.breakIt(m);
      const r = await m.rename('Lost', row.more);
      t.equal(r.statusCode, 503, 'not acknowledged');
      t.equal(r.headers['x-mock-error'], 'MCS_ERR_STATE_NOT_SAVED', 'with its code');
      t.same(Object.keys(r.json()).sort(), ['message', 'status'], 'in the API shape');
      t.equal(r.json().status, 503);
      t.match(r.json().message, /could not be saved/);
      t.equal(m.failures.length, 1, 'and told');
      t.equal(m.app.mock.store.client(m.client.id)!.name, 'Saved', 'the world as before the request');
      t.equal(await m.listedName(), 'Saved', 'no answer remembers the undone change');
      mend();
      t.equal((await m.rename('Again')).statusCode, 200, 'the next write tries again');
      await m.app.close();
      const saved = await readState(m.file, await spec());
      t.equal(saved!.overlay.clients.find((c) => c.id === m.client.id)?.record?.name, 'Again', 'and is saved');
    });
  }
});

t.test('a write appends the change to a log: it costs the size of the change, not of the state', async (t) => {
  const m = await onFile(t, { clients: 2000 });
  // A large state: 1,500 clients changed, about 2 MB.
  for (let id = 1; id <= 1500; id++) m.app.mock.store.updateClient(id, { address: `${id} ${'x'.repeat(1000)}` });
  t.equal((await m.rename('First')).statusCode, 200);
  const base = statSync(m.file);
  const logBefore = statSync(`${m.file}.log`, { throwIfNoEntry: false })?.size ?? 0;
  for (let i = 0; i < 10; i++) t.equal((await m.rename(`Name ${i}`)).statusCode, 200);
  const after = statSync(m.file);
  t.same([after.ino, after.size, after.mtimeMs], [base.ino, base.size, base.mtimeMs], 'the base is not rewritten');
  const grown = statSync(`${m.file}.log`).size - logBefore;
  t.ok(grown > 0 && grown < 10 * 2048, `the log grew by ${grown} bytes for 10 updates`);
  await m.app.close();
  t.equal(statSync(`${m.file}.log`).size, 0, 'a clean stop compacts: the log is empty');
  const saved = await readState(m.file, await spec());
  t.equal(saved!.overlay.clients.find((c) => c.id === m.client.id)?.record?.name, 'Name 9');
  t.equal(JSON.parse(readFileSync(m.file, 'utf8')).version, 3, 'a version 3 file');
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
      const refused = await within(
        5000,
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

t.test('the log on load: a torn last line is dropped, stale lines skipped, anything else refused', async (t) => {
  // Three acknowledged renames, and the files as they stood before the clean stop compacted them.
  const m = await onFile(t);
  for (const name of ['A', 'B', 'C']) t.equal((await m.rename(name)).statusCode, 200);
  const base = readFileSync(m.file, 'utf8');
  const log = readFileSync(`${m.file}.log`, 'utf8');
  await m.app.close();
  const compacted = readFileSync(m.file, 'utf8');
  const all = log.split('\n').slice(0, -1);
  // The sign-in's line, then one line a rename.
  const head = all
    .slice(0, -3)
    .map((l) => `${l}\n`)
    .join('');
  const [a, b, c] = all.slice(-3) as [string, string, string];
  const k = all.length - 3;
  const nOf = (line: string) => JSON.parse(line).n as number;
  const entry = JSON.parse(c);
  const rows: Array<{ what: string; base?: string; log: string; name?: string; message?: RegExp }> = [
    { what: 'intact', log, name: 'C' },
    { what: 'a torn last line (a crash mid-append)', log: log.slice(0, log.length - 20), name: 'B' },
    {
      what: 'a last line of zeros (a crash before the data reached the disk)',
      log: `${head}${a}\n${b}\n${'\0'.repeat(300)}`,
      name: 'B',
    },
    { what: 'a last line of garbage with its newline', log: `${head}${a}\n${b}\n{"n":9,"c":[[\n`, name: 'B' },
    { what: 'stale lines (a crash after compaction, before the log was emptied)', base: compacted, log, name: 'C' },
    {
      what: 'a bad line before the last',
      log: `${head}${a}\n{"n":2\n${c}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2}: is not valid JSON`),
    },
    {
      what: 'a missing line',
      log: `${head}${a}\n${c}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2}: is change ${nOf(c)}, but change ${nOf(b)} is missing`),
    },
    {
      what: 'an unknown collection',
      log: `${head}${a}\n${JSON.stringify({ n: nOf(b), c: [['planets', 1, {}]] })}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2}: change 1 is not one the mock makes`),
    },
    {
      what: 'a record the schema refuses',
      log: `${head}${a}\n${JSON.stringify({ n: nOf(b), c: [['clients', m.client.id, { id: m.client.id }]] })}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2} \\(client \\d+\\): must have required property`),
    },
    {
      what: 'an inconsistent record',
      log: `${head}${a}\n${JSON.stringify({ n: nOf(b), c: [['clients', m.client.id + 1, entry.c[0][2]]] })}\n`,
      message: new RegExp(`state\\.json\\.log: line ${k + 2} \\(client ${m.client.id + 1}\\): has id ${m.client.id}`),
    },
  ];
  for (const row of rows) {
    const file = join(t.testdir(), 'state.json');
    writeFileSync(file, row.base ?? base);
    writeFileSync(`${file}.log`, row.log);
    const loaded = await readState(file, await spec()).catch((err: Error) => err);
    if (row.message) {
      t.match(loaded instanceof Error ? loaded.message : 'loaded', row.message, row.what);
      t.equal(readFileSync(`${file}.log`, 'utf8'), row.log, `${row.what}: left as it was`);
      continue;
    }
    t.notOk(loaded instanceof Error, `${row.what}: loads`);
    const app = await buildMock({ spec: await spec(), stateFile: file });
    t.equal(app.mock.store.client(m.client.id)?.name, row.name, `${row.what}: the last whole change`);
    await app.close();
  }
});

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

t.test('the log is compacted when it passes its bound', async (t) => {
  const m = await onFile(t, { rateLimit: false });
  // Strings are bounded (255 characters), so a write is a few kB: writes go on until the
  // log passes its 1 MiB floor and is folded into the base (at most 1,000 writes).
  const long = (i: number) =>
    Object.fromEntries(
      ['address', 'city', 'state', 'billing_address', 'billing_city'].map((k) => [k, `${i} ${'x'.repeat(250)}`]),
    );
  const sizes: number[] = [];
  let folded = -1;
  for (let i = 0; i < 1000 && (folded < 0 || i < folded + 3); i++) {
    const r = await m.rename(`Big ${i}`, long(i));
    if (r.statusCode !== 200) t.fail(`write ${i}: ${r.statusCode}`);
    sizes.push(statSync(`${m.file}.log`).size);
    if (folded < 0 && i > 0 && sizes[i]! < sizes[i - 1]!) folded = i;
  }
  t.ok(folded > 0, `the log was emptied on the way (after write ${folded}, at ${sizes[folded - 1]} bytes)`);
  t.ok(Math.max(...sizes) < 2.5 * 1024 * 1024, 'and never grew far past its bound');
  t.match(readFileSync(m.file, 'utf8'), `Big ${folded}`, 'the base took the changes');
});

t.test('regression: concurrent writes and a reset that cannot be saved are all refused and undone', async (t) => {
  const m = await onFile(t);
  const others = clientsOf(m.app.mock.store)
    .filter((c) => c.user_id === 1)
    .slice(0, 10);
  t.equal((await m.rename('Saved')).statusCode, 200);
  const before = others.map((c) => m.app.mock.store.client(c.id)!.name);
  rmSync(join(m.dir, 'data'), { recursive: true });
  const answers = await Promise.all([
    ...others.map((c) =>
      inject(m.app, '/client/update', { client_id: c.id, name: 'Lost', surname: c.surname, email: c.email }, m.auth),
    ),
    inject(m.app, '/user/signup', {
      name: 'Ann',
      surname: 'Lost',
      email: 'ann.lost@example.com',
      password: 'a-long-password',
      password_confirmation: 'a-long-password',
      company_name: 'Lost Co',
    }),
  ]);
  t.same(
    answers.map((r) => r.statusCode),
    answers.map(() => 503),
    'every concurrent write is refused',
  );
  t.same(
    others.map((c) => m.app.mock.store.client(c.id)!.name),
    before,
    'none of them is in memory',
  );
  t.notOk(m.app.mock.store.userByEmail('ann.lost@example.com'), 'nor the user signed up');
  const reset = await m.app.inject({ method: 'POST', url: '/__mock/reset', payload: {} });
  t.equal(reset.statusCode, 503, 'a reset that cannot be saved is refused');
  t.equal(m.app.mock.store.client(m.client.id)!.name, 'Saved', 'and the world before it stays');
  mkdirSync(join(m.dir, 'data'));
  t.equal((await m.app.inject({ method: 'POST', url: '/__mock/reset', payload: {} })).statusCode, 200);
  t.equal(m.app.mock.store.client(m.client.id)!.name, m.client.name, 'the reset, saved, is made');
});
