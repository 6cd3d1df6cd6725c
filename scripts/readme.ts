// npm run readme          rewrites the generated sections of README.md and
//                          docs/endpoints.md from the spec
// npm run readme -- --check  exits 1 when they are stale
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { flag, parseCommand, refuse, runMain } from '../cli/kit/command.js';
import { type LoadedSpec, loadSpec } from '../spec/load.js';
import { renderAssumptions, renderEndpoints, replaceSection, SECTIONS } from '../spec/render-readme.js';
import { MOCK_DOC_PATH, renderMockDoc } from './readme-errors.js';

export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));
export const ENDPOINTS_PATH = fileURLToPath(new URL('../docs/endpoints.md', import.meta.url));

export function renderReadme(text: string, spec: LoadedSpec): string {
  return replaceSection(text, SECTIONS.assumptions, renderAssumptions(spec));
}

export function renderEndpointsDoc(text: string, spec: LoadedSpec): string {
  return replaceSection(text, SECTIONS.endpoints, renderEndpoints(spec));
}

/** Each generated file with its renderer. */
const GENERATED: Array<[string, (text: string, spec: LoadedSpec) => string]> = [
  [README_PATH, renderReadme],
  [ENDPOINTS_PATH, renderEndpointsDoc],
  [MOCK_DOC_PATH, renderMockDoc],
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
  console.log(`readme: ${stale} file(s) rewritten from the spec`);
  return 0;
}

await runMain(import.meta.url, main);
