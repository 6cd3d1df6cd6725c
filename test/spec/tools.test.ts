// The spec in the tools users feed it to (issue 13), run offline: Spectral's
// own spectral:oas ruleset (arrays without items broke orval's zod output),
// YAML 1.1 parsers as older tools (Dredd) use, generated types for custom_field.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import spectralCore from '@stoplight/spectral-core';
import parsers from '@stoplight/spectral-parsers';
import rulesets from '@stoplight/spectral-rulesets';
import t from 'tap';
import { parse } from 'yaml';
import { SPEC_PATH } from '../../spec/load.js';

const text = readFileSync(SPEC_PATH, 'utf8');

t.test("regression: Spectral's spectral:oas ruleset reports nothing", async (t) => {
  // The packages ship CommonJS with loose typings: only what is used is named.
  const { Spectral, Document } = spectralCore as unknown as {
    Spectral: new () => {
      setRuleset(r: unknown): void;
      run(d: unknown): Promise<Array<{ severity: number; code: string; path: string[]; message: string }>>;
    };
    Document: new (text: string, parser: unknown, source: string) => unknown;
  };
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [(rulesets as unknown as { oas: unknown }).oas] });
  const results = await spectral.run(new Document(text, (parsers as unknown as { Yaml: unknown }).Yaml, SPEC_PATH));
  const shown = results.map(
    (r) => `${['error', 'warning', 'info', 'hint'][r.severity]} ${r.code} ${r.path.join('.')}: ${r.message}`,
  );
  t.same(
    shown.filter((r) => r.startsWith('error')),
    [],
    'no error',
  );
  t.same(
    shown.filter((r) => r.startsWith('warning')),
    [],
    'no warning',
  );
});

t.test('regression: YAML 1.1 parsers read the same document', async (t) => {
  const modern = parse(text);
  const jsyaml3 = createRequire(import.meta.url)('js-yaml-3') as { safeLoad(s: string): unknown };
  t.same(JSON.parse(JSON.stringify(jsyaml3.safeLoad(text))), modern, 'js-yaml 3 (YAML 1.1), as older tools use');
  t.same(parse(text, { version: '1.1' }), modern, 'the yaml package in YAML 1.1 mode');
  const unquoted = text
    .split('\n')
    .map((line, i) => [i + 1, line] as const)
    .filter(([, line]) => /[{[][^}\]]*:\s*https?:\/\//.test(line));
  t.same(
    unquoted,
    [],
    'no unquoted URL inside a flow collection (a YAML 1.1 parser may read its colon as an indicator)',
  );
});

t.test("regression: custom_field's object form takes keys in the generated types", async (t) => {
  const types = readFileSync(new URL('../../spec/types.gen.ts', import.meta.url), 'utf8');
  t.match(types, /CustomField: \{\s*\[key: string\]: unknown;\s*\} \| unknown\[\];/);
});
