// npm run spec:apply -- FILE [--spec PATH] [--dry-run]
// Applies a JSON Patch (RFC 6902; what `npm run contracts -- --ledger-patch FILE`
// writes) to spec/openapi.yaml in place, keeping its comments and layout, and
// regenerates what is made from the spec (spec/types.gen.ts, the README's and
// docs' tables). All or nothing: a patch that does not apply, or that leaves a
// spec the mock cannot start from, changes no file and exits 2 with one line.
import { randomBytes } from 'node:crypto';
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename, relative, resolve } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseCommand, refuse, runMain } from '../cli/kit/command.js';
import { buildMock } from '../mock/build.js';
import type { PatchOperation } from '../spec/finding.js';
import { recordLearnt } from '../spec/learnt.js';
import { buildSpec, type LoadedSpec, type RawNode, SPEC_PATH } from '../spec/load.js';
import { renderTypes, TYPES_PATH } from '../spec/render-types.js';
import { applyPatchToJson, applyPatchToYaml, parsePatch } from '../spec/yaml-patch.js';
import { GENERATED } from './readme.js';
import { acknowledgeBreaking, learntWhere } from './spec-apply-acks.js';
import { SPEC_APPLY_COMMAND } from './spec-apply-command.js';

/** A patch file larger than this is not read (a run's patch is a few KiB). */
const MAX_PATCH_BYTES = 4 * 2 ** 20;

interface Out {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
}
const CONSOLE: Out = { stdout: (s) => console.log(s), stderr: (s) => console.error(s) };

class NotApplied extends Error {}

async function readPatch(file: string) {
  const size = await stat(file).then(
    (s) => s.size,
    (err: NodeJS.ErrnoException) => {
      throw new NotApplied(`${file} cannot be read (${err.code ?? err.message})`);
    },
  );
  if (size > MAX_PATCH_BYTES) throw new NotApplied(`${file} is larger than ${MAX_PATCH_BYTES / 2 ** 20} MiB`);
  try {
    return parsePatch(await readFile(file, 'utf8'));
  } catch (err) {
    throw new NotApplied(`${file} is ${(err as Error).message}`);
  }
}

/** The patched text, once the mock has started from it: a spec it cannot serve is refused here, not at `npm start`. */
async function patched(
  specPath: string,
  file: string,
): Promise<{
  before: string;
  text: string;
  changes: number;
  points: number;
  where?: string;
  undo: PatchOperation[];
  /** The patched spec, built once: the mock starts from it, the tables and the acknowledgements read it. */
  after: LoadedSpec;
}> {
  const patch = await readPatch(file);
  const before = await readFile(specPath, 'utf8');
  let text: string;
  try {
    text = applyPatchToYaml(before, patch);
  } catch (err) {
    throw new NotApplied(`the patch does not apply to ${shownPath(specPath)}: ${(err as Error).message}`);
  }
  let after: LoadedSpec;
  try {
    after = await specOf(text);
    const app = await buildMock({ spec: after, logger: false });
    await app.ready();
    await app.close();
  } catch (err) {
    throw new NotApplied(`the patched spec is not one the mock can start from: ${(err as Error).message}`);
  }
  const learnt = patch.filter((p) => p.op === 'add' && p.path.endsWith('/x-learned'));
  const where = learntWhere(learnt.map((p) => p.value));
  // What undoes it, worked out on the document it was applied to: kept beside the spec (spec/learnt.ts).
  const undo = applyPatchToJson(parseYaml(before), patch);
  const changes = patch.filter((p) => p.op !== 'test').length - learnt.length;
  return { before, text, changes, points: learnt.length, undo, after, ...(where ? { where } : {}) };
}

const specOf = async (text: string) => buildSpec(parseYaml(text) as RawNode);

/** Writes beside and renames: an interrupted write never leaves half a spec. */
async function replaceFile(path: string, text: string): Promise<void> {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** What is made from the project's spec, made again: the types, and the README's and docs' tables. */
async function regenerate(specPath: string, spec: LoadedSpec): Promise<string[]> {
  await replaceFile(TYPES_PATH, await renderTypes(specPath));
  const rewritten = [relative('.', TYPES_PATH)];
  for (const [path, render] of GENERATED) {
    const current = await readFile(path, 'utf8');
    const next = render(current, spec);
    if (next === current) continue;
    await replaceFile(path, next);
    rewritten.push(relative('.', path));
  }
  return rewritten;
}

/** A path as a person reads it: from here when it is under here, else whole. */
function shownPath(path: string): string {
  const near = relative('.', path);
  return near.startsWith('..') ? path : near;
}

export async function main(argv: string[], out: Out = CONSOLE): Promise<number> {
  const parsed = parseCommand(SPEC_APPLY_COMMAND, argv, ({ values, positionals }) => {
    if (positionals.length !== 1) throw new Error('give one FILE: the JSON Patch to apply');
    return { ok: true as const, file: positionals[0]!, specPath: resolve(values.spec ?? SPEC_PATH), ...values };
  });
  if (!parsed.ok) return refuse(SPEC_APPLY_COMMAND, parsed, out);
  const shown = shownPath(parsed.specPath);
  try {
    const { before, text, changes, points, where, undo, after } = await patched(parsed.specPath, parsed.file);
    const what = `${changes} change(s)${points ? `, ${points} point(s) marked where they were learnt` : ''}`;
    if (parsed['dry-run']) {
      out.stdout(`spec:apply: ${parsed.file} applies to ${shown} (${what}); nothing changed (--dry-run)`);
      return 0;
    }
    await replaceFile(parsed.specPath, text);
    const own = parsed.specPath === resolve(SPEC_PATH);
    const rewritten = own ? await regenerate(parsed.specPath, after) : [];
    out.stdout(`spec:apply: applied ${what} to ${shown}`);
    if (own) {
      recordLearnt({ learnt: where ?? basename(parsed.file), applied: new Date().toISOString(), changes, undo });
      out.stdout(`spec:apply: regenerated ${rewritten.join(', ')}; recorded in spec/learnt.json`);
      const acked = acknowledgeBreaking(await specOf(before), after, where);
      if ('acknowledged' in acked && acked.acknowledged)
        out.stdout(
          `spec:apply: acknowledged ${acked.acknowledged} breaking change(s) in spec/breaking-changes.yaml, each with where it was learnt: review the reasons`,
        );
      if ('unacknowledged' in acked)
        out.stderr(
          `spec:apply: ${acked.unacknowledged.length} breaking change(s) not acknowledged (${acked.why}): npm run spec:diff lists them`,
        );
    } else out.stdout(`spec:apply: ${shown} is not the project's spec: nothing was regenerated`);
    out.stdout('spec:apply: next, `git diff` to review, `npm test`, and `npm start` serves the changed behaviour');
    return 0;
  } catch (err) {
    if (!(err instanceof NotApplied)) throw err;
    out.stderr(`spec:apply: ${err.message}; nothing was changed`);
    return 2;
  }
}

await runMain(import.meta.url, (argv) => main(argv));
