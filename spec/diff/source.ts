// BASE and HEAD of spec:diff: a file, a git ref (its spec/openapi.yaml), or REF:path.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { buildSpec, type LoadedSpec, SPEC_PATH } from '../load.js';

export interface Source {
  label: string;
  spec: LoadedSpec;
  /** The document's text, as read. */
  text: string;
  /** The commit a git ref names (none for a file or the working copy). */
  commit?: string;
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
  const { label, text, commit } = readSource(arg, cwd);
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (err) {
    throw new Error(`${label} is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!raw || typeof raw !== 'object' || !('paths' in raw))
    throw new Error(`${label} is not an OpenAPI document (no paths)`);
  const spec = await buildSpec(raw as Record<string, unknown>, { circular: true });
  return commit ? { label, spec, text, commit } : { label, spec, text };
}

/** The text of a file, of a git ref's spec/openapi.yaml (REF:path for another file), or of the working copy. */
export function readSource(arg: string | undefined, cwd = process.cwd()): Omit<Source, 'spec'> {
  if (arg === undefined) return { label: 'working copy', text: readFileSync(SPEC_PATH, 'utf8') };
  if (existsSync(arg)) return { label: arg, text: readFileSync(arg, 'utf8') };
  const [ref, path] = arg.includes(':') ? [arg.slice(0, arg.indexOf(':')), arg.slice(arg.indexOf(':') + 1)] : [arg, ''];
  let root: string;
  try {
    root = git(['rev-parse', '--show-toplevel'], cwd).trim();
  } catch {
    throw new Error(`"${arg}" is neither a file nor a git ref (not in a git repository)`);
  }
  const file = path || relative(root, SPEC_PATH).split('\\').join('/');
  let text: string;
  try {
    text = git(['show', `${ref}:${file}`], root);
  } catch (err) {
    const detail = String((err as { stderr?: string }).stderr ?? '')
      .trim()
      .split('\n')[0];
    throw new Error(`"${arg}" is neither a file nor a git ref with ${file}${detail ? ` (${detail})` : ''}`);
  }
  return { label: `${ref}:${file}`, text, commit: commitOf(ref, root) };
}

function commitOf(ref: string, root: string): string | undefined {
  try {
    return git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root).trim() || undefined;
  } catch {
    return undefined;
  }
}
