// Rooms, measurement forms, and the company's reference reads.
import { type Ctx, defect, deviation, invalid, notFound, passes, send, varchar } from './http.js';
import { ownClient } from './routes-clients.js';

const TYPES = [
  { id: 1, name: 'Single Window With Photo' },
  { id: 2, name: 'Windows In Series With Draperies' },
  { id: 3, name: 'Specialty Window' },
  { id: 4, name: 'Awning' },
];
const ADMIN_ROOMS = [
  { id: 1, name: 'Living Room' },
  { id: 2, name: 'Kitchen' },
  { id: 3, name: 'Bedroom' },
];

const stamped = <T extends object>(rows: T[]) =>
  rows.map((r) => ({ ...r, created_at: '2026-01-05T09:30:00.000000Z', updated_at: '2026-01-05T09:30:00.000000Z' }));

export const measurementTypes = (c: Ctx) =>
  send(c, 200, { message: 'Measurement types get successfully.', data: stamped(TYPES) });
export const adminRooms = (c: Ctx) =>
  send(c, 200, { message: 'Admin rooms get successfully.', data: stamped(ADMIN_ROOMS) });

export function companyUsers(c: Ctx) {
  const data = c.store.members(c.user!.company_id).map((u) => ({
    id: u.id,
    name: `${u.name} ${u.surname}`,
    phone_no: u.phone_no,
    profile_image: u.profile_image ?? 'https://cdn.staging.test/profile/default.png',
    email: u.email,
  }));
  send(c, 200, { message: 'Company users get successfully.', data });
}

export function roomsOfClient(c: Ctx) {
  if (!passes(c, { client_id: ['required', 'integer'] })) return;
  const client = ownClient(c, c.body.client_id);
  if (!client) return;
  const data = c.store.rooms.filter((r) => r.client_id === client.id);
  // The document's sample answer.
  if (!data.length && deviation(c, 'rooms-null')) return send(c, 200, null);
  send(c, 200, { message: 'Rooms get successfully.', data });
}

export function roomMeasurements(c: Ctx) {
  if (!passes(c, { client_id: ['required', 'integer'], room_id: ['required', 'integer'] })) return;
  const client = ownClient(c, c.body.client_id);
  if (!client) return;
  const room = c.store.rooms.find((r) => r.id === c.body.room_id && r.client_id === client.id);
  if (!room) {
    if (deviation(c, 'unknown-client-422')) return invalid(c, { room_id: ['The selected room id is invalid.'] });
    return notFound(c, 'Room not found.');
  }
  const data = c.store.measurements
    .filter((m) => m.room_id === room.id)
    .map((m) => {
      const entry = {
        room_id: room.id,
        admin_room_id: room.admin_room_id,
        measurement_type_id: m.measurement_type_id,
        measurement_type_name: TYPES.find((t) => t.id === m.measurement_type_id)!.name,
        measurement_id: m.id,
        group_id: m.group_id,
        created_at: m.created_at,
        window_name: m.window_name,
      };
      if (!defect(c, 'room-entry-no-group-id')) return entry;
      const { group_id: _g, ...rest } = entry;
      return rest;
    });
  send(c, 200, { message: 'Rooms get successfully.', data });
}

const FORM_RULES = {
  id: ['nullable', 'integer'],
  user_id: ['required', 'integer'],
  client_id: ['required', 'integer'],
  room_id: ['required', 'integer'],
  measurement_type_id: ['required', 'integer'],
  unit_type: ['required', 'string', 'in:inch,cm,mm'],
  mount_type: ['nullable', 'string', 'in:inside,outside,ceiling'],
  window_name: ['required', 'string', 'max:255'],
  total_custom_fields: ['nullable', 'integer'],
  note: ['nullable', 'string', 'max:65535'],
  installation_instructions: ['nullable', 'string', 'max:65535'],
  ...varchar('focus_width', 'focus_width_key', 'focus_height', 'focus_height_key', 'for_shutter', 'square_feet'),
  ...varchar('min_value_fields', 'offset_value', 'offset_value_keys'),
} as const;

/** The three window forms: one controller, the specialty form with its window_type. */
export function windowForm(kind: 'single' | 'specialty' | 'series') {
  return (c: Ctx) => {
    const extra = kind === 'specialty' ? { window_type: ['required', 'integer', 'in:1,2,3,4,5,6,7'] } : {};
    // Every other string the form names is a varchar(255) too.
    const strings = Object.keys(c.body).filter((k) => typeof c.body[k] === 'string' && !(k in FORM_RULES));
    if (!passes(c, { ...FORM_RULES, ...extra, ...varchar(...strings) } as never)) return;
    const cf = c.body.custom_field;
    if (
      cf !== undefined &&
      cf !== null &&
      (typeof cf !== 'object' || (Array.isArray(cf) && cf.length > 0) || Object.keys(cf).length > 100)
    )
      return invalid(c, { custom_field: ['The custom field field must be an array.'] });
    const client = ownClient(c, c.body.client_id);
    if (!client) return;
    if (!c.store.rooms.some((r) => r.id === c.body.room_id && r.client_id === client.id)) {
      if (deviation(c, 'unknown-client-422')) return invalid(c, { room_id: ['The selected room id is invalid.'] });
      return notFound(c, 'Room not found.');
    }
    if (!c.store.members(c.user!.company_id).some((u) => u.id === c.body.user_id))
      return invalid(c, { user_id: ['The selected user id is invalid.'] });
    const id = Number(c.body.id) || 0;
    const existing = c.store.measurements.find((m) => m.id === id && m.client_id === client.id);
    if (existing) existing.window_name = String(c.body.window_name);
    else
      c.store.measurements.push({
        id: 5000 + c.store.measurements.length + 1,
        room_id: Number(c.body.room_id),
        client_id: client.id,
        user_id: Number(c.body.user_id),
        measurement_type_id: Number(c.body.measurement_type_id),
        group_id: c.store.measurements.length + 1,
        window_name: String(c.body.window_name),
        fields: { ...c.body },
        created_at: c.store.now(),
      });
    send(c, 200, { message: 'Measurement added successfully!', data: [] });
  };
}

const awningFailed = (c: Ctx, status: number, message: string) => send(c, status, { status: 'error', message });

export function awning(c: Ctx) {
  const b = c.body;
  const ints = ['id', 'room_id', 'width', 'projection', 'mount_height'];
  const bad =
    !Number.isSafeInteger(b.client_id) ||
    ints.some((k) => b[k] !== undefined && b[k] !== null && !Number.isSafeInteger(b[k])) ||
    (b.awning_type !== undefined &&
      b.awning_type !== null &&
      !['retractable', 'stationary'].includes(b.awning_type as string));
  if (bad) return awningFailed(c, 422, 'Validation failed');
  const client = c.store.liveClients().find((r) => r.id === b.client_id && r.user_id === c.user!.id);
  if (!client) return awningFailed(c, 404, 'Client not found.');
  if (b.room_id != null && !c.store.rooms.some((r) => r.id === b.room_id && r.client_id === client.id))
    return awningFailed(c, 404, 'Room not found.');
  const id = Number(b.id) || 0;
  let row = id ? c.store.awnings.find((a) => a.id === id && a.client_id === client.id) : undefined;
  if (id && !row) return awningFailed(c, 404, 'Awning measurement not found.');
  if (!row) {
    row = {
      id: 700 + c.store.awnings.length + 1,
      client_id: client.id,
      room_id: null,
      awning_type: null,
      width: null,
      projection: null,
      mount_height: null,
    };
    c.store.awnings.push(row);
  }
  for (const k of ['room_id', 'awning_type', 'width', 'projection', 'mount_height'] as const)
    if (b[k] !== undefined) (row as unknown as Record<string, unknown>)[k] = b[k];
  const dim = (v: number | null) => (defect(c, 'awning-dimensions-strings') ? String(v ?? 0) : (v ?? 0));
  send(c, 200, {
    status: 'success',
    data: {
      id: row.id,
      awning_type: row.awning_type ?? 'retractable',
      dimensions: { width: dim(row.width), projection: dim(row.projection), mount_height: dim(row.mount_height) },
    },
  });
}
