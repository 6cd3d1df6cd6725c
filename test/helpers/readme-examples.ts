// The README's runnable examples: each is a fenced block right after a line
// `<!-- example: NAME -->`, and a file examples/NAME holds the same text, so the
// repo's type check and test runs cover what the README shows.
import { readFileSync } from 'node:fs';
import { ROOT } from '../../scripts/bench/processes.js';

export function readmeExamples(readme = readFileSync(`${ROOT}README.md`, 'utf8')): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /<!-- example: (\S+) -->\n```\w*\n([\s\S]*?)```/g;
  for (const m of readme.matchAll(pattern)) found.set(m[1]!, m[2]!);
  return found;
}

export function readmeExample(name: string): string {
  const text = readmeExamples().get(name);
  if (text === undefined) throw new Error(`the README has no example ${name}`);
  return text;
}
