// The layers of docs/architecture.md#layers are held by lint, not by goodwill:
// Biome, run with the repository's biome.json on small files laid out in the
// repository's folders, reports each forbidden import (upward, sideways, by the
// package's own name) and an import cycle made of type imports only, and lets
// the allowed forms pass; the real tree is clean of both rules; and the table
// in the doc says exactly what the overrides of biome.json say.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const root = (p = '') => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const BIOME = root('node_modules/@biomejs/biome/bin/biome');
const RESTRICTED = 'lint/style/noRestrictedImports';
const CYCLE = 'lint/suspicious/noImportCycles';
const SELF = 'mcs-contract-toolkit';

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

/** Biome's lint of `dir` (with the biome.json found there), as its JSON reporter gives it; exits 1 on errors. */
function lint(dir: string): Promise<Diagnostic[]> {
  const args = [BIOME, 'lint', '--reporter=json', '--max-diagnostics=none', '--colors=off', '.'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: dir, timeout: 60_000, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (err && (err.killed || typeof err.code !== 'number' || err.code > 1))
        return reject(new Error(`biome failed: ${err.message}\n${stderr}`));
      try {
        resolve((JSON.parse(stdout) as { diagnostics: Diagnostic[] }).diagnostics);
      } catch {
        reject(new Error(`biome gave no JSON report:\n${stdout}\n${stderr}`));
      }
    });
  });
}

/** One file that imports one thing, and what lint must say of it (nothing, for an allowed form). */
interface Form {
  file: string;
  imports: string;
  typeOnly?: boolean;
  flagged?: typeof RESTRICTED | typeof CYCLE;
}

const FORMS: Form[] = [
  { file: 'lib/up.ts', imports: '../spec/y.js', flagged: RESTRICTED },
  { file: 'spec/up.ts', imports: '../contracts/y.js', typeOnly: true, flagged: RESTRICTED },
  { file: 'fixtures/up.ts', imports: '../mock/y.js', flagged: RESTRICTED },
  { file: 'contracts/side.ts', imports: '../mock/y.js', flagged: RESTRICTED },
  { file: 'mock/store/side.ts', imports: '../../contracts/y.js', typeOnly: true, flagged: RESTRICTED },
  { file: 'proxy/up.ts', imports: '../cli/y.js', flagged: RESTRICTED },
  { file: 'client/side.ts', imports: '../lib/y.js', flagged: RESTRICTED },
  { file: 'msw/side.ts', imports: '../spec/y.js', flagged: RESTRICTED },
  { file: 'cli/up.ts', imports: '../scripts/y.js', flagged: RESTRICTED },
  { file: 'index.ts', imports: './cli/y.js', flagged: RESTRICTED },
  { file: 'mock/tests.ts', imports: '../test/y.js', flagged: RESTRICTED },
  { file: 'mock/by-name.ts', imports: `${SELF}/client`, flagged: RESTRICTED },
  { file: 'mock/a.ts', imports: './b.js', typeOnly: true, flagged: CYCLE },
  { file: 'mock/b.ts', imports: './a.js', typeOnly: true, flagged: CYCLE },
  { file: 'examples/path.ts', imports: '../mock/y.js', flagged: RESTRICTED },
  { file: 'examples/root.ts', imports: '../index.js', flagged: RESTRICTED },
  // Allowed: each of these must pass.
  { file: 'mock/down.ts', imports: '../spec/y.js' },
  { file: 'mock/store/down.ts', imports: '../../fixtures/y.js', typeOnly: true },
  { file: 'mock/inside.ts', imports: './store/y.js' },
  { file: 'mock/c.ts', imports: './d.js', typeOnly: true },
  { file: 'lib/inside.ts', imports: './y.js' },
  { file: 'lib/node.ts', imports: 'node:fs' },
  { file: 'msw/down.ts', imports: '../mock/y.js' },
  { file: 'client/down.ts', imports: '../spec/y.js' },
  { file: 'cli/down.ts', imports: '../contracts/y.js' },
  { file: 'examples/by-name.ts', imports: `${SELF}/msw` },
  { file: 'scripts/any.ts', imports: '../cli/y.js' },
  { file: 'test/any.ts', imports: '../scripts/y.js' },
];

/** Every form's file exports `y` and `Y`, so that any of them can be imported; a target no form writes is made plain. */
function layOut(dir: string): void {
  const write = (file: string, text: string) => {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  for (const f of FORMS) {
    if (!f.imports.startsWith('.')) continue;
    const target = posix.join(posix.dirname(f.file), f.imports.replace(/\.js$/, '.ts'));
    if (!FORMS.some((g) => g.file === target)) write(target, 'export const y = 1;\nexport type Y = number;\n');
  }
  for (const f of FORMS)
    write(
      f.file,
      f.typeOnly
        ? `import type { Y as Z } from '${f.imports}';\nexport type Y = Z | number;\nexport const y = 1;\n`
        : `import { y as z } from '${f.imports}';\nexport const y = z;\nexport type Y = number;\n`,
    );
}

const config = JSON.parse(readFileSync(root('biome.json'), 'utf8'));

t.test('lint reports each forbidden import and the cycle, and passes the allowed forms', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-layers-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  // Outside the repository: no git to read, and no $schema path to resolve.
  const { $schema: _, ...rest } = config;
  writeFileSync(join(dir, 'biome.json'), JSON.stringify({ ...rest, vcs: { enabled: false } }));
  layOut(dir);
  const found = (await lint(dir)).filter((d) => d.category === RESTRICTED || d.category === CYCLE);
  for (const f of FORMS) {
    const here = found.filter((d) => d.location.path === f.file);
    const form = `${f.file} importing ${f.imports}`;
    if (!f.flagged) {
      t.same(here, [], `allowed: ${form}`);
      continue;
    }
    t.ok(
      here.some((d) => d.category === f.flagged),
      `${form}: ${f.flagged}`,
    );
    if (f.flagged === RESTRICTED)
      t.ok(
        here.every((d) => d.message.includes('docs/architecture.md#layers')),
        `${form}: the message names the rule`,
      );
  }
  const flaggedFiles = new Set(FORMS.filter((f) => f.flagged).map((f) => f.file));
  t.same(
    found.filter((d) => !flaggedFiles.has(d.location.path)),
    [],
    'nothing else is reported',
  );
});

t.test('the real tree breaks neither rule', async (t) => {
  const found = (await lint(root())).filter((d) => d.category === RESTRICTED || d.category === CYCLE);
  t.same(
    found.map((d) => `${d.location.path}: ${d.category}: ${d.message}`),
    [],
  );
});

interface Row {
  /** `lib`, `index.ts`, ... */
  folders: string[];
  /** undefined: anything. */
  allowed?: string[];
}

/** The rows of the `| folder | may import | why |` table of docs/architecture.md's Layers section (the lines
 *  from its header to the first line that is not a row: the doc has other tables). */
function layerRows(): Row[] {
  const doc = readFileSync(root('docs/architecture.md'), 'utf8');
  const section = doc.split(/^## /m).find((s) => s.startsWith('Layers\n')) ?? '';
  const lines = section.split('\n');
  const header = lines.indexOf('| folder | may import | why |');
  const table = header < 0 ? [] : lines.slice(header + 2);
  const end = table.findIndex((line) => !line.startsWith('|'));
  const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, ''));
  return table.slice(0, end < 0 ? undefined : end).map((line) => {
    const [, folders = '', allowed = ''] = line.split('|').map((c) => c.trim());
    return { folders: names(folders), ...(allowed === 'anything' ? {} : { allowed: names(allowed) }) };
  });
}

// Each noRestrictedImports override of biome.json: the folder it covers and the folders of `universe` it
// forbids (`**/mock/**` forbids mock; `../**`, any path out of the folder, forbids them all).
function restrictions(universe: string[]): Map<string, { forbidden: string[]; groups: string[][] }> {
  const out = new Map<string, { forbidden: string[]; groups: string[][] }>();
  for (const o of config.overrides as Array<{ includes: string[]; linter?: { rules?: any } }>) {
    const rule = o.linter?.rules?.style?.noRestrictedImports;
    if (!rule) continue;
    const groups: string[][] = rule.options.patterns.map((p: { group: string[] }) => p.group);
    for (const folder of o.includes.map((inc) => inc.replace(/\/\*\*$/, ''))) {
      const others = universe.filter((f) => f !== folder && f !== 'index.ts');
      const forbidden = groups
        .flat()
        .flatMap((g) => (g === '../**' ? others : (/^\*\*\/([^/]+)\/\*\*$/.exec(g)?.[1] ?? [])));
      out.set(folder, { forbidden, groups });
    }
  }
  return out;
}

/** Top-level folders that hold TypeScript, and the root index.ts: every one must have a row. */
function sourceFolders(): string[] {
  const top = readdirSync(root()).filter(
    (n) => !n.startsWith('.') && n !== 'node_modules' && n !== 'dist' && statSync(root(n)).isDirectory(),
  );
  const hasTs = (n: string) => readdirSync(root(n), { recursive: true }).some((f) => String(f).endsWith('.ts'));
  return [...top.filter(hasTs), 'index.ts'].sort();
}

t.test('the Layers table of docs/architecture.md says what biome.json enforces', async (t) => {
  const rows = layerRows();
  const universe = rows.flatMap((r) => r.folders).sort();
  t.same(universe, sourceFolders(), 'one row for every top-level source folder');
  const rules = restrictions(universe);
  const ruled = rows.filter((r) => r.allowed).flatMap((r) => r.folders);
  t.same([...rules.keys()].sort(), [...ruled].sort(), 'a rule for every row but "anything", and no other');
  for (const row of rows) {
    const [folder] = row.folders;
    if (!row.allowed || !folder) continue;
    const rule = rules.get(folder);
    const expected = universe.filter((f) => f !== folder && f !== 'index.ts' && !row.allowed!.includes(f));
    t.same(
      rule?.forbidden.slice().sort(),
      expected.sort(),
      `${folder} may import ${row.allowed.join(', ') || 'nothing'}`,
    );
    // examples/ import the package by its name, as an app does; the package itself never does.
    const byName = row.allowed.includes(SELF);
    t.equal(
      rule?.groups.some((g) => g.includes(SELF) && g.includes(`${SELF}/**`)),
      !byName,
      `${folder} ${byName ? 'imports' : 'never imports'} the package by its name`,
    );
  }
  const cycles = config.linter.rules.suspicious.noImportCycles;
  t.same(cycles, { level: 'error', options: { ignoreTypes: false } }, 'cycles of type imports count');
});

// Only cli/ (and the dev-only scripts/ and test/) prints, reads the environment and exits: the package's
// folders report through their callers (docs/architecture.md#layers).
const CONSOLE = 'lint/suspicious/noConsole';
const ENV = 'lint/style/noProcessEnv';
const EXIT = 'lint/nursery/noProcessExit';
const EFFECTS: Array<{ file: string; text: string; flagged?: string }> = [
  { file: 'mock/print.ts', text: "console.log('x');\n", flagged: CONSOLE },
  { file: 'lib/warn.ts', text: "console.error('x');\n", flagged: CONSOLE },
  { file: 'contracts/env.ts', text: 'export const e = process.env.MCS_EMAIL;\n', flagged: ENV },
  { file: 'proxy/exit.ts', text: 'process.exit(1);\n', flagged: EXIT },
  { file: 'index.ts', text: "console.log('x');\n", flagged: CONSOLE },
  { file: 'cli/print.ts', text: 'console.log(process.env.MCS_EMAIL);\nprocess.exit(2);\n' },
  { file: 'scripts/print.ts', text: "console.log('x');\n" },
];

t.test('lint reports printing, the environment and exiting outside cli/ (and the dev folders)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-effects-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const { $schema: _, ...rest } = config;
  writeFileSync(join(dir, 'biome.json'), JSON.stringify({ ...rest, vcs: { enabled: false } }));
  for (const f of EFFECTS) {
    mkdirSync(join(dir, dirname(f.file)), { recursive: true });
    writeFileSync(join(dir, f.file), f.text);
  }
  const found = (await lint(dir)).filter((d) => [CONSOLE, ENV, EXIT].includes(d.category));
  for (const f of EFFECTS) {
    const here = found.filter((d) => d.location.path === f.file).map((d) => d.category);
    if (f.flagged) t.ok(here.includes(f.flagged), `${f.file}: ${f.flagged}`);
    else t.same(here, [], `allowed: ${f.file}`);
  }
});
