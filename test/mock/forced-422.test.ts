// `Prefer: code=422` and the /docs page answer with the spec's 422 example
// (issue 29): on every operation it names one of that operation's own request
// fields, in Laravel's words, and it is what the mock says to a real request
// that breaks the same rule. Operations with no input field document no 422;
// the awning and country operations keep the texts section 7 gives them.
import t from 'tap';
import type { OperationEntry } from '../../spec/load.js';
import { foldAllOf } from '../../spec/schema.js';
import { bearer, spec, testMock } from '../helpers/mock.js';

/** The two 422s in the {status: "error", message} shape, with why they name no field. */
const FIXED_TEXT: Record<string, { message: string; why: string }> = {
  addEditAwningMeasurement: { message: 'Validation failed', why: 'the document gives the awning this text' },
  listCountries: { message: 'The body field is invalid.', why: 'the body is an empty object: no field to name' },
};

function requestFields(op: OperationEntry): string[] {
  const body = Object.keys((foldAllOf(op.requestBody?.schema).properties as object | undefined) ?? {});
  const query = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  return [...new Set([...body, ...query])];
}

t.test('every operation: the forced 422 names a field of its own request, or there is none', async (t) => {
  const mock = await testMock(t, { rateLimit: false });
  const token = await mock.signin();
  for (const op of (await spec()).operations) {
    const call = (headers: Record<string, string>, body?: unknown) =>
      mock.send({
        operationId: op.operationId,
        method: op.method.toUpperCase() as 'POST',
        path: op.path.replace('{token}', 'x'),
        headers: { ...(op.isPublic ? {} : bearer(token)), ...headers },
        ...(body === undefined ? {} : { body }),
      });
    const forced = await call({ prefer: 'code=422' });
    const fields = requestFields(op);
    if (!op.responses['422']) {
      t.equal(forced.status, 400, `${op.operationId} documents no 422, so none is forced`);
      t.same(fields, [], `${op.operationId} has no request field to refuse`);
      continue;
    }
    t.equal(forced.status, 422, op.operationId);
    const fixed = FIXED_TEXT[op.operationId];
    if (fixed) {
      t.same(forced.body, { status: 'error', message: fixed.message }, `${op.operationId}: ${fixed.why}`);
      continue;
    }
    const body = forced.body as { message: string; status: number; errors: Record<string, string[]> };
    const [field, ...rest] = Object.keys(body.errors ?? {});
    t.ok(field && fields.includes(field), `${op.operationId}: ${field} is one of ${fields.join(', ')}`);
    t.same(rest, [], `${op.operationId}: one field`);
    t.equal(body.message, body.errors[field!]?.[0], `${op.operationId}: the message is the field's first`);
    t.match(body.message, `The ${field!.replace(/_/g, ' ')} field `, `${op.operationId}: in Laravel's words`);
    // What the mock says to a real request that breaks the rule the example names.
    const example = { ...((op.requestBody?.examples[0] ?? {}) as Record<string, unknown>) };
    if (body.message.endsWith('field is required.')) delete example[field!];
    else example[field!] = 0;
    const real = await call({}, example);
    t.same([real.status, real.body], [422, body], `${op.operationId}: the example is what a real refusal says`);
  }
});
