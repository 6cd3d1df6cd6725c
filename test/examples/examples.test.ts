// The README's examples are the files in examples/ (so the type check covers
// them), and the Vitest example runs green under Vitest itself.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { ROOT } from '../../scripts/bench/processes.js';
import { readmeExamples } from '../helpers/readme-examples.js';

t.test('each README example is its file in examples/, word for word', async (t) => {
  const shown = readmeExamples();
  const files = readdirSync(`${ROOT}examples`).filter((f) => f !== 'vitest.config.ts');
  t.same([...shown.keys()].sort(), files.sort(), 'every example file is shown, and nothing else');
  for (const [name, text] of shown) t.equal(text, readFileSync(`${ROOT}examples/${name}`, 'utf8'), name);
});

t.test('the example extraction finds a marked block and only that', async (t) => {
  const readme = 'x\n<!-- example: a.ts -->\n```ts\nconst a = 1;\n```\n```ts\nunmarked\n```\n';
  t.same([...readmeExamples(readme)], [['a.ts', 'const a = 1;\n']]);
});

t.test('the MSW example passes under Vitest', async (t) => {
  const vitest = `${ROOT}node_modules/vitest/vitest.mjs`;
  const r = spawnSync(
    process.execPath,
    [vitest, 'run', '--config', 'examples/vitest.config.ts', '--reporter', 'json'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NO_COLOR: '1', CI: '1' },
    },
  );
  t.equal(r.status, 0, r.stderr.slice(-2000));
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  t.equal(report.numFailedTests, 0);
  t.equal(report.numPassedTests, 3, 'its three tests ran');
});
