// RoomController and MeasurementController (§4.7-§4.12): the three form
// add/edit operations share one DTO base; awnings have their own shape.
import { ApiError, type Ctx, isoMicros, nowMicros, ok, sendJson } from './http.js';
import { type Bound, bind, type Dto, type Field, int, str } from './jackson.js';
import { type App, always, caller, companyClient, type Route } from './route.js';
import { MEASUREMENT_TYPES, type Measurement } from './store.js';

const S: Field = { type: 'string' };
const strings = (names: string[]): Dto => Object.fromEntries(names.map((n) => [n, S]));

const SHARED: Dto = {
  id: { type: 'int', min: 0 },
  user_id: { type: 'int', required: true },
  client_id: { type: 'int', required: true },
  room_id: { type: 'int', required: true },
  measurement_type_id: { type: 'int', required: true },
  unit_type: { type: 'string', required: true },
  window_name: { type: 'string', required: true },
  ...strings([
    'mount_type',
    'focus_width',
    'focus_width_key',
    'focus_height',
    'focus_height_key',
    'for_shutter',
    'square_feet',
    'min_value_fields',
    'note',
    'offset_value',
    'offset_value_keys',
    'installation_instructions',
  ]),
  note: { type: 'string', max: 2000 },
  installation_instructions: { type: 'string', max: 2000 },
  total_custom_fields: { type: 'int', min: 0 },
  custom_field: { type: 'any' },
};

const SINGLE = strings(
  'w_top w_middle w_bottom h_left h_middle h_right d_sill left_edge_w right_edge_w top_edge_to_ceiling_h bottom_edge_to_floor_h middle_a_w middle_b_w middle_c_w wall_to_wall_w floor_to_ceiling_h bottom_trim_to_floor measurement_unique_id'.split(
    ' ',
  ),
);
const SPECIALTY: Dto = {
  window_type: { type: 'int', required: true },
  ...strings('a b c d e f g h i j k l w r w1 h1 d1 x1 b1 w2 h2 d2 x2 b2'.split(' ')),
};
const perWindow = ['a', 'b', 'c', 'd', 'e'].flatMap((x) =>
  ['w_top', 'w_middle', 'w_bottom', 'h_left', 'h_middle', 'h_right', 'sill_depth'].map((s) => `window_${x}_${s}`),
);
const SERIES = strings([
  ...'floor_to_ceiling floor_to_trim floor_to_sill wall_to_wall left_wall_to_window left_wall_to_trim right_wall_to_window right_wall_to_trim trim_width'.split(
    ' ',
  ),
  ...['a-b', 'b-c', 'c-d', 'd-e'].flatMap((s) => [`middle_${s}_width`, `middle_${s}_trim_to_trim`]),
  ...'window_a_to_break window_b_to_break window_d_to_break window_e_to_break top_trim_to_obstruction top_trim_to_curtain_rod top_trim_to_molding top_trim_to_ceiling curtain_rod_length curtain_rod_to_floor'.split(
    ' ',
  ),
  ...['a-e', 'a_c', 'a-d', 'a_b'].flatMap((s) => [`window_${s}_outside_width`, `window_${s}_outside_height`]),
  'window_outside_width',
  'window_outside_height',
  ...perWindow,
  ...'number_in_series square_feet2 square_feet3 square_feet4 square_feet5'.split(' '),
]);

function saveForm(ctx: Ctx, app: App, b: Bound): void {
  const me = caller(ctx);
  const client = companyClient(ctx, b.client_id as number);
  const roomId = b.room_id as number;
  const room = app.store.rooms.find((r) => r.id === roomId && r.clientId === client.id);
  if (!room) throw new ApiError(404, `Room not found with id: ${roomId}`);
  const typeId = b.measurement_type_id as number;
  if (!MEASUREMENT_TYPES.some((t) => t.id === typeId)) {
    throw new ApiError(404, `MeasurementType not found with id: ${typeId}`);
  }
  const fields = { ...b };
  const id = int(b, 'id') ?? 0;
  const windowName = str(b, 'window_name') ?? '';
  if (id > 0) {
    const m = app.store.measurements.find((x) => x.id === id && x.clientId === client.id);
    if (!m) throw new ApiError(404, `Measurement not found with id: ${id}`);
    Object.assign(m, { roomId, measurementTypeId: typeId, windowName, fields });
  } else {
    const sameKind = app.store.measurements.find((x) => x.roomId === roomId && x.measurementTypeId === typeId);
    const groups = app.store.measurements.filter((x) => x.roomId === roomId).map((x) => x.groupId);
    const m: Measurement = {
      id: app.store.nextId('measurement'),
      roomId,
      clientId: client.id,
      userId: me.id,
      measurementTypeId: typeId,
      windowName,
      groupId: sameKind?.groupId ?? Math.max(0, ...groups) + 1,
      createdAtMicros: nowMicros(),
      fields,
    };
    app.store.measurements.push(m);
  }
  ok(ctx, 'Measurement added successfully!');
}

const form =
  (className: string, extra: Dto) =>
  (ctx: Ctx, app: App): void =>
    saveForm(ctx, app, bind(ctx, className, { ...SHARED, ...extra }));

const AWNING: Dto = {
  client_id: { type: 'int', required: true },
  awning_type: { type: 'string', oneOf: ['retractable', 'stationary'] },
  width: { type: 'int', min: 0 },
  projection: { type: 'int', min: 0 },
  mount_height: { type: 'int', min: 0 },
};

function awning(ctx: Ctx, app: App): void {
  const b = bind(ctx, 'AwningMeasurementRequest', AWNING);
  const client = companyClient(ctx, b.client_id as number);
  // Primitive int columns: an absent dimension is stored as 0.
  const a = {
    id: app.store.nextId('awning'),
    clientId: client.id,
    awningType: str(b, 'awning_type') ?? 'retractable',
    width: int(b, 'width') ?? 0,
    projection: int(b, 'projection') ?? 0,
    mountHeight: int(b, 'mount_height') ?? 0,
  };
  app.store.awnings.push(a);
  sendJson(ctx, 200, {
    status: 'success',
    data: {
      id: ctx.sw.has('awning-id-string') ? String(a.id) : a.id,
      awning_type: a.awningType,
      dimensions: { width: a.width, projection: a.projection, mount_height: a.mountHeight },
    },
  });
}

function roomGet(ctx: Ctx, app: App): void {
  const b = bind(ctx, 'RoomGetRequest', {
    client_id: { type: 'int', required: true },
    room_id: { type: 'int', required: true },
  });
  const client = companyClient(ctx, b.client_id as number);
  const room = app.store.rooms.find((r) => r.id === b.room_id && r.clientId === client.id);
  const entries = app.store.measurements
    .filter((m) => room && m.roomId === room.id)
    .sort((x, y) => x.id - y.id)
    .map((m) => {
      const entry: Record<string, unknown> = {
        room_id: m.roomId,
        admin_room_id: room?.adminRoomId ?? null,
        measurement_type_id: m.measurementTypeId,
        measurement_type_name: MEASUREMENT_TYPES.find((t) => t.id === m.measurementTypeId)?.name ?? '',
        measurement_id: m.id,
        group_id: m.groupId,
        created_at: isoMicros(m.createdAtMicros),
        window_name: m.windowName,
      };
      if (ctx.sw.has('extra-fields')) entry.created_by = app.store.user(m.userId)?.email ?? null;
      return entry;
    });
  ok(ctx, 'Rooms get successfully.', entries);
}

function roomsByClient(ctx: Ctx, app: App): void {
  const b = bind(ctx, 'RoomsByClientRequest', { client_id: { type: 'int', required: true } });
  const client = companyClient(ctx, b.client_id as number);
  if (ctx.sw.has('rooms-by-client-null')) {
    sendJson(ctx, 200, null);
    return;
  }
  const rooms = app.store.rooms
    .filter((r) => r.clientId === client.id)
    .map((r) => ({
      room_id: r.id,
      client_id: r.clientId,
      admin_room_id: r.adminRoomId,
      room_name: r.name,
      created_at: isoMicros(r.createdAtMicros),
    }));
  ok(ctx, 'Rooms get successfully.', rooms);
}

const post = (path: string, handle: Route['handle']): Route => ({
  path,
  methods: ['POST'],
  auth: true,
  subscription: always,
  handle,
});

export const measureRoutes: Route[] = [
  post('/measurements/awning_measurement_add_edit', awning),
  post('/measurements/single_window_photo_add_edit', form('SingleWindowPhotoRequest', SINGLE)),
  post('/measurements/specialty_window_add_edit', form('SpecialtyWindowRequest', SPECIALTY)),
  post('/measurements/series_window_with_draperies_add_edit', form('SeriesWindowRequest', SERIES)),
  post('/room/get', roomGet),
  post('/room/get-by-client-id', roomsByClient),
];
