// What the proxy checks in the app's requests: the headers the operation
// requires (platform) and the JSON body against the operation's request schema;
// and, as observations, the body's fields the operation does not document (the
// backend ignores them: spec/ignored-fields.ts).
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../spec/ajv.js';
import { fittingBranchErrors, foldRepeats } from '../spec/ajv-errors.js';
import { coerced, coercesAny } from '../spec/coercion.js';
import { coercionsOf } from '../spec/facts.js';
import { ignoredFieldsOf } from '../spec/ignored-fields.js';
import type { LoadedSpec, OperationEntry } from '../spec/load.js';

export interface RequestFindings {
  violations: string[];
  /** Not violations: what the backend will ignore. */
  observations: string[];
  /** The body, parsed (undefined when none or not JSON). */
  body?: unknown;
}

export function requestChecker(
  spec: LoadedSpec,
): (op: OperationEntry, headers: Record<string, unknown>, body: Buffer | undefined) => RequestFindings {
  const ajv = createAjv({ allErrors: true });
  const bodies = new Map<string, ValidateFunction>();
  for (const op of spec.operations) if (op.requestBody) bodies.set(op.operationId, ajv.compile(op.requestBody.schema));
  const ignored = ignoredFieldsOf(spec);
  // A scalar of another type is what the spec says the backend takes it as (x-numeric-strings: "10" for an
  // integer; x-type-coercion: 12345 for a string, 1.5 for an integer), as the mock does; judged on a copy,
  // the app's body is relayed as it came.
  const coercions = coercionsOf(spec);
  return (op, headers, body) => {
    const out: RequestFindings = { violations: [], observations: [] };
    for (const p of op.parameters) {
      if (p.in === 'header' && p.required && headers[p.name.toLowerCase()] === undefined)
        out.violations.push(`${op.operationId} request: the ${p.name} header is missing`);
    }
    const validate = bodies.get(op.operationId);
    const text = body?.toString('utf8') ?? '';
    if (!validate || text.trim() === '') {
      if (validate && op.requestBody?.required) out.violations.push(`${op.operationId} request: the body is required`);
      return out;
    }
    try {
      out.body = JSON.parse(text);
    } catch {
      out.violations.push(`${op.operationId} request: the body is not JSON`);
      return out;
    }
    const judged = coercesAny(coercions)
      ? coerced(structuredClone(out.body), op.requestBody?.schema, coercions)
      : out.body;
    if (!validate(judged)) {
      // The branch of a oneOf the value's type fits, and a violation repeated on array items once (as the
      // exchange validator reports answers).
      const errors = fittingBranchErrors(validate.errors ?? [], op.requestBody!.schema, judged);
      for (const { first: e, general, all } of foldRepeats(errors, judged).slice(0, 20)) {
        const where = all.length > 1 ? `${general} (${all.length} items)` : e.instancePath || '(body)';
        out.violations.push(`${op.operationId} request ${where}: ${e.message ?? e.keyword}`);
      }
    }
    out.observations.push(...ignored(op.operationId, out.body).map((f) => f.message));
    return out;
  };
}
