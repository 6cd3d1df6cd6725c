// spec/openapi.yaml loaded once per test file, with the strict Ajv the spec
// tests validate examples and bodies with.
import { createAjv } from '../../spec/ajv.js';
import { loadWrittenSpec } from '../../spec/learnt.js';
import type { JsonSchema, OperationEntry } from '../../spec/load.js';

/** As written, before anything it learnt (spec/learnt.ts). */
export const spec = await loadWrittenSpec();
export const ajv = createAjv();

export const find = (method: string, path: string): OperationEntry | undefined =>
  spec.operations.find((o) => o.method === method && o.path === path);

export const jsonSchemaOf = (op: OperationEntry, status: string): JsonSchema => {
  const schema = op.responses[status]?.schema;
  if (!schema) throw new Error(`${op.operationId} ${status} has no JSON schema`);
  return schema;
};
