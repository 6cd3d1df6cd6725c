// The README's MSW example under Jest, in Node's environment, in jsdom (the
// jest-fixed-jsdom environment MSW's docs recommend for Jest) and in Happy DOM,
// with the Jest setup docs/package.md gives a user, as written there: ESM
// through --experimental-vm-modules, TypeScript through babel-jest, and the two
// ESM-only packages Fastify's CommonJS requires (cookie, content-disposition)
// made CommonJS, as Jest can require ESM only from Node 24.9. Jest runs every
// module, the toolkit's and Fastify's included, in the environment's VM context:
// its own globals, with setImmediate, structuredClone or BroadcastChannel absent.
// Beside the example, one test reaches client/list and countries/index (the two
// that answered 500 under Vitest's jsdom).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { ROOT } from '../../scripts/bench/processes.js';
import { readmeExample } from '../helpers/readme-examples.js';

mkdirSync(`${ROOT}tmp`, { recursive: true });
const scratch = mkdtempSync(`${ROOT}tmp/msw-jest-`);
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

/** A code block of docs/package.md, by its first line. */
function docsBlock(firstLine: string): string {
  const docs = readFileSync(`${ROOT}docs/package.md`, 'utf8');
  const block = [...docs.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.startsWith(firstLine));
  if (block === undefined) throw new Error(`docs/package.md has no block starting ${firstLine}`);
  return block;
}
// The user's files, as docs/package.md gives them.
writeFileSync(`${scratch}/happy-dom-env.cjs`, docsBlock('// happy-dom-env.cjs'));
writeFileSync(`${scratch}/jest.user.mjs`, docsBlock('// jest.config.mjs'));

/** Each environment by its docblock value. */
const ENVIRONMENTS = { node: 'node', jsdom: 'jest-fixed-jsdom', 'happy-dom': './happy-dom-env.cjs' } as const;

const example = readmeExample('msw.test.ts').replace("from 'vitest'", "from '@jest/globals'");
const REFERENCE = `
test('client/list and countries/index answer 200 with their lists', async () => {
  const api = await signIn();
  const clients = await api.POST('/client/list', { body: {} });
  expect(clients.response.status).toBe(200);
  expect(clients.data!.data.data.length).toBeGreaterThan(0);
  const countries = await api.POST('/countries/index', { body: {} });
  expect(countries.response.status).toBe(200);
  expect(JSON.stringify(countries.data)).toContain('Portugal');
});
`;
for (const [name, env] of Object.entries(ENVIRONMENTS))
  writeFileSync(`${scratch}/msw-${name}.test.ts`, `/** @jest-environment ${env} */\n${example}${REFERENCE}`);

// The user's config and, for this checkout, the package mapped to its TypeScript sources.
const config = {
  rootDir: scratch,
  testMatch: ['**/*.test.ts'],
  moduleNameMapper: {
    '^mcs-contract-toolkit/client$': `${ROOT}client/index.ts`,
    '^mcs-contract-toolkit/msw$': `${ROOT}msw/index.ts`,
    // The sources import each other as ./x.js, as tsc wants.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
};
writeFileSync(
  `${scratch}/jest.config.mjs`,
  `import user from './jest.user.mjs';\nexport default { ...user, ...${JSON.stringify(config, null, 2)} };\n`,
);

t.test('the README’s MSW example passes under Jest’s node, jsdom and Happy DOM environments', async (t) => {
  const r = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      `${ROOT}node_modules/jest/bin/jest.js`,
      '--config',
      `${scratch}/jest.config.mjs`,
      '--json',
      '--ci',
    ],
    { cwd: scratch, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } },
  );
  t.equal(r.status, 0, r.stderr.slice(-3000));
  const report = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as {
    testResults: Array<{ name: string; assertionResults: Array<{ title: string; status: string }> }>;
  };
  for (const name of Object.keys(ENVIRONMENTS)) {
    const file = report.testResults.find((f) => f.name.endsWith(`msw-${name}.test.ts`));
    t.ok(file, `msw-${name}.test.ts ran`);
    t.equal(file?.assertionResults.length, 4, `under ${name}, the example's three tests and the reference lists' ran`);
    for (const a of file?.assertionResults ?? []) t.equal(a.status, 'passed', `${name}: ${a.title}`);
  }
});
