// The README's examples are the files in examples/ (so the type check covers
// them), and the Vitest example runs green under Vitest itself.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import t from 'tap';
import { ROOT } from '../../scripts/bench/processes.js';
import { readmeExamples } from '../helpers/readme-examples.js';

t.test('each README example is its file in examples/, word for word', async (t) => {
  const shown = readmeExamples();
  const files = readdirSync(`${ROOT}examples`, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name !== 'vitest.config.ts')
    .map((f) => f.name);
  t.same([...shown.keys()].sort(), files.sort(), 'every example file is shown, and nothing else');
  for (const [name, text] of shown) t.equal(text, readFileSync(`${ROOT}examples/${name}`, 'utf8'), name);
});

// The worlds' examples (examples/worlds/, issue 30) are docs/mock.md's: each file is linked from its
// "Worlds" section, and a block marked `<!-- example: worlds/NAME -->` there is the file word for word.
t.test('each worlds example is linked from docs/mock.md, and shown there word for word', async (t) => {
  const docs = readFileSync(`${ROOT}docs/mock.md`, 'utf8');
  const files = readdirSync(`${ROOT}examples/worlds`, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => `${f.parentPath.slice(`${ROOT}examples/`.length)}/${f.name}`);
  t.ok(files.length >= 7, `the worlds examples: ${files.join(', ')}`);
  for (const file of files) t.ok(docs.includes(`](../examples/${file})`), `docs/mock.md links ${file}`);
  const shown = readmeExamples(docs);
  t.ok(shown.size >= 2, 'docs/mock.md shows some of them');
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
  const tests = readmeExamples()
    .get('msw.test.ts')
    ?.match(/^test\(/gm)?.length;
  t.equal(report.numPassedTests, tests, `its ${tests} tests ran`);
});
