// The four add/edit operations create or update records that show in room/get.
import t, { type Test } from 'tap';
import { bearer, testMock } from '../helpers/mock.js';
import { clientsOf } from '../helpers/world.js';

type Entry = {
  measurement_id: number;
  window_name: string;
  measurement_type_id: number;
  measurement_type_name: string;
  group_id: number;
  room_id: number;
};

async function setup(t: Test) {
  const mock = await testMock(t);
  const token = await mock.signin();
  const client = clientsOf(mock.app.mock.store).find((c) => c.user_id === 1)!;
  const room = mock.app.mock.store.roomsOfClient(client.id)[0]!;
  const entries = async () =>
    (
      (await mock.post('/room/get', { client_id: client.id, room_id: room.id }, bearer(token))).body as {
        data: Entry[];
      }
    ).data;
  const base = { user_id: 1, client_id: client.id, room_id: room.id, unit_type: 'cm', window_name: 'Test window' };
  return { mock, token, client, room, entries, base };
}

const forms = [
  ['/measurements/single_window_photo_add_edit', 1, { w_top: '90.2' }],
  [
    '/measurements/series_window_with_draperies_add_edit',
    2,
    { 'window_a-e_outside_width': '300.5', number_in_series: '1' },
  ],
  ['/measurements/specialty_window_add_edit', 3, { window_type: 2, a: '120' }],
] as const;

t.test('each window form adds (id 0 or absent) and edits (existing id)', async (t) => {
  for (const [path, typeId, extra] of forms) {
    const { mock, token, entries, base } = await setup(t);
    const before = await entries();
    const add = await mock.post(path, { ...base, id: 0, measurement_type_id: typeId, ...extra }, bearer(token));
    t.same(add.body, { message: 'Measurement added successfully!', data: [] }, `${path} add`);
    const added = (await entries()).filter((e) => !before.some((b) => b.measurement_id === e.measurement_id));
    t.equal(added.length, 1, 'one new entry in room/get');
    t.equal(added[0]!.measurement_type_id, typeId);
    t.equal(added[0]!.window_name, 'Test window');
    const noId = { ...base, measurement_type_id: typeId, ...extra, window_name: 'Second' };
    t.equal((await mock.post(path, noId, bearer(token))).status, 200, 'absent id adds too');
    const edit = await mock.post(
      path,
      { ...base, id: added[0]!.measurement_id, measurement_type_id: typeId, ...extra, window_name: 'Edited' },
      bearer(token),
    );
    t.equal(edit.status, 200);
    const now = await entries();
    t.equal(now.length, before.length + 2, 'the edit did not add');
    t.equal(now.find((e) => e.measurement_id === added[0]!.measurement_id)!.window_name, 'Edited');
    t.equal(mock.app.mock.store.measurement(added[0]!.measurement_id)!.fields.unit_type, 'cm');
  }
});

t.test('window forms refuse what a real backend would', async (t) => {
  const { mock, token, base, client } = await setup(t);
  const path = '/measurements/single_window_photo_add_edit';
  const cases: Array<[string, Record<string, unknown>, number, string]> = [
    [
      'missing window_name',
      { ...base, measurement_type_id: 1, window_name: undefined },
      422,
      'The window name field is required.',
    ],
    [
      'unknown unit',
      { ...base, measurement_type_id: 1, unit_type: 'furlong' },
      422,
      'The selected unit type is invalid.',
    ],
    [
      'string client id (not only digits)',
      { ...base, measurement_type_id: 1, client_id: `${client.id}.0` },
      422,
      'The client id field must be an integer.',
    ],
    ['unknown client', { ...base, measurement_type_id: 1, client_id: 999_999 }, 404, 'Client not found.'],
    ['room of another client', { ...base, measurement_type_id: 1, room_id: 999_999 }, 404, 'Room not found.'],
    ['unknown measurement id', { ...base, measurement_type_id: 1, id: 999_999 }, 404, 'Measurement not found.'],
    [
      'user of another company',
      { ...base, measurement_type_id: 1, user_id: 5 },
      422,
      'The selected user id is invalid.',
    ],
    [
      'unknown measurement type',
      { ...base, measurement_type_id: 99 },
      422,
      'The selected measurement type id is invalid.',
    ],
    [
      'custom_field as a string',
      { ...base, measurement_type_id: 1, custom_field: 'x' },
      422,
      'The custom field field is invalid.',
    ],
  ];
  for (const [what, body, status, message] of cases) {
    const r = await mock.post(path, JSON.parse(JSON.stringify(body)), bearer(token));
    t.equal(r.status, status, what);
    t.equal((r.body as { message: string }).message, message, what);
  }
  const spec = await mock.post(
    '/measurements/specialty_window_add_edit',
    { ...base, measurement_type_id: 3 },
    bearer(token),
  );
  t.same((spec.body as { errors: object }).errors, { window_type: ['The window type field is required.'] });
});

t.test('awning: add, edit, its own failure shape, and it shows in its room', async (t) => {
  const { mock, token, client, room, entries } = await setup(t);
  const path = '/measurements/awning_measurement_add_edit';
  const add = await mock.post(
    path,
    {
      client_id: client.id,
      room_id: room.id,
      awning_type: 'stationary',
      width: 180,
      projection: 96,
      mount_height: 100,
    },
    bearer(token),
  );
  t.equal(add.status, 200);
  const saved = add.body as {
    status: string;
    data: { id: number; awning_type: string; dimensions: Record<string, number> };
  };
  t.same(saved.data.dimensions, { width: 180, projection: 96, mount_height: 100 });
  t.equal(saved.status, 'success');
  const edit = await mock.post(path, { id: saved.data.id, client_id: client.id, width: 200 }, bearer(token));
  t.same((edit.body as typeof saved).data, {
    id: saved.data.id,
    awning_type: 'stationary',
    dimensions: { width: 200, projection: 96, mount_height: 100 },
  });
  const entry = (await entries()).find((e) => e.measurement_id === saved.data.id);
  t.equal(entry?.measurement_type_name, 'Awning');
  for (const body of [{}, { client_id: client.id, awning_type: 'folding' }, { client_id: client.id, width: 'wide' }]) {
    const r = await mock.post(path, body, bearer(token));
    t.same([r.status, r.body], [422, { status: 'error', message: 'Validation failed' }], JSON.stringify(body));
  }
  t.same((await mock.post(path, { client_id: 999_999 }, bearer(token))).body, {
    status: 'error',
    message: 'Client not found.',
  });
});

t.test(
  'awning without room_id: kept under its client, shown by no read until an edit files it in a room',
  async (t) => {
    const { mock, token, client, room, entries } = await setup(t);
    const path = '/measurements/awning_measurement_add_edit';
    const add = await mock.post(path, { client_id: client.id, awning_type: 'retractable', width: 120 }, bearer(token));
    t.equal(add.status, 200, 'accepted: the document requires only client_id');
    const id = (add.body as { data: { id: number } }).data.id;
    const inRooms = async () => {
      const found: number[] = [];
      for (const r of mock.app.mock.store.roomsOfClient(client.id)) {
        const listed = await mock.post('/room/get', { client_id: client.id, room_id: r.id }, bearer(token));
        if ((listed.body as { data: Entry[] }).data.some((e) => e.measurement_id === id)) found.push(r.id);
      }
      return found;
    };
    t.same(await inRooms(), [], 'no room/get of its client lists it');
    const rooms = await mock.post('/room/get-by-client-id', { client_id: client.id }, bearer(token));
    t.same(
      (rooms.body as { data: Array<{ id: number }> }).data.map((r) => r.id),
      mock.app.mock.store.roomsOfClient(client.id).map((r) => r.id),
      'room/get-by-client-id lists the rooms, nothing else',
    );
    const echo = await mock.post(path, { id, client_id: client.id }, bearer(token));
    t.same(
      (echo.body as { data: unknown }).data,
      { id, awning_type: 'retractable', dimensions: { width: 120, projection: 0, mount_height: 0 } },
      'an edit by its id answers with its stored fields',
    );
    await mock.post(path, { id, client_id: client.id, room_id: room.id }, bearer(token));
    t.same(await inRooms(), [room.id], 'filed in a room by an edit, room/get lists it');
    t.ok((await entries()).some((e) => e.measurement_id === id));
    await mock.post(path, { id, client_id: client.id, width: 130 }, bearer(token));
    t.same(await inRooms(), [room.id], 'an edit without room_id keeps its room');
  },
);

t.test(
  "regression: blank optional fields as the document's sample sends them; an awning type on a window form is a 422",
  async (t) => {
    const { mock, token, base } = await setup(t);
    const path = '/measurements/single_window_photo_add_edit';
    const blank = await mock.post(
      path,
      { ...base, measurement_type_id: 1, mount_type: '', note: '', focus_width: '' },
      bearer(token),
    );
    t.equal(blank.status, 200, `mount_type "": ${JSON.stringify(blank.body)}`);
    t.equal(
      (await mock.post(path, { ...base, measurement_type_id: 1, mount_type: null }, bearer(token))).status,
      200,
      'mount_type null',
    );
    t.equal(
      (await mock.post(path, { ...base, measurement_type_id: 1, mount_type: 'sideways' }, bearer(token))).status,
      422,
      'an unknown mount still refused',
    );
    const awning = await mock.post(path, { ...base, measurement_type_id: 4 }, bearer(token));
    t.equal(awning.status, 422);
    t.same(awning.body, {
      message: 'The selected measurement type id is invalid.',
      status: 422,
      errors: { measurement_type_id: ['The selected measurement type id is invalid.'] },
    });
  },
);
