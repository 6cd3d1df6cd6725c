// BASE and HEAD of spec:diff: a file, a git ref (its spec/openapi.yaml), or REF:path.
// Each is read only when it is no larger than maxBytes, measured before it is
// read (stat for a file, `git cat-file -s` for an object): the YAML parser holds
// some 40 times a text's size, so a 150 MB spec aborted at 4.3 GB.
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { readCapped } from '../../lib/read-capped.js';
import { buildSpec, type LoadedSpec, SPEC_PATH } from '../load.js';
import { gitBlob, gitCommit, gitDetail, gitObjectSize, gitRoot, refProblem } from './git.js';
import { parseSpecText } from './parse-spec.js';

/** Bytes of a spec spec:diff reads by default: the toolkit's is 106 KiB, so this is some 75 times that
 *  (an 8 MiB spec takes about 4 s and 330 MB to read; --max-spec-bytes changes it). */
export const MAX_SPEC_BYTES = 8 * 1024 * 1024;

export interface Source {
  label: string;
  spec: LoadedSpec;
  /** The document's text, as read. */
  text: string;
  /** The commit a git ref names (none for a file or the working copy). */
  commit?: string;
  /** The file it was read from, relative to the working directory (none for a git ref): annotations point into it. */
  file?: string;
}

export interface ReadOptions {
  cwd?: string;
  maxBytes?: number;
}

export async function loadSource(arg: string | undefined, options: ReadOptions = {}): Promise<Source> {
  const { label, text, commit, file } = readSource(arg, options);
  const spec = await buildSpec(parseSpecText(text, label), { circular: true });
  return { label, spec, text, ...(commit ? { commit } : {}), ...(file ? { file } : {}) };
}

const tooLarge = (label: string, maxBytes: number, bytes?: number) =>
  new Error(
    `${label} is ${bytes === undefined ? 'larger than' : `${bytes} bytes, more than`} ${maxBytes} bytes: not read (--max-spec-bytes raises the bound)`,
  );

/** A file's text, within the bound. */
export function readSpecFile(path: string, label: string, maxBytes = MAX_SPEC_BYTES): string {
  const read = readCapped(path, maxBytes);
  if (read.tooLarge) throw tooLarge(label, maxBytes, read.bytes);
  return read.text;
}

/** The text of a file, of a git ref's spec/openapi.yaml (REF:path for another file), or of the working copy. */
export function readSource(
  arg: string | undefined,
  { cwd = process.cwd(), maxBytes = MAX_SPEC_BYTES }: ReadOptions = {},
): Omit<Source, 'spec'> {
  const shown = (path: string) => relative(cwd, path).split('\\').join('/');
  if (arg === undefined)
    return {
      label: 'working copy',
      text: readSpecFile(SPEC_PATH, 'the working copy', maxBytes),
      file: shown(SPEC_PATH),
    };
  if (existsSync(arg)) return { label: arg, text: readSpecFile(arg, arg, maxBytes), file: shown(resolve(cwd, arg)) };
  const [ref, path] = arg.includes(':') ? [arg.slice(0, arg.indexOf(':')), arg.slice(arg.indexOf(':') + 1)] : [arg, ''];
  const refused = refProblem(ref);
  if (refused) throw new Error(refused);
  let root: string;
  try {
    root = gitRoot(cwd);
  } catch {
    throw new Error(`"${arg}" is neither a file nor a git ref (not in a git repository)`);
  }
  const file = path || relative(root, SPEC_PATH).split('\\').join('/');
  const object = `${ref}:${file}`;
  const missing = (err: unknown) => {
    const detail = gitDetail(err);
    return new Error(`"${arg}" is neither a file nor a git ref with ${file}${detail ? ` (${detail})` : ''}`);
  };
  let size: number;
  try {
    size = gitObjectSize(object, root);
  } catch (err) {
    throw missing(err);
  }
  if (size > maxBytes) throw tooLarge(object, maxBytes, size);
  let text: string;
  try {
    text = gitBlob(object, root, maxBytes);
  } catch (err) {
    // Past the bound after all (the ref moved between the two commands): git was read no further.
    if ((err as { code?: string }).code === 'ENOBUFS') throw tooLarge(object, maxBytes);
    throw missing(err);
  }
  return { label: object, text, commit: gitCommit(ref, root) };
}
