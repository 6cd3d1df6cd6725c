// The README's MSW example, word for word, under Vitest with
// `// @vitest-environment jsdom` and `happy-dom` on its first line, as a React
// component test runs. The toolkit is loaded as an app loads the installed
// package: by Node, outside Vite's transform (which rewrites
// `new URL(..., import.meta.url)` against the page's location under a browser
// environment), with tsx for this checkout's TypeScript.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { ROOT } from '../../scripts/bench/processes.js';
import { readmeExample } from '../helpers/readme-examples.js';

// Inside the checkout (its gitignored tmp/): the example's imports of msw and vitest resolve from its node_modules.
mkdirSync(`${ROOT}tmp`, { recursive: true });
const scratch = mkdtempSync(`${ROOT}tmp/msw-environments-`);
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

const ENVIRONMENTS = ['jsdom', 'happy-dom'] as const;
const example = readmeExample('msw.test.ts');
const TESTS = example.match(/^test\(/gm)?.length ?? 0;
for (const name of ENVIRONMENTS)
  writeFileSync(`${scratch}/msw-${name}.test.ts`, `// @vitest-environment ${name}\n${example}`);
// The toolkit's own directories, matched as Vitest matches a module's path (a string would name a package).
const sources = `new RegExp(${JSON.stringify(`^${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(client|msw|mock|lib|spec)/`)})`;
const config = {
  resolve: {
    alias: {
      'mcs-contract-toolkit/client': `${ROOT}client/index.ts`,
      'mcs-contract-toolkit/msw': `${ROOT}msw/index.ts`,
    },
  },
  test: {
    root: scratch,
    include: ['*.test.ts'],
    server: { deps: { external: ['SOURCES'] } },
    poolOptions: { forks: { execArgv: ['--import', 'tsx'] } },
  },
};
writeFileSync(
  `${scratch}/vitest.config.mjs`,
  `export default ${JSON.stringify(config, null, 2).replace('"SOURCES"', sources)};\n`,
);

t.test('the README’s MSW example passes under Vitest’s jsdom and happy-dom environments', async (t) => {
  const r = spawnSync(
    process.execPath,
    [`${ROOT}node_modules/vitest/vitest.mjs`, 'run', '--config', `${scratch}/vitest.config.mjs`, '--reporter', 'json'],
    { cwd: scratch, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1', CI: '1' } },
  );
  t.equal(r.status, 0, r.stderr.slice(-3000));
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as {
    testResults: Array<{ name: string; assertionResults: Array<{ title: string; status: string }> }>;
  };
  t.ok(TESTS >= 4, `the example has its tests (${TESTS})`);
  for (const name of ENVIRONMENTS) {
    const file = report.testResults.find((f) => f.name.endsWith(`msw-${name}.test.ts`));
    t.ok(file, `msw-${name}.test.ts ran`);
    t.equal(file?.assertionResults.length, TESTS, `under ${name}, the example's ${TESTS} tests ran`);
    for (const a of file?.assertionResults ?? []) t.equal(a.status, 'passed', `${name}: ${a.title}`);
  }
});
