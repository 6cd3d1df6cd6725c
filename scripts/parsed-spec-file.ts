// The spec parsed beside its YAML (PATH.parsed.json, which spec/load.ts reads when
// its digest matches the text): written by `npm run build` into dist/ and, before
// the tests, beside spec/openapi.yaml (scripts/parsed-spec.ts).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PARSED_SUFFIX, parsedSpecFile } from '../spec/load.js';

/** Writes SPEC.parsed.json from SPEC's text unless it holds that already; beside and renamed, so that a process
 *  reading it meanwhile sees the old file or the new, never half. */
export function writeParsedSpec(specPath: string): void {
  const target = `${specPath}${PARSED_SUFFIX}`;
  const fresh = parsedSpecFile(readFileSync(specPath, 'utf8'));
  let kept: string | undefined;
  try {
    kept = readFileSync(target, 'utf8');
  } catch {
    kept = undefined;
  }
  if (kept === fresh) return;
  const partial = `${target}.${process.pid}`;
  writeFileSync(partial, fresh);
  renameSync(partial, target);
}
