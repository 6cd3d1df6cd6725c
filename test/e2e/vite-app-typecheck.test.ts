// The README's examples type-checked as an app's own code: a scratch app made
// from create-vite's React + TypeScript template (its package.json, tsconfig
// files and vite.config.ts as create-vite CREATE_VITE publishes them on the
// registry), the packed tarball, msw and vitest installed as an app installs
// them, every README example in src/ beside the template's own App.tsx, and the
// template's own type-check (`tsc -b`, the first half of its `npm run build`)
// run by the TypeScript the template installs (7: the native compiler, in the
// `typescript` package) and by the latest 5.x, with `strict` true and false.
// The template sets no `strict`: TypeScript 6 and later default it to true, 5.x
// to false, so each mode is set explicitly in tsconfig.app.json and
// tsconfig.node.json. A file names every type the MSW handle shows from the
// package's exports. A file of known mistakes shows that the check reads the
// toolkit's real declarations; among them the README's old `mock.app.mock`,
// TS2339, as in any app: the Fastify type augmentation never reaches it.
//
// The template is fetched from the registry at a fixed version (a published
// version never changes), so this test checks what that create-vite makes:
// to follow a newer template, move CREATE_VITE. Its dependency ranges are
// resolved at install time, as a new app's are.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { npm, packTarball } from '../helpers/package.js';
import { readmeExamples } from '../helpers/readme-examples.js';

/** create-vite's version whose template-react-ts the app is made from (9.3.0, published 2026-10-19: TypeScript ~7.0.2). */
const CREATE_VITE = '9.3.0';

// Packing builds dist/ and the install fetches the template's dependencies: ~1 min on a busy machine.
t.setTimeout(5 * 60 * 1000);

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'mcs-vite-app-'));
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

const tarball = packTarball(scratch);
const createVite = npm(['pack', `create-vite@${CREATE_VITE}`, '--json', '--pack-destination', scratch], scratch);
const createViteTgz = (JSON.parse(createVite.slice(createVite.indexOf('['))) as [{ filename: string }])[0].filename;
await run('tar', ['xzf', join(scratch, createViteTgz), '-C', scratch]);
const TEMPLATE = join(scratch, 'package/template-react-ts');
const TEMPLATE_FILES = ['package.json', 'tsconfig.json', 'tsconfig.app.json', 'tsconfig.node.json', 'vite.config.ts'];
/** The projects tsconfig.json refers to, each with its compilerOptions. */
const PROJECTS = ['tsconfig.app.json', 'tsconfig.node.json'];

// One install: the template's dependencies, then the package and what an app adds to test with it.
const app = join(scratch, 'app');
cpSync(TEMPLATE, app, { recursive: true });
npm(['install', '-D', tarball, 'msw', 'vitest', 'typescript-5@npm:typescript@5'], app);
const examples = readmeExamples();
for (const [name, text] of examples) writeFileSync(join(app, 'src', name), text);

const templateTs = (
  JSON.parse(readFileSync(join(TEMPLATE, 'package.json'), 'utf8')) as Record<string, Record<string, string>>
).devDependencies!.typescript!;
const versionOf = (pkg: string) =>
  (JSON.parse(readFileSync(join(app, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
const COMPILERS = [
  { label: `the template's TypeScript (${templateTs})`, pkg: 'typescript' },
  { label: 'the latest TypeScript 5.x', pkg: 'typescript-5' },
];
for (const c of COMPILERS) t.comment(`${c.label}: ${versionOf(c.pkg)}`);
for (const pkg of ['msw', 'vitest', 'vite', '@types/node']) t.comment(`${pkg} ${versionOf(pkg)}`);

/** A tsconfig of the template with `strict` set (JSONC: its comments stay; the line goes first in compilerOptions). */
function withStrict(text: string, strict: boolean | undefined): string {
  if (strict === undefined) return text;
  const set = text.replace(/"strict"\s*:\s*(true|false)/, `"strict": ${strict}`);
  if (set !== text) return set;
  const added = text.replace(/"compilerOptions"\s*:\s*\{/, (m) => `${m}\n    "strict": ${strict},`);
  if (added === text) throw new Error('the template tsconfig has no compilerOptions');
  return added;
}

/**
 * An app of its own for one check: the template's files (strict set), src/ and a node_modules of links to
 * the one install, so that checks run at once without sharing `tsc -b`'s build info (node_modules/.tmp).
 */
function appFor(name: string, strict: boolean | undefined, extra: Record<string, string> = {}): string {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const file of TEMPLATE_FILES) {
    const text = readFileSync(join(app, file), 'utf8');
    writeFileSync(join(dir, file), PROJECTS.includes(file) ? withStrict(text, strict) : text);
  }
  cpSync(join(app, 'src'), join(dir, 'src'), { recursive: true });
  for (const [file, text] of Object.entries(extra)) writeFileSync(join(dir, 'src', file), text);
  for (const entry of readdirSync(join(app, 'node_modules')))
    if (entry !== '.tmp') symlinkSync(join(app, 'node_modules', entry), join(dir, 'node_modules', entry));
  return dir;
}

/** `tsc ARGS` in the app by the compiler of package `pkg` (`-b`: the build's): its exit code and what it printed. */
async function typecheck(dir: string, pkg: string, args = ['-b']): Promise<{ code: number; out: string }> {
  const tsc = join(dir, 'node_modules', pkg, 'bin/tsc');
  try {
    // As the app's npm script runs it: without the loaders tap's process tracking puts in NODE_OPTIONS of
    // every child (its require hook takes TypeScript 7's ESM bin/tsc for CommonJS, and it fails to load).
    const r = await run('env', ['-u', 'NODE_OPTIONS', process.execPath, tsc, ...args], {
      cwd: dir,
      timeout: 180_000,
      encoding: 'utf8',
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}${e.code}` };
  }
}

// Each line a mistake an app could make, and the error the compiler must give at it.
const MISTAKES: Array<{ code: string; says: RegExp; why: string }> = [
  {
    code: "mock.app.mock.journal.list({ operationId: 'updateClient' });",
    says: /TS2339: Property 'mock' does not exist on type 'FastifyInstance/,
    why: "the README's old line: the augmentation does not reach an app",
  },
  {
    code: 'mock.journal.list({ operationId: 7 });',
    says: /TS2322: Type 'number' is not assignable to type 'string'/,
    why: "the journal's filter is typed",
  },
  {
    code: "mock.faults.add({ operationId: 'listClients', kind: 'explode' });",
    says: /TS2322: Type '"explode"' is not assignable to type /,
    why: 'a fault kind is one of the kinds',
  },
  {
    code: 'mock.journal.list()[0]?.request.bodyText;',
    says: /TS2339: Property 'bodyText' does not exist on type /,
    why: "a journal entry is the journal's own type",
  },
];
const misuse = [
  "import { createMswMock } from 'mcs-contract-toolkit/msw';",
  '',
  'const mock = await createMswMock();',
  ...MISTAKES.map((m) => m.code),
  '',
].join('\n');
const lineOf = (code: string) => misuse.split('\n').indexOf(code) + 1;

// Every type the handle shows, named by an app from the package's exports (a type reachable only through
// dist/mock/... would be no use to it).
const HANDLE_TYPES = [
  'FaultBody',
  'FaultKind',
  'FaultRule',
  'JournalEntry',
  'JournalFilter',
  'MswFault',
  'MswFaults',
  'MswJournal',
  'MswMock',
  'MswMockOptions',
  'MswWorlds',
  'StatusFilter',
  'WorldInfo',
  'WorldSize',
];
const named = [
  `import type { ${HANDLE_TYPES.join(', ')} } from 'mcs-contract-toolkit/msw';`,
  "import { MockControlError } from 'mcs-contract-toolkit/msw';",
  '',
  `export type Named = [${HANDLE_TYPES.join(', ')}];`,
  'export const refused = (e: unknown): e is MockControlError => e instanceof MockControlError;',
  '',
].join('\n');

const CHECKS = COMPILERS.flatMap((c) =>
  [true, false].map((strict) => ({
    ...c,
    strict,
    dir: appFor(`${c.pkg}-strict-${strict}`, strict, { 'handle-types.ts': named }),
  })),
);
const MISUSE = COMPILERS.map((c) => ({ ...c, dir: appFor(`${c.pkg}-misuse`, undefined, { 'misuse.ts': misuse }) }));
// Every tsc at once: the 5.x ones take seconds each, the native one well under one.
const [checked, shown, misused] = await Promise.all([
  Promise.all(CHECKS.map((c) => typecheck(c.dir, c.pkg))),
  // What each compiler makes of the app's settings: the strict it runs with.
  Promise.all(CHECKS.map((c) => typecheck(c.dir, c.pkg, ['-p', 'tsconfig.app.json', '--showConfig']))),
  Promise.all(MISUSE.map((c) => typecheck(c.dir, c.pkg))),
]);

t.test('the app is the template with the package installed, and every README example is in its src/', async (t) => {
  const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  t.match(pkg.scripts?.build, /^tsc -b && vite build$/, "the template's build type-checks with tsc -b");
  t.match(pkg.devDependencies?.['mcs-contract-toolkit'], /\.tgz$/, 'the package from the packed tarball');
  t.match(templateTs, /^[~^]?\d/, `the template pins its TypeScript (${templateTs})`);
  t.equal(versionOf('typescript').split('.')[0], templateTs.replace(/^[~^]/, '').split('.')[0], 'and it is what ran');
  t.equal(versionOf('typescript-5').split('.')[0], '5');
  t.ok(examples.size >= 2, `the README's examples: ${[...examples.keys()].join(', ')}`);
  t.ok(examples.has('msw.test.ts') && examples.has('client.ts'));
});

for (const [i, c] of CHECKS.entries())
  t.test(`tsc -b passes: ${c.label}, strict ${c.strict}`, async (t) => {
    t.match(shown[i]!.out, `"strict": ${c.strict}`, `the compiler reads strict ${c.strict}`);
    const r = checked[i]!;
    t.equal(r.code, 0, r.out);
    t.equal(r.out.trim(), '', 'no diagnostic');
  });

for (const [i, c] of MISUSE.entries())
  t.test(`tsc -b refuses each mistake, at its line: ${c.label}`, async (t) => {
    const r = misused[i]!;
    t.not(r.code, 0, 'the build fails');
    const errors = r.out.split('\n').filter((l) => /error TS\d+/.test(l));
    for (const m of MISTAKES) {
      const at = errors.filter((l) => l.startsWith(`src/misuse.ts(${lineOf(m.code)},`));
      t.equal(at.length, 1, `one error at: ${m.code}`);
      t.match(at[0], m.says, m.why);
    }
    t.equal(errors.length, MISTAKES.length, `no other error:\n${r.out}`);
  });
