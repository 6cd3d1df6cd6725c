// Renders spec/openapi.yaml to TypeScript with openapi-typescript. Used by
// `npm run types` (write) and `npm run types:check` / the stale-types test (compare).
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { SPEC_PATH } from './load.js';

export const TYPES_PATH = fileURLToPath(new URL('./types.gen.ts', import.meta.url));

export const TYPES_HEADER =
  '// GENERATED FILE, DO NOT EDIT. Made by `npm run types` from spec/openapi.yaml;\n' +
  '// `npm run types:check` (part of `npm test`) fails when it is stale.\n';

export async function renderTypes(specPath: string = SPEC_PATH): Promise<string> {
  const ast = await openapiTS(pathToFileURL(specPath), { alphabetize: false, silent: true });
  return TYPES_HEADER + astToString(ast);
}

export type TypesStatus = { fresh: true } | { fresh: false; reason: string };

export async function checkTypes(specPath: string = SPEC_PATH, typesPath: string = TYPES_PATH): Promise<TypesStatus> {
  const expected = await renderTypes(specPath);
  let actual: string;
  try {
    actual = await readFile(typesPath, 'utf8');
  } catch {
    return { fresh: false, reason: `${typesPath} is missing` };
  }
  if (actual === expected) return { fresh: true };
  const line = firstDifferentLine(actual, expected);
  return { fresh: false, reason: `${typesPath} differs from the spec from line ${line}` };
}

function firstDifferentLine(a: string, b: string): number {
  const al = a.split('\n');
  const bl = b.split('\n');
  for (let i = 0; i < Math.max(al.length, bl.length); i++) if (al[i] !== bl[i]) return i + 1;
  return 0;
}
