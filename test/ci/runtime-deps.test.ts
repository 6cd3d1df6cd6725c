// Nothing an app installs with this package phones home (issue 29):
// swagger-ui-dist, once a runtime dependency for /docs, pulled in @scarf/scarf,
// whose install script reports every install. The packages reachable from
// package.json's "dependencies" through package-lock.json hold no known
// telemetry package and run no install script (which is how install-time
// telemetry runs); swagger-ui-dist is a dev dependency, vendored by the build.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { type Lock, type Manifest, packageName, resolveIn, runtimePackages } from '../helpers/runtime-deps.js';

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const manifest = JSON.parse(readFileSync(root('package.json'), 'utf8')) as Manifest & {
  devDependencies: Record<string, string>;
  scarfSettings?: { enabled?: boolean };
};
const lock = JSON.parse(readFileSync(root('package-lock.json'), 'utf8')) as Lock;

/** Packages whose purpose is to report installs or usage. */
const TELEMETRY = ['@scarf/scarf', 'scarf', '@nuxt/telemetry'];

t.test('no runtime dependency, however deep, is a telemetry package or runs an install script', async (t) => {
  const runtime = runtimePackages(manifest, lock);
  t.ok(runtime.size > 20, `the walk reaches the dependency tree (${runtime.size} packages)`);
  t.ok(runtime.has('node_modules/fastify'), 'fastify is among them');
  const telemetry = [...runtime].filter((key) => TELEMETRY.includes(packageName(key)));
  t.same(telemetry, [], 'no telemetry package');
  const scripts = [...runtime].filter((key) => lock.packages[key]!.hasInstallScript);
  t.same(scripts, [], 'no install script');
});

t.test('swagger-ui-dist is a dev dependency, and our own install reports nothing to Scarf', async (t) => {
  t.notOk(manifest.dependencies?.['swagger-ui-dist'], 'not a runtime dependency');
  t.ok(manifest.devDependencies['swagger-ui-dist'], 'a dev dependency: scripts/build.ts copies what /docs needs');
  t.same(manifest.scarfSettings, { enabled: false }, 'scarfSettings.enabled is false for the dev install');
});

t.test('the walk follows nested copies, optional dependencies and required peers', async (t) => {
  const fake: Lock = {
    packages: {
      'node_modules/a': { dependencies: { b: '1', c: '1' }, optionalDependencies: { gone: '1' } },
      'node_modules/a/node_modules/b': { dependencies: { '@scarf/scarf': '1' } },
      'node_modules/b': { dependencies: { hidden: '1' } },
      'node_modules/c': { peerDependencies: { p: '1', q: '1' }, peerDependenciesMeta: { q: { optional: true } } },
      'node_modules/p': { hasInstallScript: true },
      'node_modules/q': {},
      'node_modules/@scarf/scarf': { hasInstallScript: true },
      'node_modules/dev-only': {},
      'node_modules/hidden': {},
    },
  };
  const reached = runtimePackages({ dependencies: { a: '1' } }, fake);
  t.same(
    [...reached].sort(),
    [
      'node_modules/@scarf/scarf',
      'node_modules/a',
      'node_modules/a/node_modules/b',
      'node_modules/c',
      'node_modules/p',
    ],
    'the nearest copy of b (not the top-level one), a required peer, not an optional peer, not a dev-only package',
  );
  t.equal(resolveIn(fake, 'node_modules/a/node_modules/b', 'c'), 'node_modules/c', 'up to the top');
  t.equal(packageName('node_modules/a/node_modules/@scarf/scarf'), '@scarf/scarf');
  t.throws(() => runtimePackages({ dependencies: { missing: '1' } }, fake), /has no missing for the root/);
});
