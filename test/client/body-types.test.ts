// The client's body types as an app's compiler sees them: a file that calls the
// client is type-checked, in memory, with this project's TypeScript under the
// Vite React TS template's settings, with `strict` and without it (the template
// as generated sets none, so strictNullChecks is off). Every example body the
// spec gives compiles; a misspelt key is an error whose text names the key.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import ts from 'typescript';
import { loadSpec, type OperationEntry } from '../../spec/load.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// A file of an app, and the package installed in the app; only this test's compiler host knows them.
const APP = `${ROOT}vite-app/src/app.ts`;
const INSTALLED = `${ROOT}vite-app/node_modules/mcs-contract-toolkit`;

// create-vite's tsconfig.app.json (react-ts), less `types: ["vite/client"]` (no Vite here: no
// ambient types at all, so nothing of Node leaks in).
// skipLibCheck, as there, leaves the package's declarations unchecked: only the app's use counts.
const VITE_APP: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  useDefineForClassFields: true,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  types: [],
  skipLibCheck: true,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  verbatimModuleSyntax: true,
  moduleDetection: ts.ModuleDetectionKind.Force,
  noEmit: true,
  jsx: ts.JsxEmit.ReactJSX,
  noUnusedLocals: true,
  noUnusedParameters: true,
  erasableSyntaxOnly: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedSideEffectImports: true,
};
const MODES: Array<[string, ts.CompilerOptions]> = [
  ['strict', { ...VITE_APP, strict: true }],
  ['no strict (the template as generated)', VITE_APP],
];

/** One line of the app: a call, what it shows, and the key its error must name (none: it compiles). */
interface Line {
  code: string;
  label: string;
  typo?: string;
  /** What both modes say, word for word, where the test pins it. */
  says?: string[];
}

// A value as an app writes it: keys that are identifiers unquoted, so the compiler names them as written.
function lit(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(lit).join(', ')}]`;
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  return `{ ${Object.entries(v)
    .map(([k, x]) => `${key(k)}: ${lit(x)}`)
    .join(', ')} }`;
}
type Body = Record<string, unknown>;

// The init of a call: the example body, and an example for each required parameter the client does not set.
function init(op: OperationEntry, body: unknown): string {
  const params: Record<string, Record<string, unknown>> = {};
  for (const p of op.parameters)
    if (p.required && p.name !== 'platform' && p.name !== 'api-key') (params[p.in] ??= {})[p.name] = p.example;
  return lit(Object.keys(params).length ? { params, body } : { body });
}

// A misspelling of `key` the schema does not name: two letters swapped, as fingers do.
function misspell(key: string, names: Set<string>): string {
  for (let i = Math.floor(key.length / 2); i < key.length - 1; i++) {
    const typo = key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2);
    if (typo !== key && !names.has(typo)) return typo;
  }
  return `${key}x`;
}

function calls(op: OperationEntry): string[] {
  // request() is held as POST is; POST only takes the operations it names.
  const request = (init: string) => `await api.request(${lit(op.method)}, ${lit(op.path)}, ${init});`;
  return op.method === 'post' ? [`await api.POST(${lit(op.path)}, $INIT);`, request('$INIT')] : [request('$INIT')];
}

function lines(ops: OperationEntry[]): Line[] {
  const out: Line[] = [];
  for (const op of ops) {
    const body = op.requestBody;
    if (!body) continue;
    const schema = body.schema as { properties?: Body; required?: string[] };
    const names = new Set(Object.keys(schema.properties ?? {}));
    for (const [i, example] of body.examples.entries()) {
      const call = (b: unknown) => calls(op).map((c) => c.replace('$INIT', init(op, b)));
      for (const code of call(example)) out.push({ code, label: `${op.operationId}: example ${i + 1}` });
      if (i > 0) continue;
      // A key beside the example's, and one in place of an optional key (nothing required goes missing).
      const ex = example as Body;
      const typoBeside = names.size ? misspell(Object.keys(ex)[0] ?? [...names][0]!, names) : 'unexpected_field';
      for (const code of call({ ...ex, [typoBeside]: ex[Object.keys(ex)[0]!] ?? 1 }))
        out.push({ code, label: `${op.operationId}: ${typoBeside} beside the example`, typo: typoBeside });
      const optional = Object.keys(ex).find((k) => !schema.required?.includes(k));
      if (!optional) continue;
      const typo = misspell(optional, names);
      const renamed = Object.fromEntries(Object.entries(ex).map(([k, v]) => [k === optional ? typo : k, v]));
      for (const code of call(renamed)) out.push({ code, label: `${op.operationId}: ${typo} for ${optional}`, typo });
    }
  }
  return out;
}

// The issue's own cases, and the forms a body takes besides an inline literal.
const BY_HAND: Line[] = [
  { code: `await api.POST('/client/list', { body: { limit: 1 } });`, label: 'listClients: { limit: 1 }' },
  {
    code: `await api.POST('/client/list', { body: { limt: 1 } });`,
    label: 'listClients: { limt: 1 }',
    typo: 'limt',
    says: [
      `Type 'number' is not assignable to type 'number & NotAField<"limt">'.\n` +
        `  Type 'number' is not assignable to type 'NotAField<"limt">'.`,
    ],
  },
  { code: `await api.POST('/client/list', { body: built });`, label: 'a body built beforehand', typo: 'limt' },
  { code: `await api.POST('/client/list', { body: fine });`, label: 'a valid body built beforehand' },
  { code: `for await (const p of api.pages('/client/list', { limt: 1 })) void p;`, label: 'pages()', typo: 'limt' },
  { code: `await api.POST('/user/get_profile');`, label: 'no init at all' },
];

function app(all: Line[]): string {
  const head = [
    `import { createClient } from 'mcs-contract-toolkit/client';`,
    `const api = createClient({ baseUrl: 'http://127.0.0.1:4010', platform: 'WEB' });`,
    `const built = { limit: 10, limt: 10 };`,
    `const fine = { keyword: '', limit: 10 };`,
    'export async function calls() {',
  ];
  return [...head, ...all.map((l) => `  ${l.code}`), '}', ''].join('\n');
}

// The package as an app installs it: its package.json (the exports map takes the app from
// `mcs-contract-toolkit/client` to dist/client/index.d.ts) and the client's declarations, as
// `npm run build` makes them (tsconfig.build.json), emitted in memory.
function installedPackage(): Map<string, string> {
  const build = ts.getParsedCommandLineOfConfigFile(`${ROOT}tsconfig.build.json`, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!build) throw new Error('tsconfig.build.json does not parse');
  const options = {
    ...build.options,
    outDir: `${INSTALLED}/dist`,
    emitDeclarationOnly: true,
    sourceMap: false,
    declarationMap: false,
  };
  const out = new Map([
    [`${INSTALLED}/package.json`, readFileSync(`${ROOT}package.json`, 'utf8')],
    // The app's own package.json: without it the nearest one is the toolkit's, and TypeScript resolves the
    // import as the package naming itself, into this checkout's dist/ (stale, or absent) instead of the app's.
    [`${ROOT}vite-app/package.json`, JSON.stringify({ name: 'vite-app', private: true, type: 'module' })],
  ]);
  const emitted = ts.createProgram([`${ROOT}client/index.ts`], options).emit(undefined, (name, text) => {
    out.set(name, text);
  });
  if (emitted.emitSkipped) throw new Error('the client emits no declarations');
  return out;
}

// Source files parsed once for both modes (lib.dom alone is 2 MB); options that change parsing are the same.
function typeCheck(files: Map<string, string>, options: ts.CompilerOptions, parsed: Map<string, ts.SourceFile>) {
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) => {
    const text = files.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, version);
    const known = parsed.get(name);
    if (known) return known;
    const file = getSourceFile(name, version, ...rest);
    if (file) parsed.set(name, file);
    return file;
  };
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => files.has(name) || exists(name);
  const read = host.readFile.bind(host);
  host.readFile = (name) => files.get(name) ?? read(name);
  // Module resolution looks into a directory only if it exists.
  const dirExists = host.directoryExists?.bind(host);
  host.directoryExists = (dir) =>
    [...files.keys()].some((f) => f.startsWith(`${dir}/`)) || (dirExists ? dirExists(dir) : true);
  const program = ts.createProgram([APP], options, host);
  const usesBuild = program.getSourceFile(`${INSTALLED}/dist/client/index.d.ts`) !== undefined;
  return { usesBuild, diagnostics: ts.getPreEmitDiagnostics(program, program.getSourceFile(APP)) };
}

t.test('every example body compiles and every misspelt key is refused by name, strict or not', async (t) => {
  const spec = await loadSpec();
  const all = [...lines(spec.operations), ...BY_HAND];
  const withBody = spec.operations.filter((op) => op.requestBody);
  t.ok(withBody.length >= 20, `${withBody.length} operations take a body, each is tried`);
  t.ok(all.filter((l) => l.typo).length >= 2 * withBody.length, 'a typo for each of them, by POST and request()');
  const files = installedPackage();
  files.set(APP, app(all));
  const firstCall = 6; // the app's line (1-based) of all[0]
  const parsed = new Map<string, ts.SourceFile>();
  for (const [mode, options] of MODES) {
    const { usesBuild, diagnostics } = typeCheck(files, options, parsed);
    t.ok(usesBuild, `${mode}: the app compiles against the package's declarations`);
    const byLine = new Map<number, string[]>();
    for (const d of diagnostics) {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      const line = d.file?.fileName === APP ? d.file.getLineAndCharacterOfPosition(d.start!).line + 1 : 0;
      byLine.set(line, [...(byLine.get(line) ?? []), message]);
    }
    for (const [i, l] of all.entries()) {
      const said = byLine.get(firstCall + i) ?? [];
      if (!l.typo) t.same(said, [], `${mode}: ${l.label} compiles`);
      else
        t.ok(
          said.length > 0 && said.every((m) => m.includes(`'${l.typo}'`) || m.includes(`"${l.typo}"`)),
          `${mode}: ${l.label} is refused, naming ${l.typo}`,
          { said },
        );
      if (l.says) t.same(said, l.says, `${mode}: ${l.label} says`);
    }
    const outside = [...byLine].filter(([n]) => n < firstCall || n >= firstCall + all.length);
    t.same(outside, [], `${mode}: nothing refused outside the calls (nor in the settings)`);
  }
});
