// The client part of the traffic session: listing, searching, the company
// listing, updates, then rooms and measurements of the first client, and
// finally a delete.
import { auth, type Recorder } from './traffic-recorder.js';

export interface SeenClient {
  id: number;
  name: string;
  surname: string;
  email: string;
}

/** Lists, searches and updates; returns the first two listed clients. */
export async function clientTraffic(
  { post }: Recorder,
  demo: string,
  nosub: string,
): Promise<[SeenClient, SeenClient]> {
  const list = await post(200, 'listClients', '/client/list', { keyword: '', page: 1, limit: 10 }, auth(demo));
  await post(200, 'listClients', '/client/list', { page: 2 }, auth(demo));
  const [first, second] = list.data.data as SeenClient[];
  await post(200, 'listClients', '/client/list', { keyword: first!.surname }, auth(demo));
  await post(403, 'listClients', '/client/list', {}, auth(nosub));
  await post(200, 'listCompanyClients', '/client/user_client', { company_name: 'Demo Blinds Co' }, auth(demo));
  await post(404, 'listCompanyClients', '/client/user_client', { company_name: 'Solo Shades' }, auth(demo));
  const { id, name, surname, email } = first!;
  const edit = { client_id: id, name, surname, email, city: 'Portland', end_client_known: true };
  await post(200, 'updateClient', '/client/update', edit, auth(demo));
  const stranger = { name: 'A', surname: 'B', email: 'a@example.com' };
  await post(404, 'updateClient', '/client/update', { client_id: 999_999, ...stranger }, auth(demo));
  await post(422, 'updateClient', '/client/update', { client_id: id, ...stranger, lead_source_id: 999 }, auth(demo));
  return [first!, second!];
}

/** Rooms of the client, the three window forms, an edit, and awnings. */
export async function measurementTraffic({ post }: Recorder, demo: string, client: number): Promise<void> {
  const op = (expect: number, operationId: string, path: string, body: unknown) =>
    post(expect, operationId, path, body, auth(demo));
  const rooms = await op(200, 'getRoomsByClientId', '/room/get-by-client-id', { client_id: client });
  const room: number = rooms.data[0].id;
  await op(404, 'getRoomsByClientId', '/room/get-by-client-id', { client_id: 999_999 });
  const base = {
    id: 0,
    user_id: 1,
    client_id: client,
    room_id: room,
    unit_type: 'inch',
    mount_type: 'inside',
    custom_field: [],
    total_custom_fields: 0,
  };
  const single = '/measurements/single_window_photo_add_edit';
  await op(200, 'addEditSingleWindowPhotoMeasurement', single, {
    ...base,
    measurement_type_id: 1,
    window_name: 'Traffic single',
    w_top: '35.25',
    h_left: '51.5',
  });
  await op(200, 'addEditSpecialtyWindowMeasurement', '/measurements/specialty_window_add_edit', {
    ...base,
    measurement_type_id: 3,
    window_name: 'Traffic arch',
    window_type: 1,
    w: '48',
    h: '24',
  });
  await op(200, 'addEditSeriesWindowMeasurement', '/measurements/series_window_with_draperies_add_edit', {
    ...base,
    measurement_type_id: 2,
    window_name: 'Traffic series A',
    number_in_series: '1',
    'middle_a-b_width': '4',
    window_a_w_top: '35',
  });
  const entries = await op(200, 'getRoomMeasurements', '/room/get', { client_id: client, room_id: room });
  const added = (entries.data as Array<{ window_name: string; measurement_id: number }>).find(
    (e) => e.window_name === 'Traffic single',
  )!;
  const edited = { id: added.measurement_id, measurement_type_id: 1, window_name: 'Traffic single (edited)' };
  await op(200, 'addEditSingleWindowPhotoMeasurement', single, { ...base, ...edited });
  const ghost = { id: 999_999, measurement_type_id: 1, window_name: 'Ghost' };
  await op(404, 'addEditSingleWindowPhotoMeasurement', single, { ...base, ...ghost });
  await op(404, 'getRoomMeasurements', '/room/get', { client_id: client, room_id: 999_999 });
  const awningPath = '/measurements/awning_measurement_add_edit';
  const awningBody = {
    client_id: client,
    room_id: room,
    awning_type: 'retractable',
    width: 144,
    projection: 120,
    mount_height: 96,
  };
  const awning = await op(200, 'addEditAwningMeasurement', awningPath, awningBody);
  await op(200, 'addEditAwningMeasurement', awningPath, { id: awning.data.id, client_id: client, width: 150 });
  await op(404, 'addEditAwningMeasurement', awningPath, { client_id: 999_999 });
}

/** Delete, then the client is gone. */
export async function deleteTraffic({ post }: Recorder, demo: string, client: number): Promise<void> {
  await post(200, 'deleteClient', '/client/delete', { client_id: client }, auth(demo));
  await post(404, 'deleteClient', '/client/delete', { client_id: client }, auth(demo));
}
