// `--format X --out FILE --format Y` style options: each --out belongs to the
// output option before it, and each checked before the run. Shared by the
// contract suite and spec:diff.
import { closeSync, existsSync, mkdirSync, openSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { listText } from '../../lib/words.js';

export interface Output<N extends string> {
  name: N;
  out?: string;
}

interface Token {
  kind: string;
  name?: string;
  value?: string;
}

export function pairOutputs<N extends string>(
  tokens: readonly Token[],
  option: string,
  allowed: readonly N[],
): Output<N>[] {
  const outputs: Output<N>[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === option) {
      if (!allowed.includes(t.value as N)) throw new Error(`--${option} takes ${listText(allowed)}, not "${t.value}"`);
      outputs.push({ name: t.value as N });
    } else if (t.name === 'out') {
      const last = outputs.at(-1);
      if (!last || last.out !== undefined) throw new Error(`each --out FILE follows the --${option} it belongs to`);
      last.out = t.value!;
    }
  }
  return outputs;
}

// Node's `mkdir(…, { recursive: true })` never returns when a directory cannot be
// made where its parent exists (`/proc/nope`: ENOENT, the parent is there, so
// it tries again, for ever): the 100% CPU of issue 29. Missing directories are
// made here one level at a time, each tried once.
function makeParents(dir: string): void {
  const missing: string[] = [];
  for (let at = dir; !existsSync(at) && dirname(at) !== at; at = dirname(at)) missing.unshift(at);
  for (const at of missing) {
    try {
      mkdirSync(at);
    } catch (err) {
      throw new Error(`the directory ${at} cannot be made (${codeOf(err)})`);
    }
  }
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err as Error).message;

/** The nearest part of `path` that exists, and what it is. */
function nearestExisting(path: string): { at: string; isDirectory: boolean } {
  for (let at = dirname(path); ; at = dirname(at)) {
    try {
      return { at, isDirectory: statSync(at).isDirectory() };
    } catch {
      if (dirname(at) === at) return { at, isDirectory: false };
    }
  }
}

/**
 * Why a report cannot be written to `path`, or undefined when it can. Missing
 * directories are made, as most tools do; the file itself is tried (made and
 * removed again when it was not there), so what the run would meet at its end
 * is met before it starts.
 */
export function outputProblem(path: string): string | undefined {
  const file = resolve(path);
  // ENOTDIR (a file on the way) is as absent as ENOENT: the parents say why.
  const info = (() => {
    try {
      return statSync(file);
    } catch {
      return undefined;
    }
  })();
  if (info?.isDirectory()) return 'it is a directory; give a file in it';
  if (!info) {
    const parent = nearestExisting(file);
    if (!parent.isDirectory) return `${parent.at} is a file, not a directory`;
    try {
      makeParents(dirname(file));
    } catch (err) {
      return (err as Error).message;
    }
  }
  try {
    closeSync(openSync(file, info ? 'a' : 'wx'));
    if (!info) unlinkSync(file);
  } catch (err) {
    return `it cannot be written (${codeOf(err)})`;
  }
  return undefined;
}

/** Each `--out` checked before the run: one line naming the first that cannot be written and why. */
export function checkOuts(outs: ReadonlyArray<string | undefined>): string | undefined {
  for (const out of outs) {
    const problem = out === undefined ? undefined : outputProblem(out);
    if (problem) return `--out ${out}: ${problem}`;
  }
  return undefined;
}

/** Writes a report, making its missing directories without Node's recursion. */
export function writeReport(path: string, text: string): void {
  makeParents(dirname(resolve(path)));
  writeFileSync(path, text);
}
