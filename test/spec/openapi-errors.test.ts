// spec/openapi.yaml against section 7 of the interface document: both error
// shapes, and 401, 403 and 429 wherever they can happen.

import t from 'tap';
import type { JsonSchema } from '../../spec/load.js';
import { ajv, spec } from '../helpers/loaded-spec.js';
import * as facts from './document-facts.js';

t.test('both error shapes are components', async (t) => {
  const schemas = Object.values<any>(spec.document.components.schemas);
  const apiError = schemas.find(
    (s) => s.type === 'object' && s.properties?.message?.type === 'string' && s.properties?.status?.type === 'integer',
  );
  t.ok(apiError, '{message: string, status: integer}');
  t.same(apiError?.required?.slice().sort(), ['message', 'status']);
  const statusError = schemas.find(
    (s) => s.properties?.status?.const === 'error' && s.properties?.message?.type === 'string',
  );
  t.ok(statusError, '{status: "error", message: string}');
  t.same(statusError?.required?.slice().sort(), ['message', 'status']);
});

t.test('401, 403 and 429 wherever they can happen, with the exact messages', async (t) => {
  const accepts = (schema: JsonSchema, body: unknown) => ajv.validate(schema, body);
  for (const op of spec.operations) {
    const r429 = op.responses['429'];
    t.ok(r429, `${op.operationId} documents 429`);
    if (r429) {
      t.ok(accepts(r429.schema!, { message: facts.errorMessages[429], status: 429 }), `${op.operationId} 429 shape`);
      t.notOk(accepts(r429.schema!, { message: 'Slow down', status: 429 }), `${op.operationId} 429 exact text`);
      t.ok(r429.headers['retry-after'], `${op.operationId} 429 Retry-After`);
    }
    const r401 = op.responses['401'];
    if (!op.isPublic) {
      t.ok(r401, `${op.operationId} documents 401`);
      if (r401) {
        t.ok(accepts(r401.schema!, { message: facts.errorMessages[401], status: 401 }), `${op.operationId} 401 shape`);
        t.notOk(accepts(r401.schema!, { message: 'Unauthorized.', status: 401 }), `${op.operationId} 401 exact text`);
      }
    }
    const r403 = op.responses['403'];
    if (op.subscriptionRequired) {
      t.ok(r403, `${op.operationId} needs a plan, so documents 403`);
      if (r403) {
        t.ok(accepts(r403.schema!, { message: facts.errorMessages[403], status: 403 }), `${op.operationId} 403 shape`);
        t.notOk(accepts(r403.schema!, { message: 'Forbidden', status: 403 }), `${op.operationId} 403 exact text`);
      }
    } else {
      t.notOk(r403, `${op.operationId} is open to users without a plan`);
    }
  }
});

t.test('the {status: "error"} failures of awning, countries and plans', async (t) => {
  for (const { path, message } of facts.statusErrorFailures) {
    const op = spec.operations.find((o) => o.path === path)!;
    const carrier = Object.values(op.responses).find((r) =>
      r.examples.some((e) => (e as Record<string, unknown>)?.message === message),
    );
    t.ok(carrier, `${path} has a response exemplifying "${message}"`);
    t.ok(
      carrier?.schema && ajv.validate(carrier.schema, { status: 'error', message }),
      `${path} in the {status: "error"} shape`,
    );
    t.notOk(
      carrier?.schema && ajv.validate(carrier.schema, { message, status: 422 }),
      `${path} not in the other shape`,
    );
  }
});
