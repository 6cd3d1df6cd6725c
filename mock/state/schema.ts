// The shape of a state file (versions 2 and 3: the same records; 3 has a log
// beside it, and `n`, the last line of that log its records hold). API records
// are checked against the spec's own component schemas; the mock's internal
// records against the schemas here. A log line's values are checked one by one
// against the schema of the collection they belong to.
import { MAX_CLIENTS } from '../../fixtures/world.js';
import type { JsonSchema, LoadedSpec } from '../../spec/load.js';
import type { Collection } from '../store/changes.js';

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

const session = record({ token: str, user_id: int, platform: str, device_token: str, created_at: str });
const mail = record({ to: str, subject: str, reset_token: str, sent_at: str });

/** Collections whose value may be null: no plan, a deleted client. */
export const NULLABLE: ReadonlySet<Collection> = new Set(['subscriptions', 'clients']);
const orNull = (s: JsonSchema): JsonSchema => ({ anyOf: [{ type: 'null' }, s] });

/** The value a log line may set in each collection, null aside (NULLABLE). */
export function entrySchemas(spec: LoadedSpec): Record<Collection | 'outbox', JsonSchema> {
  const c = spec.document.components.schemas as Record<string, JsonSchema>;
  return {
    companies: record({ id: int, name: str }),
    users: user,
    subscriptions: subscription,
    clients: { allOf: [c.Client!, record({ phone: str })] },
    measurements: measurement,
    sessions: session,
    resetTokens: int,
    outbox: mail,
  };
}

/** A state file: the world's seed and size, the API's writes over it, and the sessions. */
export function stateSchema(spec: LoadedSpec): JsonSchema {
  const e = entrySchemas(spec);
  const overlay = record({
    companies: list(e.companies),
    users: list(e.users),
    subscriptions: list(record({ user_id: int, subscription: orNull(e.subscriptions) })),
    clients: list(record({ id: int, record: orNull(e.clients) })),
    measurements: list(e.measurements),
  });
  const file = record({
    version: { enum: [2, 3] },
    seed: { type: 'integer', minimum: 0 },
    clients: { type: 'integer', minimum: 1, maximum: MAX_CLIENTS },
    overlay,
    sessions: list(e.sessions),
    resetTokens: list(record({ token: str, user_id: e.resetTokens })),
    outbox: list(e.outbox),
  });
  // Version 3 only: the last log line the records hold (lines up to it are stale).
  const n = { type: 'integer', minimum: 0 };
  return { ...file, properties: { ...(file.properties as Record<string, JsonSchema>), n } };
}
