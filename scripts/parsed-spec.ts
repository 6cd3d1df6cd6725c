// Before the tests (tap's `before`, package.json): spec/openapi.yaml parsed once,
// beside it as spec/openapi.yaml.parsed.json (git-ignored), the file
// `npm run build` writes into dist/. Every test process and every CLI a test
// starts loads the spec (spec/load.ts); with it there, each reads JSON (1 ms)
// instead of parsing the YAML (300 ms of CPU), some 300 times a run. The file
// carries the digest of the text it came from, so a stale one is never read.
import { SPEC_PATH } from '../spec/load.js';
import { writeParsedSpec } from './parsed-spec-file.js';

writeParsedSpec(SPEC_PATH);
