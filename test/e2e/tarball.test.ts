// The package as an app installs it: `npm pack` (which builds dist/), installed
// into a scratch project outside the repo, with no tsx and no dev dependency.
// Its bins run on the Node line this test runs on (process.execPath), its
// library type-checks, and the README's client example runs against its mock.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { freePort, ROOT, startAndWait, TS } from '../../scripts/bench/processes.js';
import { npm, packTarball } from '../helpers/package.js';
import { readmeExample } from '../helpers/readme-examples.js';

// Packing builds dist/ and the install runs npm: ~45 s of CPU, past tap's 120 s on a machine busy with other test files.
t.setTimeout(5 * 60 * 1000);

const scratch = mkdtempSync(join(tmpdir(), 'mcs-package-'));
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

const tarball = packTarball(scratch);
const app = join(scratch, 'app');
mkdirSync(app);
writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'scratch-app', private: true, type: 'module' }));
npm(['install', tarball, '@types/node@20'], app);
const bin = (name: string) => join(app, 'node_modules', '.bin', name);
const run = (name: string, args: string[]) =>
  spawnSync(process.execPath, [bin(name), ...args], { cwd: app, encoding: 'utf8', timeout: 60_000 });

t.test('the tarball holds the built package, not the sources or the tests', async (t) => {
  const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).split('\n');
  t.ok(files.includes('package/dist/index.js'));
  t.ok(files.includes('package/dist/spec/openapi.yaml'), 'the spec beside the code that reads it');
  t.ok(files.includes('package/dist/mock/pages/console/index.html'), 'the console page');
  t.notOk(
    files.some((f) => f.endsWith('.ts') && !f.endsWith('.d.ts')),
    'no TypeScript source',
  );
  t.notOk(
    files.some((f) => f.startsWith('package/test/')),
    'no tests',
  );
  for (const name of ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'LICENSE', 'NOTICE'])
    t.ok(files.includes(`package/dist/mock/pages/docs/vendor/${name}`), `Swagger UI's ${name}, vendored by the build`);
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/mcs-contract-toolkit/package.json'), 'utf8'));
  t.notOk(installed.dependencies?.tsx, 'tsx is not needed at run time');
});

t.test('installing the package installs nothing that phones home', async (t) => {
  const installed = JSON.parse(readFileSync(join(app, 'node_modules/mcs-contract-toolkit/package.json'), 'utf8'));
  t.notOk(installed.dependencies?.['swagger-ui-dist'], 'swagger-ui-dist is not a dependency');
  t.notOk(existsSync(join(app, 'node_modules/swagger-ui-dist')), 'nor installed');
  t.notOk(existsSync(join(app, 'node_modules/@scarf/scarf')), "nor Scarf's install telemetry");
});

t.test('each bin answers --help with its own name and exit 0', async (t) => {
  for (const name of ['mcs-mock', 'mcs-contracts', 'mcs-spec-diff', 'mcs-proxy']) {
    const r = run(name, ['--help']);
    t.equal(r.status, 0, `${name} --help: ${r.stderr}`);
    t.match(r.stdout, new RegExp(`^usage: ${name} `), name);
  }
  const bad = run('mcs-mock', ['--port', 'eighty']);
  t.equal(bad.status, 2, 'a bad flag is exit 2, as with npm start');
});

t.test('npx mcs-contracts --help answers from the scratch project', async (t) => {
  const r = spawnSync('npx', ['--no-install', 'mcs-contracts', '--help'], {
    cwd: app,
    encoding: 'utf8',
    timeout: 60_000,
  });
  t.equal(r.status, 0, r.stderr);
  t.match(r.stdout, /usage: mcs-contracts --base-url URL/);
});

t.test('mcs-mock serves, and the README client example runs against it', async (t) => {
  const port = await freePort();
  const mock = await startAndWait(
    process.execPath,
    [bin('mcs-mock'), '--port', String(port)],
    `http://127.0.0.1:${port}/__mock/accounts`,
  );
  t.teardown(mock.stop);
  const docs = await fetch(`http://127.0.0.1:${port}/docs`, { signal: AbortSignal.timeout(5_000) });
  t.equal(docs.status, 200, 'the API reference is served from the installed package');
  for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css']) {
    const r = await fetch(`http://127.0.0.1:${port}/docs/assets/${asset}`, { signal: AbortSignal.timeout(5_000) });
    t.equal(r.status, 200, `its ${asset}, from the vendored copy`);
    t.ok((await r.text()).length > 10_000, `${asset} is the real file`);
  }
  writeFileSync(join(app, 'client.ts'), readmeExample('client.ts'));
  // The example is TypeScript: this repo's tsx runs it, resolving imports from the scratch project.
  const r = spawnSync(process.execPath, [...TS, 'client.ts'], {
    cwd: app,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, MCS_BASE_URL: `http://127.0.0.1:${port}` },
  });
  t.equal(r.status, 0, r.stderr);
  t.match(r.stdout, /signed in as demo@example\.com/);
  t.match(r.stdout, /clients 45\b/, 'paging followed to the last page of the demo account’s 45 clients');
});

t.test('a TypeScript file importing the library type-checks against the installed declarations', async (t) => {
  writeFileSync(
    join(app, 'consumer.ts'),
    `import { buildMock, createExchangeValidator, loadSpec, runContracts, specPath, type RunReport } from 'mcs-contract-toolkit';
import { createClient, type ApiError } from 'mcs-contract-toolkit/client';
import type { components, paths } from 'mcs-contract-toolkit/types';
import { createUsageRecorder, mergeUsage, type UsageFile } from 'mcs-contract-toolkit/usage';

const app = await buildMock({ clients: 10, rateLimit: false });
const usage = await createUsageRecorder({ label: 'scratch app' });
const recorded = createClient({ baseUrl: 'http://127.0.0.1:4010', platform: 'WEB', usage });
const merged: UsageFile = mergeUsage([usage.usage()]);
const validator = createExchangeValidator(await loadSpec(specPath));
const api = createClient({ baseUrl: 'http://127.0.0.1:4010', platform: 'IOS', token: 'x' });
const listed = await api.POST('/client/list', { body: { page: 1 } });
const page: components['schemas']['ClientPage'] | undefined = listed.data?.data;
const failed: ApiError | undefined = undefined;
type Signin = paths['/user/signin']['post'];
const run: (o: Parameters<typeof runContracts>[0]) => Promise<RunReport> = runContracts;
export { app, validator, page, failed, run, recorded, merged, type Signin };
`,
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        types: ['node'],
        skipLibCheck: true,
      },
      files: ['consumer.ts', 'client.ts'],
    }),
  );
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const ok = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
    cwd: app,
    encoding: 'utf8',
    timeout: 120_000,
  });
  t.equal(ok.status, 0, ok.stdout);
  // And a wrong use is refused: the declarations carry real types, not any.
  writeFileSync(
    join(app, 'wrong.ts'),
    `import { createClient } from 'mcs-contract-toolkit/client';\ncreateClient({ baseUrl: 'x', platform: 'WINDOWS' });\n`,
  );
  const wrong = spawnSync(
    process.execPath,
    [
      tsc,
      '--noEmit',
      '--module',
      'NodeNext',
      '--moduleResolution',
      'NodeNext',
      '--strict',
      '--types',
      'node',
      'wrong.ts',
    ],
    {
      cwd: app,
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  t.not(wrong.status, 0);
  t.match(wrong.stdout, /"WINDOWS"' is not assignable/);
});

t.test('mcs-contract-toolkit/msw/browser: exported, and its imports reach msw and nothing of Node', async (t) => {
  const pkg = join(app, 'node_modules/mcs-contract-toolkit');
  const installed = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const entry = installed.exports['./msw/browser'];
  t.same(entry, { types: './dist/msw/browser.d.ts', default: './dist/msw/browser.js' }, 'in the exports map');
  t.ok(existsSync(join(pkg, entry.types)), 'its declarations');
  // Every module the entry reaches, by its static and dynamic imports: a bundler for the browser follows the same.
  const bare = new Set<string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, spec] of code.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      if (spec!.startsWith('.')) walk(join(file, '..', spec!));
      else bare.add(spec!);
    }
  };
  walk(join(pkg, entry.default));
  t.same([...bare], ['msw'], `only msw, from ${[...seen].map((f) => f.slice(pkg.length + 1)).join(', ')}`);
});
