// Issue 29: Redocly CLI prints a boxed "Node.js 20 support is ending" banner on
// every run under Node 20, with no option to turn it off, so `npm run lint:spec`
// (and with it `npm test`) opened with eleven lines of it. scripts/redocly.ts
// runs Redocly without it and passes everything else through, exit code included.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { ROOT, TS } from '../../scripts/bench/processes.js';
import { EndOfLifeFilter } from '../../scripts/redocly.js';

const BOX = [
  '    ╔═════════════════════════════════════════════════════════════════╗',
  '    ║                                                                 ║',
  '    ║  Deprecation warning: Node.js 20 support is ending              ║',
  '    ║                                                                 ║',
  '    ║  Node.js 20 reached end-of-life on April 30, 2026.              ║',
  '    ║  Future Redocly CLI releases require Node.js 22.12.0 or later.  ║',
  '    ║  You are using Node.js v20.20.2.                                ║',
  '    ║                                                                 ║',
  '    ║  Update Node.js: https://nodejs.org/en/download                 ║',
  '    ║                                                                 ║',
  '    ╚═════════════════════════════════════════════════════════════════╝',
].join('\n');
const REST =
  'validating spec/openapi.yaml...\nspec/openapi.yaml: validated in 265ms\n\nWoohoo! Your API description is valid. 🎉\n\n';

/** The filter's output for `text` fed in chunks of `size` characters. */
function filtered(text: string, size = text.length): string {
  const filter = new EndOfLifeFilter();
  let out = '';
  for (let i = 0; i < text.length; i += size) out += filter.push(text.slice(i, i + size));
  return out + filter.end();
}

t.test('the end-of-life banner and the blank lines around it go; the rest stays, byte for byte', async (t) => {
  const stderr = `\n${BOX}\n\n${REST}`;
  t.equal(filtered(stderr), REST);
  t.equal(filtered(stderr, 1), REST, 'whatever the chunks');
  t.equal(filtered(stderr, 7), REST);
  const coloured = `\n${BOX.replace('Deprecation warning: Node.js 20 support is ending', '\x1b[1m\x1b[33mDeprecation warning: Node.js 20 support is ending\x1b[39m\x1b[22m')}\n\n${REST}`;
  t.equal(filtered(coloured), REST, 'in colour too');
});

t.test('any other box, text and blank lines pass through unchanged', async (t) => {
  const other = `\n${BOX.replace('Node.js 20 support is ending', 'Update available: 2.78.0          ')}\n\n${REST}`;
  t.equal(filtered(other), other);
  t.equal(filtered(other, 3), other);
  t.equal(filtered('a\n\n\nb\n\n'), 'a\n\n\nb\n\n');
  t.equal(filtered('no newline at the end'), 'no newline at the end');
  const unfinished = `${BOX.split('\n').slice(0, 4).join('\n')}\n`;
  t.equal(filtered(unfinished), unfinished, 'a box never closed is written at the end');
});

const redocly = (...args: string[]) =>
  spawnSync(process.execPath, [...TS, 'scripts/redocly.ts', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

t.test('npm run lint:spec’s command: no banner, the verdict, exit 0', async (t) => {
  const r = redocly('lint', '--config', 'redocly.yaml', '--format', 'stylish', 'spec/openapi.yaml');
  t.equal(r.status, 0, r.stderr);
  t.notMatch(r.stderr, /support is ending|╔/);
  t.match(r.stderr, /^validating spec\/openapi\.yaml\.\.\.\n/);
  t.match(r.stderr, /Your API description is valid/);
});

t.test('a spec with problems: the problems, the summary and exit 1 still come through', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'mcs-redocly-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const bad = join(dir, 'bad.yaml');
  writeFileSync(bad, 'openapi: 3.1.0\ninfo: {title: x}\npaths: {}\n');
  const r = redocly('lint', '--config', 'redocly.yaml', '--format', 'stylish', bad);
  t.equal(r.status, 1);
  t.match(r.stdout, /The field `version` must be present/);
  t.match(r.stderr, /Validation failed with \d+ errors/);
  t.notMatch(r.stderr, /support is ending/);
});
