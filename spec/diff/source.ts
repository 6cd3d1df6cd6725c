// BASE and HEAD of spec:diff: a file, a git ref (its spec/openapi.yaml), or REF:path.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { buildSpec, type LoadedSpec, SPEC_PATH } from '../load.js';

export interface Source {
  label: string;
  spec: LoadedSpec;
}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    timeout: 15_000,
    maxBuffer: 64 * 2 ** 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export async function loadSource(arg: string | undefined, cwd = process.cwd()): Promise<Source> {
  let text: string;
  let label: string;
  if (arg === undefined) {
    text = readFileSync(SPEC_PATH, 'utf8');
    label = 'working copy';
  } else if (existsSync(arg)) {
    text = readFileSync(arg, 'utf8');
    label = arg;
  } else {
    const [ref, path] = arg.includes(':')
      ? [arg.slice(0, arg.indexOf(':')), arg.slice(arg.indexOf(':') + 1)]
      : [arg, ''];
    let root: string;
    try {
      root = git(['rev-parse', '--show-toplevel'], cwd).trim();
    } catch {
      throw new Error(`"${arg}" is neither a file nor a git ref (not in a git repository)`);
    }
    const file = path || relative(root, SPEC_PATH).split('\\').join('/');
    try {
      text = git(['show', `${ref}:${file}`], root);
    } catch (err) {
      const detail = String((err as { stderr?: string }).stderr ?? '')
        .trim()
        .split('\n')[0];
      throw new Error(`"${arg}" is neither a file nor a git ref with ${file}${detail ? ` (${detail})` : ''}`);
    }
    label = `${ref}:${file}`;
  }
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new Error(`${label} is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!raw || typeof raw !== 'object' || !('paths' in raw))
    throw new Error(`${label} is not an OpenAPI document (no paths)`);
  return { label, spec: await buildSpec(raw as Record<string, unknown>, { circular: true }) };
}
