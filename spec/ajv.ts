// The project's one Ajv configuration. Strict mode stays on: the OpenAPI
// keywords that are not JSON Schema are registered as annotations instead.

import type { Options } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CommonJS whose default export TypeScript sees as the module.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** Schema keywords OpenAPI 3.1 adds to JSON Schema, plus this project's extensions. */
export const OPENAPI_KEYWORDS = [
  'example',
  'xml',
  'externalDocs',
  'discriminator',
  'x-assumed',
  'x-assumed-reason',
] as const;

export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, ...options });
  addFormats(ajv);
  ajv.addVocabulary([...OPENAPI_KEYWORDS]);
  return ajv;
}
