// A disk that fills up under a running mock: round one answered 200 to writes
// it could not save, and lost them. Here the kernel refuses writes past 64 KiB
// (RLIMIT_FSIZE: Node ignores SIGXFSZ, so write(2) fails with EFBIG as it
// fails with ENOSPC on a full disk). Every answer must tell the truth: a 200 is on disk after kill -9,
// a 503 is not, in memory or on disk.
import { join } from 'node:path';
import t from 'tap';
import { readState } from '../../mock/state/file.js';
import { boundedStrings } from '../../spec/schema.js';
import { apiPost, apiSignin } from '../helpers/api.js';
import { spec } from '../helpers/mock.js';
import { freePort, startAndWait, TS } from '../helpers/processes.js';

const cli = new URL('../../cli/mock.ts', import.meta.url).pathname;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

t.test('regression: a full disk: every write answered 200 is saved, every 503 is undone, none is lost', async (t) => {
  const file = join(t.testdir(), 'state.json');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const node = [process.execPath, ...TS, cli, '--port', String(port), '--state-file', file, '--no-rate-limit'];
  // 128 blocks of 512 bytes: no file of the mock's may pass 64 KiB (a write below is ~4 kB: strings are
  // bounded at 255 characters, so the disk fills after a dozen). Without tap's NODE_OPTIONS (added to
  // every child it spawns): its signal-exit hooks would turn SIGXFSZ back into a kill.
  const mock = await startAndWait(
    'sh',
    ['-c', `ulimit -f 128; unset NODE_OPTIONS; exec ${node.map(quote).join(' ')}`],
    `${base}/__mock/accounts`,
  );
  t.teardown(mock.stop);
  let stderr = '';
  mock.child.stderr?.on('data', (d) => (stderr += d));
  const post = (path: string, body: unknown, token?: string) => apiPost(base, path, body, token, 20_000);
  const token = await apiSignin(base);
  const clients = (await post('/client/list', { limit: 30 }, token)).body.data.data as Array<{
    id: number;
    name: string;
    surname: string;
    email: string;
  }>;
  const longFields = boundedStrings((await spec()).byId.get('updateClient')?.requestBody?.schema);
  const answers: number[] = [];
  for (const [i, c] of clients.entries()) {
    const r = await post(
      '/client/update',
      {
        // Every free-text field near its longest, then the fields read back below.
        ...Object.fromEntries([...longFields].map(([k, max]) => [k, `${i} ${'x'.repeat(max - 5)}`])),
        client_id: c.id,
        name: `Acked ${i}`,
        surname: c.surname,
        email: c.email,
      },
      token,
    );
    answers.push(r.status);
    if (r.status === 503) t.same(r.body, { message: r.body.message, status: 503 }, `update ${i}: in the API shape`);
  }
  t.same(
    answers.filter((s) => s !== 200 && s !== 503),
    [],
    'every answer is 200 or 503',
  );
  t.ok(answers.includes(503), `the disk filled up: ${answers.join(' ')}`);
  const listed = new Map(
    ((await post('/client/list', { limit: 30 }, token)).body.data.data as Array<{ id: number; name: string }>).map(
      (c) => [c.id, c.name],
    ),
  );
  t.same(
    clients.filter((c, i) => (answers[i] === 200) !== (listed.get(c.id) === `Acked ${i}`)).map((c) => c.id),
    [],
    'in memory: the 200s are there, the 503s are not',
  );
  mock.child.kill('SIGKILL');
  await new Promise((r) => mock.child.once('exit', r));
  const saved = new Map((await readState(file, await spec()))!.overlay.clients.map((c) => [c.id, c.record?.name]));
  t.same(
    clients.filter((c, i) => (answers[i] === 200) !== (saved.get(c.id) === `Acked ${i}`)).map((c) => c.id),
    [],
    'on disk after kill -9: the 200s are there, the 503s are not',
  );
  t.match(stderr, /could not be written \(.*EFBIG/, 'and the mock said why');
});
