// Issue 30's CI matrix on one machine (examples/worlds/ci-matrix.sh): one mock,
// four jobs (examples/worlds/ci-job.ts) at once, each in its own world, each
// renaming the same client and reading back only its own name.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import t from 'tap';
import { ROOT, TS } from '../../../scripts/bench/processes.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

t.test('the CI matrix: one mock, four jobs at once, each reads back only its own change', async (t) => {
  const r = spawnSync('sh', ['examples/worlds/ci-matrix.sh'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      ...process.env,
      N: '4',
      PORT: String(await freePort()),
      MCS_MOCK_CMD: [process.execPath, ...TS, `${ROOT}cli/mock.ts`].join(' '),
    },
  });
  t.equal(r.status, 0, `the matrix passed: ${r.stderr.slice(-1500)}`);
  for (let i = 1; i <= 4; i++)
    t.match(r.stdout, new RegExp(`^job-${i}: client \\d+ is named job-${i}, as this job left it$`, 'm'), `job-${i}`);
  const worlds = JSON.parse(r.stdout.trim().split('\n').at(-1)!).worlds as Array<{ name: string; changes: number }>;
  t.same(
    worlds.map((w) => w.name),
    ['default', 'job-1', 'job-2', 'job-3', 'job-4'],
    'a world each',
  );
  t.equal(worlds[0]!.changes, 0, 'the default world is as the seed made it');
});
