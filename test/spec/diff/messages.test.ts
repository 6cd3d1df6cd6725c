// The messages of spec/diff/ (schema.ts, operations.ts) as the reports show them:
// an absent keyword or name reads "none" / "no fixed value", never "undefined"
// or "null" (which read as a bug of the differ). One row per rendering of an
// absent value.

import t from 'tap';
import { diffSpecs } from '../../../spec/diff/operations.js';
import { type Direction, diffSchema } from '../../../spec/diff/schema.js';
import type { JsonSchema } from '../../../spec/load.js';
import { buildSpec } from '../../../spec/load.js';
import { base, type Doc, list } from '../../helpers/diff-fixture.js';

const rows: Array<[string, JsonSchema, JsonSchema, Direction, string]> = [
  ['const added', { type: 'string' }, { type: 'string', const: 'error' }, 'response', 'no fixed value → "error"'],
  ['const removed', { type: 'string', const: 'error' }, { type: 'string' }, 'response', 'fixed value "error" → none'],
  ['const changed', { const: 422 }, { const: 'error' }, 'response', 'fixed value 422 → "error"'],
  ['const null is a value', { const: null }, { const: 'x' }, 'response', 'fixed value null → "x"'],
  ['pattern added', { type: 'string' }, { type: 'string', pattern: '^a' }, 'request', 'pattern none → "^a"'],
  ['pattern dropped', { type: 'string', pattern: '^a' }, { type: 'string' }, 'response', 'pattern "^a" → none'],
  ['format added', { type: 'string' }, { type: 'string', format: 'email' }, 'request', 'format none → "email"'],
  ['multipleOf dropped', { type: 'number', multipleOf: 2 }, { type: 'number' }, 'response', 'multipleOf 2 → none'],
  ['maxLength added', { type: 'string' }, { type: 'string', maxLength: 9 }, 'request', 'maxLength none → 9'],
  ['minimum dropped', { type: 'number', minimum: 1 }, { type: 'number' }, 'request', 'minimum 1 → none'],
  ['uniqueItems added', { type: 'array' }, { type: 'array', uniqueItems: true }, 'request', 'uniqueItems false → true'],
];

t.test('an absent value in a message: none, never undefined', async (t) => {
  for (const [name, b, h, direction, message] of rows) {
    const messages = diffSchema(b, h, direction).map((c) => c.message);
    t.ok(messages.includes(message), name, { found: messages, wanted: message });
    const nulls = name.includes('null') ? [] : messages.filter((m) => /\bnull\b/.test(m));
    t.same([...messages.filter((m) => m.includes('undefined')), ...nulls], [], `${name}: no undefined or null`);
  }
});

async function messagesOf(mutate: (d: Doc) => void): Promise<string[]> {
  const h = base();
  mutate(h);
  return diffSpecs(await buildSpec(base()), await buildSpec(h)).map((c) => c.message);
}

t.test('operations: a missing operationId and credential-less access are named, not undefined', async (t) => {
  const renamed = await messagesOf((d) => delete list(d).operationId);
  t.ok(renamed.includes('operationId listClients → none (generated clients rename the call)'), { renamed });
  const anonymous = await messagesOf((d) => (list(d).security = [{ bearer: [] }, {}]));
  t.ok(anonymous.includes('requests without credentials are now accepted too'), { anonymous });
  const removed = await messagesOf((d) => {
    const op = list(d);
    delete op.operationId;
    d.paths['/client/list2'] = { post: op };
    delete d.paths['/client/list'];
  });
  t.ok(removed.includes('POST /client/list2 was added'), { removed });
  for (const m of [...renamed, ...anonymous, ...removed]) t.notMatch(m, /undefined|"" are/, m);
});

t.test('regression: a schema made a union that keeps it as a branch is one change of alternatives', async (t) => {
  // The awning operation's 401 went from the {message, status} body to oneOf [that body, {status: "error"}]:
  // the differ compared the union's empty top level with the object and said "message" and "status" were gone.
  const api: JsonSchema = {
    type: 'object',
    required: ['message', 'status'],
    properties: { message: { type: 'string' }, status: { type: 'integer' } },
  };
  const other: JsonSchema = {
    type: 'object',
    required: ['status'],
    properties: { status: { const: 'error' }, message: { type: 'string' } },
  };
  const union: JsonSchema = { oneOf: [api, other] };
  const rows: Array<[string, JsonSchema, JsonSchema, Direction, string, boolean]> = [
    ['response widened', api, union, 'response', '1 alternative → 2 (the old one among them)', true],
    ['request widened', api, union, 'request', '1 alternative → 2 (the old one among them)', false],
    ['response narrowed', union, api, 'response', '2 alternatives → 1 (one of the old ones)', false],
    ['request narrowed', union, api, 'request', '2 alternatives → 1 (one of the old ones)', true],
  ];
  for (const [name, b, h, direction, message, breaking] of rows) {
    const changes = diffSchema(b, h, direction);
    t.same(
      changes.map((c) => [c.message, c.breaking]),
      [[message, breaking]],
      name,
    );
  }
  // A union that does not keep the old schema is still compared field by field.
  const changes = diffSchema(api, { oneOf: [other] }, 'response').map((c) => c.message);
  t.ok(changes.length > 0 && !changes.some((m) => m.includes('(the old one among them)')), 'no branch kept', {
    changes,
  });
});
