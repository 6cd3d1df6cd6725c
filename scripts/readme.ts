// npm run readme          rewrites the generated sections of README.md from the spec
// npm run readme -- --check  exits 1 when they are stale
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadSpec } from '../spec/load.js';
import { renderAssumptions, renderEndpoints, replaceSection, SECTIONS } from '../spec/render-readme.js';
import { flag, parseCommand, refuse, runMain } from './command.js';

export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));

export async function renderReadme(text: string): Promise<string> {
  const spec = await loadSpec();
  let out = replaceSection(text, SECTIONS.endpoints, renderEndpoints(spec));
  out = replaceSection(out, SECTIONS.assumptions, renderAssumptions(spec));
  return out;
}

export const README_COMMAND = {
  name: 'readme',
  synopsis: 'npm run readme -- [options]',
  options: { check: flag('write nothing; exit 1 when the generated sections of README.md are stale') },
};

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommand(README_COMMAND, argv, ({ values }) => ({ ok: true as const, ...values }));
  if (!parsed.ok) return refuse(README_COMMAND, parsed);
  const current = await readFile(README_PATH, 'utf8');
  const next = await renderReadme(current);
  if (parsed.check) {
    if (next === current) return 0;
    console.error('readme: generated sections are stale; run `npm run readme`');
    return 1;
  }
  await writeFile(README_PATH, next);
  console.log('readme: README.md sections rewritten from the spec');
  return 0;
}

await runMain(import.meta.url, main);
