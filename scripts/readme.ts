// npm run readme          rewrites the generated sections of README.md from the spec
// npm run readme -- --check  exits 1 when they are stale
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadSpec } from '../spec/load.js';
import { renderAssumptions, renderEndpoints, replaceSection, SECTIONS } from '../spec/render-readme.js';

export const README_PATH = fileURLToPath(new URL('../README.md', import.meta.url));

export async function renderReadme(text: string): Promise<string> {
  const spec = await loadSpec();
  let out = replaceSection(text, SECTIONS.endpoints, renderEndpoints(spec));
  out = replaceSection(out, SECTIONS.assumptions, renderAssumptions(spec));
  return out;
}

async function main(): Promise<number> {
  let check = false;
  try {
    ({
      values: { check = false },
    } = parseArgs({ options: { check: { type: 'boolean' } }, strict: true }));
  } catch (err) {
    console.error(`readme: ${(err as Error).message}\nusage: npm run readme [-- --check]`);
    return 2;
  }
  const current = await readFile(README_PATH, 'utf8');
  const next = await renderReadme(current);
  if (check) {
    if (next === current) return 0;
    console.error('readme: generated sections are stale; run `npm run readme`');
    return 1;
  }
  await writeFile(README_PATH, next);
  console.log('readme: README.md sections rewritten from the spec');
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
