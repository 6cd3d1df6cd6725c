// What the spec learnt from deployments: spec/learnt.json keeps each patch
// `npm run spec:apply` applied to spec/openapi.yaml, where it was learnt, and
// the patch that undoes it. The spec as it was written, before any of them, is
// what the toolkit's own tests are written against (the mock's 401 for a wrong
// password, its newest-first lists), so that a learnt change makes the mock
// answer as the deployment does without turning those tests red; the tests of
// the learnt spec itself (the suite against the mock, the drift gates) read
// spec/openapi.yaml as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PatchOperation } from './finding.js';
import { buildSpec, type LoadedSpec, loadSpec } from './load.js';
import { applyPatchToJson, applyPatchToYaml } from './yaml-patch.js';

export const LEARNT_PATH = fileURLToPath(new URL('./learnt.json', import.meta.url));

export interface Learnt {
  /** Where and when: "staging.example.com on 2026-11-29" (the patch's x-learned), or the patch file's name. */
  learnt: string;
  /** When it was applied (ISO 8601). */
  applied: string;
  /** The changes it made (its operations, `test`s and marks left out). */
  changes: number;
  /** The patch that undoes it, applied after the ones learnt later are undone. */
  undo: PatchOperation[];
}

interface LearntFile {
  about: string;
  applied: Learnt[];
}

const ABOUT =
  "What the spec learnt from deployments: each patch npm run spec:apply applied to spec/openapi.yaml, where it was learnt, and the patch that undoes it. The toolkit's tests of the mock's own defaults run against the spec without them (spec/learnt.ts). Generated: do not edit by hand; to forget a change, revert it in spec/openapi.yaml and remove its entry.";

export function readLearnt(path = LEARNT_PATH): Learnt[] {
  if (!existsSync(path)) return [];
  const file = JSON.parse(readFileSync(path, 'utf8')) as Partial<LearntFile>;
  if (!Array.isArray(file.applied)) throw new Error(`${path}: "applied" must be a list`);
  return file.applied;
}

export function recordLearnt(entry: Learnt, path = LEARNT_PATH): void {
  const applied = [...readLearnt(path), entry];
  writeFileSync(path, `${JSON.stringify({ about: ABOUT, applied } satisfies LearntFile, null, 2)}\n`);
}

/** The parsed spec as written before anything was learnt: each learnt patch undone, the last first. */
export function withoutLearnt<T>(raw: T, learnt: Learnt[] = readLearnt()): T {
  const doc = structuredClone(raw);
  for (let i = learnt.length - 1; i >= 0; i--) {
    try {
      applyPatchToJson(doc, learnt[i]!.undo);
    } catch (err) {
      throw new Error(
        `spec/learnt.json: what was learnt from ${learnt[i]!.learnt} cannot be undone (${(err as Error).message}); the spec changed there since: remove the entry, or revert the change`,
      );
    }
  }
  return doc;
}

/** spec/openapi.yaml as written, before what it learnt (the same spec when it learnt nothing). */
export async function loadWrittenSpec(): Promise<LoadedSpec> {
  const spec = await loadSpec();
  const learnt = readLearnt();
  return learnt.length ? buildSpec(withoutLearnt(spec.raw, learnt)) : spec;
}

/** The YAML text of the spec as written (comments and layout kept), from the text as it is now. */
export function writtenSpecText(text: string, learnt: Learnt[] = readLearnt()): string {
  let out = text;
  for (let i = learnt.length - 1; i >= 0; i--) out = applyPatchToYaml(out, learnt[i]!.undo);
  return out;
}
