// The shape of a state file. API records are checked against the spec's own
// component schemas; the mock's internal records against the schemas here.
import type { JsonSchema, LoadedSpec } from '../spec/load.js';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const record = (required: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  required: Object.keys(required),
  properties: required,
});
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

export function stateSchema(spec: LoadedSpec): JsonSchema {
  const c = spec.document.components.schemas as Record<string, JsonSchema>;
  const world = record({
    companies: list(record({ id: int, name: str })),
    users: list(
      record({
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
      }),
    ),
    subscriptions: list(
      record({ id: int, user_id: int, plan_id: int, status: { const: 'active' }, started_at: str, expires_at: str }),
    ),
    leadSources: list(record({ id: int, name: str, email: { type: ['string', 'null'] } })),
    clients: list({ allOf: [c.Client!, record({ phone: str })] }),
    rooms: list(c.Room!),
    measurements: list(
      record({
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
      }),
    ),
    countries: list(c.Country!),
    plans: list(c.Plan!),
    adminRoomTypes: list(c.AdminRoomType!),
    measurementTypes: list(c.MeasurementType!),
    settings: list(c.Setting!),
    howItWorks: list(c.HowItWorksStep!),
  });
  return record({
    version: { const: 1 },
    world,
    sessions: list(record({ token: str, user_id: int, platform: str, device_token: str, created_at: str })),
    resetTokens: list(record({ token: str, user_id: int })),
    outbox: list(record({ to: str, subject: str, reset_token: str, sent_at: str })),
  });
}
