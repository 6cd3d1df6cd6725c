// Before the tests (tap's `before`, package.json): spec/openapi.yaml parsed once,
// beside it as spec/openapi.yaml.parsed.json (git-ignored), the file
// `npm run build` writes into dist/. Every test process and every CLI a test
// starts loads the spec (spec/load.ts); with it there, each reads JSON (1 ms)
// instead of parsing the YAML (300 ms of CPU), some 300 times a run. The file
// carries the digest of the text it came from, so a stale one is never read.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PARSED_SUFFIX, parsedSpecFile, SPEC_PATH } from '../spec/load.js';

const target = `${SPEC_PATH}${PARSED_SUFFIX}`;
const fresh = parsedSpecFile(readFileSync(SPEC_PATH, 'utf8'));
let kept: string | undefined;
try {
  kept = readFileSync(target, 'utf8');
} catch {
  kept = undefined;
}
if (kept !== fresh) {
  // Written beside and renamed: a test process reading it meanwhile sees the old file or the new, never half.
  const partial = `${target}.${process.pid}`;
  writeFileSync(partial, fresh);
  renameSync(partial, target);
}
