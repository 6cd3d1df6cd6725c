// loadSpec reads the parsed document npm run build writes beside the YAML
// (start-up then parses JSON, not YAML), only when it was made from that very
// text; otherwise it parses the YAML as before.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { parse } from 'yaml';
import { loadSpec, PARSED_SUFFIX, parsedSpecFile, SPEC_PATH } from '../../spec/load.js';

const dir = mkdtempSync(join(tmpdir(), 'mcs-spec-'));
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const yaml = join(dir, 'openapi.yaml');
copyFileSync(SPEC_PATH, yaml);
const text = readFileSync(SPEC_PATH, 'utf8');

t.test('the parsed file holds the document exactly as the YAML parser gives it', (t) => {
  const saved = JSON.parse(parsedSpecFile(text));
  t.strictSame(saved.document, parse(text), 'a JSON round trip loses nothing of this document');
  t.end();
});

t.test('loadSpec uses the parsed file beside the YAML when its digest matches', async (t) => {
  const plain = await loadSpec(yaml);
  const saved = JSON.parse(parsedSpecFile(text));
  // A marker no YAML holds: seen only if the parsed file was read.
  saved.document.info['x-read-from'] = 'parsed';
  writeFileSync(`${yaml}${PARSED_SUFFIX}`, JSON.stringify(saved));
  const fast = await loadSpec(yaml);
  t.equal(fast.raw.info['x-read-from'], 'parsed');
  delete fast.raw.info['x-read-from'];
  delete fast.document.info['x-read-from'];
  t.strictSame(fast.raw, plain.raw);
  t.strictSame(fast.operations, plain.operations);
  t.equal(fast.basePath, plain.basePath);
});

t.test('a parsed file of another text, or broken, is ignored', async (t) => {
  const saved = JSON.parse(parsedSpecFile(`${text}\n# edited`));
  saved.document.info['x-read-from'] = 'stale';
  writeFileSync(`${yaml}${PARSED_SUFFIX}`, JSON.stringify(saved));
  t.notOk((await loadSpec(yaml)).raw.info['x-read-from'], 'stale: the YAML is parsed');
  writeFileSync(`${yaml}${PARSED_SUFFIX}`, '{ not json');
  t.equal((await loadSpec(yaml)).raw.info.title, parse(text).info.title, 'broken: the YAML is parsed');
});

t.test(
  "the test run loads the spec from JSON: tap's `before` wrote it parsed beside the YAML, of its text",
  async (t) => {
    // scripts/parsed-spec.ts, run once before the test files (package.json's tap config).
    t.equal(readFileSync(`${SPEC_PATH}${PARSED_SUFFIX}`, 'utf8'), parsedSpecFile(text));
  },
);
