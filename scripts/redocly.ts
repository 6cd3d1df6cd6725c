// npm run lint:spec runs Redocly CLI through this: `tsx scripts/redocly.ts ARGS`
// is `redocly ARGS` with its telemetry and update notice off, and without the
// boxed "Node.js 20 support is ending" banner it prints on every run under
// Node 20 (Redocly CLI 2.x has no option or variable for it: the check is an
// unconditional `process.version` test in its lib/index.js). Everything else
// it writes passes through as it comes, in order; its exit code is ours.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { runMain } from '../cli/kit/run-main.js';

/** The quiet settings Redocly CLI reads from the environment. */
export const REDOCLY_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } as const;

const plain = (line: string) => stripVTControlCharacters(line).trim();
const END_OF_LIFE = /Node\.js \d+ support is ending/;

/**
 * Drops the end-of-life box (with the blank line on each side of it) from a
 * stream of text given in chunks; any other box passes. `push` returns what
 * can be written now, `end` the rest.
 */
export class EndOfLifeFilter {
  private partial = '';
  private held: string[] = [];
  private inBox = false;
  private dropNextBlank = false;

  push(chunk: string): string {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop()!;
    return lines.map((line) => this.line(line)).join('');
  }

  end(): string {
    const rest = this.held.join('\n') + (this.held.length ? '\n' : '') + this.partial;
    this.held = [];
    this.partial = '';
    return rest;
  }

  /** One whole line: what to write now ('' while a blank line or a box is held). */
  private line(line: string): string {
    const text = plain(line);
    if (this.inBox) {
      this.held.push(line);
      if (!text.startsWith('╚')) return '';
      this.inBox = false;
      const box = this.held;
      this.held = [];
      if (box.some((l) => END_OF_LIFE.test(plain(l)))) {
        this.dropNextBlank = true;
        return '';
      }
      return `${box.join('\n')}\n`;
    }
    if (text.startsWith('╔')) {
      // A blank line held just before is dropped with the box or written with it.
      this.inBox = true;
      this.held.push(line);
      return '';
    }
    const blank = text === '';
    if (blank && this.dropNextBlank) {
      this.dropNextBlank = false;
      return '';
    }
    this.dropNextBlank = false;
    const before = this.held.map((l) => `${l}\n`).join('');
    this.held = [];
    if (blank) {
      this.held.push(line);
      return before;
    }
    return `${before}${line}\n`;
  }
}

async function main(args: string[]): Promise<number> {
  const pkg = createRequire(import.meta.url).resolve('@redocly/cli/package.json');
  const child = spawn(process.execPath, [join(dirname(pkg), 'bin/cli.js'), ...args], {
    env: { ...process.env, ...REDOCLY_ENV, ...(process.stderr.isTTY ? { FORCE_COLOR: '1' } : {}) },
    stdio: ['inherit', 'inherit', 'pipe'],
  });
  const filter = new EndOfLifeFilter();
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => process.stderr.write(filter.push(chunk)));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      process.stderr.write(filter.end());
      resolve(code ?? (signal ? 1 : 0));
    }),
  );
}

await runMain(import.meta.url, main);
