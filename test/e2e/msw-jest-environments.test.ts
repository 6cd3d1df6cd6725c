// The README's MSW example under Jest, in Node's environment, in jsdom (the
// jest-fixed-jsdom environment MSW's docs recommend for Jest) and in Happy DOM,
// with the Jest setup docs/package.md gives a user, as written there: ESM
// through --experimental-vm-modules, TypeScript through babel-jest, and the two
// ESM-only packages Fastify's CommonJS requires (cookie, content-disposition)
// made CommonJS, as Jest can require ESM only from Node 24.9. Jest runs every
// module, the toolkit's and Fastify's included, in the environment's VM context:
// its own globals, with setImmediate, structuredClone or BroadcastChannel absent.
// Beside the example, one test reaches client/list and countries/index (the two
// that answered 500 under Vitest's jsdom), and a session reaches every operation.
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
/** The example's tests, counted in it (it grows), and the reference lists' test this file adds. */
const exampleTests = (example.match(/^test\(/gm) ?? []).length + 1;
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

// Every operation of the spec, through the app's fetch and MSW, as test/msw/environments.test.ts does under
// Vitest's environments: the session of test/helpers/traffic.ts, each answer's status the one it expects.
const EVERY_OPERATION = `
import { afterAll, expect, test } from '@jest/globals';
import { createMswMock } from 'mcs-contract-toolkit/msw';
import { setupServer } from 'msw/node';
import { spec } from '${ROOT}test/helpers/mock.ts';
import { validTraffic } from '${ROOT}test/helpers/traffic.ts';

const baseUrl = 'https://api.example.test';
const loaded = await spec();
const mock = await createMswMock({ baseUrl, spec: loaded });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error' });
afterAll(async () => {
  server.close();
  await mock.close();
});

const reply = async (r: Response) => {
  const text = await r.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {}
  return { status: r.status, headers: Object.fromEntries(r.headers), body };
};

test('every operation answers as the session expects', async () => {
  const log = await validTraffic(
    (c) =>
      fetch(baseUrl + '/api/v1' + c.path, {
        method: c.method,
        headers: { ...(c.body === undefined ? {} : { 'content-type': 'application/json' }), ...c.headers },
        ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
      }).then(reply),
    (method, path, body) =>
      fetch(baseUrl + path, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      }).then(reply),
  );
  const unexpected = log
    .filter((x) => x.reply.status !== x.expect)
    .map((x) => [x.operationId, x.path, x.expect, x.reply.status, JSON.stringify(x.reply.body).slice(0, 200)]);
  expect(unexpected).toEqual([]);
  const reached = new Set(log.filter((x) => x.reply.status < 300).map((x) => x.operationId));
  expect(loaded.operations.map((op) => op.operationId).filter((id) => !reached.has(id))).toEqual([]);
  expect(log.length).toBeGreaterThan(loaded.operations.length);
});
`;
for (const [name, env] of Object.entries(ENVIRONMENTS))
  writeFileSync(`${scratch}/every-operation-${name}.test.ts`, `/** @jest-environment ${env} */\n${EVERY_OPERATION}`);

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
    testResults: Array<{ name: string; message?: string; assertionResults: Array<{ title: string; status: string }> }>;
  };
  for (const name of Object.keys(ENVIRONMENTS)) {
    const file = report.testResults.find((f) => f.name.endsWith(`msw-${name}.test.ts`));
    t.ok(file, `msw-${name}.test.ts ran`);
    t.equal(
      file?.assertionResults.length,
      exampleTests,
      `under ${name}, the example's tests and the reference lists' ran`,
    );
    for (const a of file?.assertionResults ?? []) t.equal(a.status, 'passed', `${name}: ${a.title}`);
    const every = report.testResults.find((f) => f.name.endsWith(`every-operation-${name}.test.ts`));
    t.same(
      every?.assertionResults.map((a) => [a.title, a.status]),
      [['every operation answers as the session expects', 'passed']],
      `under ${name}, every operation as under Node`,
      { message: every?.message?.slice(0, 3000) },
    );
  }
});
