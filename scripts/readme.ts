// npm run readme          rewrites the generated sections of README.md and
//                          docs/endpoints.md from the spec, the flag tables
//                          of docs/*.md from the commands' declarations, and
//                          the check table of docs/contracts.md from the
//                          check registry (contracts/checks/registry.ts)
// npm run readme -- --check  exits 1 when they are stale
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CONTRACTS_COMMAND } from '../cli/contracts.js';
import { type Command, flag, type Options, parseCommand, refuse, runMain } from '../cli/kit/command.js';
import { flagTable } from '../cli/kit/flag-table.js';
import { MOCK_COMMAND } from '../cli/mock.js';
import { PROXY_COMMAND } from '../cli/proxy.js';
import { SPEC_DIFF_COMMAND } from '../cli/spec-diff.js';
import { CHECKS_MARKERS, checksTable } from '../contracts/checks/registry-text.js';
import { type LoadedSpec, loadSpec } from '../spec/load.js';
import { renderAssumptions, renderEndpoints, replaceSection, SECTIONS } from '../spec/render-readme.js';
import { BENCH_COMMAND } from './bench/main.js';
import { FIXTURES_COMMAND } from './fixtures.js';
import { MOCK_DOC_PATH, renderMockDoc } from './readme-errors.js';
import { SPEC_APPLY_COMMAND } from './spec-apply-command.js';

export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
export const ENDPOINTS_PATH = fileURLToPath(new URL('../docs/endpoints.md', import.meta.url));
export const CONTRACTS_DOC_PATH = fileURLToPath(new URL('../docs/contracts.md', import.meta.url));

export function renderReadme(text: string, spec: LoadedSpec): string {
  return replaceSection(text, SECTIONS.assumptions, renderAssumptions(spec));
}

export function renderEndpointsDoc(text: string, spec: LoadedSpec): string {
  return replaceSection(text, SECTIONS.endpoints, renderEndpoints(spec));
}

/** The commands whose flag tables the docs show, by the name their markers use. */
export const FLAG_COMMANDS: Record<string, Command<Options>> = {
  mock: MOCK_COMMAND,
  contracts: CONTRACTS_COMMAND,
  proxy: PROXY_COMMAND,
  'spec-diff': SPEC_DIFF_COMMAND,
  'spec-apply': SPEC_APPLY_COMMAND,
  fixtures: FIXTURES_COMMAND,
  bench: BENCH_COMMAND,
};

/** The files that hold flag tables, each between `<!-- flags:NAME:start (npm run readme) -->` and `<!-- flags:NAME:end -->`. */
export const FLAG_DOCS = ['mock', 'contracts', 'ci', 'benchmarks'].map((name) =>
  fileURLToPath(new URL(`../docs/${name}.md`, import.meta.url)),
);

const FLAG_MARKER = /<!-- flags:(\S+):start \(npm run readme\) -->/g;

/** Every flag table the text marks, rendered from its command's declaration; an unknown name is an error. */
export function renderFlagSections(text: string, commands: Record<string, Command<Options>> = FLAG_COMMANDS): string {
  let out = text;
  for (const [, name] of text.matchAll(FLAG_MARKER)) {
    const command = commands[name!];
    if (!command)
      throw new Error(`a flag table names no command: ${name} (known: ${Object.keys(commands).join(', ')})`);
    const markers = [`<!-- flags:${name}:start (npm run readme) -->`, `<!-- flags:${name}:end -->`] as const;
    out = replaceSection(out, markers, flagTable(command));
  }
  return out;
}

/** The table of the check registry, between its markers. */
export function renderChecksSection(text: string, table: string = checksTable()): string {
  return replaceSection(text, CHECKS_MARKERS, table);
}

/** Each generated file with its renderer. */
export const GENERATED: Array<[string, (text: string, spec: LoadedSpec) => string]> = [
  [README_PATH, renderReadme],
  [ENDPOINTS_PATH, renderEndpointsDoc],
  ...FLAG_DOCS.map((path): [string, (text: string) => string] => [path, (text) => renderFlagSections(text)]),
  [MOCK_DOC_PATH, renderMockDoc],
  [CONTRACTS_DOC_PATH, (text) => renderChecksSection(text)],
];

export const README_COMMAND = {
  name: 'readme',
  synopsis: 'npm run readme -- [options]',
  options: { check: flag('write nothing; exit 1 when the generated sections are stale') },
};

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(README_COMMAND, argv, ({ values }) => ({ ok: true as const, ...values }));
  if (!parsed.ok) return refuse(README_COMMAND, parsed);
  let stale = 0;
  const spec = await loadSpec();
  for (const [path, render] of GENERATED) {
    const current = await readFile(path, 'utf8');
    const next = render(current, spec);
    if (next === current) continue;
    stale++;
    if (parsed.check) console.error(`readme: the generated sections of ${path} are stale; run \`npm run readme\``);
    else await writeFile(path, next);
  }
  if (parsed.check) return stale ? 1 : 0;
  console.log(`readme: ${stale} file(s) rewritten from the spec and the command declarations`);
  return 0;
}

await runMain(import.meta.url, main);
