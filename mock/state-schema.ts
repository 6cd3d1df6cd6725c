// The shape of a state file (version 2). API records are checked against the spec's own
// component schemas; the mock's internal records against the schemas here.
import { MAX_CLIENTS } from '../fixtures/world.js';
import type { JsonSchema, LoadedSpec } from '../spec/load.js';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const record = (required: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  required: Object.keys(required),
  properties: required,
});
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

const user = record({
  id: int,
  name: str,
  surname: str,
  email: str,
  phone_no: { type: ['string', 'null'] },
  profile_image: str,
  company_id: int,
  created_at: str,
  password_hash: str,
  active: { type: 'boolean' },
});
const subscription = record({
  id: int,
  user_id: int,
  plan_id: int,
  status: { const: 'active' },
  started_at: str,
  expires_at: str,
});
const measurement = record({
  id: int,
  kind: { enum: ['single_window_photo', 'series_window', 'specialty_window', 'awning'] },
  measurement_type_id: int,
  user_id: int,
  client_id: int,
  room_id: { type: ['integer', 'null'] },
  group_id: int,
  window_name: str,
  created_at: str,
  fields: { type: 'object' },
});

/** A version 2 state file: the world's seed and size, the API's writes over it, and the sessions. */
export function stateSchema(spec: LoadedSpec): JsonSchema {
  const c = spec.document.components.schemas as Record<string, JsonSchema>;
  const overlay = record({
    companies: list(record({ id: int, name: str })),
    users: list(user),
    subscriptions: list(record({ user_id: int, subscription: { anyOf: [{ type: 'null' }, subscription] } })),
    clients: list(
      record({ id: int, record: { anyOf: [{ type: 'null' }, { allOf: [c.Client!, record({ phone: str })] }] } }),
    ),
    measurements: list(measurement),
  });
  return record({
    version: { const: 2 },
    seed: { type: 'integer', minimum: 0 },
    clients: { type: 'integer', minimum: 1, maximum: MAX_CLIENTS },
    overlay,
    sessions: list(record({ token: str, user_id: int, platform: str, device_token: str, created_at: str })),
    resetTokens: list(record({ token: str, user_id: int })),
    outbox: list(record({ to: str, subject: str, reset_token: str, sent_at: str })),
  });
}
