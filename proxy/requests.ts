// What the proxy checks in the app's requests: the headers the operation
// requires (platform) and the JSON body against the operation's request schema.
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../spec/ajv.js';
import type { LoadedSpec, OperationEntry } from '../spec/load.js';

export function requestChecker(
  spec: LoadedSpec,
): (op: OperationEntry, headers: Record<string, unknown>, body: Buffer | undefined) => string[] {
  const ajv = createAjv({ allErrors: true });
  const bodies = new Map<string, ValidateFunction>();
  for (const op of spec.operations) if (op.requestBody) bodies.set(op.operationId, ajv.compile(op.requestBody.schema));
  return (op, headers, body) => {
    const out: string[] = [];
    for (const p of op.parameters) {
      if (p.in === 'header' && p.required && headers[p.name.toLowerCase()] === undefined)
        out.push(`${op.operationId} request: the ${p.name} header is missing`);
    }
    const validate = bodies.get(op.operationId);
    const text = body?.toString('utf8') ?? '';
    if (!validate || text.trim() === '') {
      if (validate && op.requestBody?.required) out.push(`${op.operationId} request: the body is required`);
      return out;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [...out, `${op.operationId} request: the body is not JSON`];
    }
    if (!validate(value))
      for (const e of (validate.errors ?? []).slice(0, 20))
        out.push(`${op.operationId} request ${e.instancePath || '(body)'}: ${e.message ?? e.keyword}`);
    return out;
  };
}
