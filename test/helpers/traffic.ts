// A session of valid API traffic that reaches every operation of the spec,
// with successes and documented failures (404, 403, 401, 422). Sent through any
// transport: inject() for the Ajv test, a Prism proxy for the Prism test.
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: unknown;
}

export interface Call {
  operationId: string;
  method: 'GET' | 'POST';
  /** Path under /api/v1. */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Recorded extends Call {
  expect: number;
  reply: Reply;
}

export type Send = (call: Call) => Promise<Reply>;
/** Mock controls go straight to the mock (a proxy would not know them). */
export type Control = (method: string, path: string, body?: unknown) => Promise<Reply>;

const WEB = { platform: 'WEB' };
const auth = (token: string) => ({ ...WEB, authorization: `Bearer ${token}` });
const apiToken = (token: string) => ({ ...WEB, 'x-api-token': token });

export async function validTraffic(send: Send, control: Control): Promise<Recorded[]> {
  const log: Recorded[] = [];
  const call = async (expect: number, c: Call): Promise<any> => {
    const reply = await send({ ...c, headers: { ...WEB, ...c.headers } });
    log.push({ ...c, expect, reply });
    return reply.body;
  };

  const signin = (email: string, platform = 'WEB') =>
    call(200, {
      operationId: 'signin',
      method: 'POST',
      path: '/user/signin',
      headers: { platform },
      body: { email, password: 'demo-password', device_token: '', platform },
    });
  const demo: string = (await signin('demo@example.com')).data.api_token;
  const nosub: string = (await signin('nosub@example.com')).data.api_token;
  const phone: string = (
    await call(200, {
      operationId: 'qrcodeSignin',
      method: 'POST',
      path: '/user/qrcode_signin',
      headers: { platform: 'IOS' },
      body: { qr_code: demo, device_token: 'fcm-1', platform: 'IOS' },
    })
  ).data.api_token;
  await call(401, {
    operationId: 'signin',
    method: 'POST',
    path: '/user/signin',
    body: { email: 'demo@example.com', password: 'wrong-password' },
  });

  // A new account goes through the password operations.
  const email = 'traffic.user@example.com';
  await call(200, {
    operationId: 'signup',
    method: 'POST',
    path: '/user/signup',
    body: { name: 'Traffic', surname: 'User', email, password: 'first-password', company_name: 'Traffic Blinds' },
  });
  await call(422, {
    operationId: 'signup',
    method: 'POST',
    path: '/user/signup',
    body: { name: 'Traffic', email, password: 'first-password' },
  });
  await call(200, { operationId: 'forgotPassword', method: 'POST', path: '/user/forgot_password', body: { email } });
  const mail = (await control('GET', '/__mock/mail')).body as { mail: Array<{ to: string; reset_token: string }> };
  const reset = mail.mail.filter((m) => m.to === email).at(-1)!.reset_token;
  await call(200, {
    operationId: 'resetPassword',
    method: 'POST',
    path: `/user/reset_password/${reset}`,
    body: { email, password: 'second-password', password_confirmation: 'second-password' },
  });
  await call(422, {
    operationId: 'resetPassword',
    method: 'POST',
    path: `/user/reset_password/${reset}`,
    body: { email, password: 'third-password', password_confirmation: 'third-password' },
  });
  await call(200, {
    operationId: 'updatePassword',
    method: 'POST',
    path: '/user/update_password',
    body: {
      email,
      current_password: 'second-password',
      new_password: 'third-password',
      new_password_confirmation: 'third-password',
    },
  });

  // Public reference operations.
  await call(200, { operationId: 'getSettings', method: 'POST', path: '/user/settings', body: {} });
  await call(200, { operationId: 'listCountries', method: 'POST', path: '/countries/index', body: {} });
  await call(200, { operationId: 'getHowItWorks', method: 'POST', path: '/how-works/get' });

  // Protected reads, with either credential header.
  await call(200, { operationId: 'listPlans', method: 'GET', path: '/plans/index', headers: auth(demo) });
  await call(200, {
    operationId: 'getCurrentPlan',
    method: 'POST',
    path: '/transactions/get_user_current_plan',
    headers: apiToken(demo),
    body: {},
  });
  await call(200, {
    operationId: 'getCurrentPlan',
    method: 'POST',
    path: '/transactions/get_user_current_plan',
    headers: auth(nosub),
    body: {},
  });
  await call(200, {
    operationId: 'getProfile',
    method: 'POST',
    path: '/user/get_profile',
    headers: auth(phone),
    body: {},
  });
  await call(200, {
    operationId: 'listCompanyUsers',
    method: 'POST',
    path: '/user/get_company_user',
    headers: auth(demo),
    body: {},
  });
  await call(200, {
    operationId: 'listMeasurementTypes',
    method: 'POST',
    path: '/room/measurement_type',
    headers: apiToken(demo),
    body: {},
  });
  await call(200, {
    operationId: 'listAdminRoomTypes',
    method: 'POST',
    path: '/adminroom/index',
    headers: auth(demo),
    body: {},
  });
  await call(403, {
    operationId: 'listAdminRoomTypes',
    method: 'POST',
    path: '/adminroom/index',
    headers: auth(nosub),
    body: {},
  });
  await call(401, { operationId: 'listPlans', method: 'GET', path: '/plans/index', headers: auth('made-up-token') });
  await call(401, {
    operationId: 'getProfile',
    method: 'POST',
    path: '/user/get_profile',
    headers: auth('made-up-token'),
    body: {},
  });

  // Clients.
  const list = await call(200, {
    operationId: 'listClients',
    method: 'POST',
    path: '/client/list',
    headers: auth(demo),
    body: { keyword: '', page: 1, limit: 10 },
  });
  await call(200, {
    operationId: 'listClients',
    method: 'POST',
    path: '/client/list',
    headers: auth(demo),
    body: { page: 2 },
  });
  const [first, second] = list.data.data as Array<{ id: number; name: string; surname: string; email: string }>;
  await call(200, {
    operationId: 'listClients',
    method: 'POST',
    path: '/client/list',
    headers: auth(demo),
    body: { keyword: first!.surname },
  });
  await call(403, { operationId: 'listClients', method: 'POST', path: '/client/list', headers: auth(nosub), body: {} });
  await call(200, {
    operationId: 'listCompanyClients',
    method: 'POST',
    path: '/client/user_client',
    headers: auth(demo),
    body: { company_name: 'Demo Blinds Co' },
  });
  await call(404, {
    operationId: 'listCompanyClients',
    method: 'POST',
    path: '/client/user_client',
    headers: auth(demo),
    body: { company_name: 'Solo Shades' },
  });
  await call(200, {
    operationId: 'updateClient',
    method: 'POST',
    path: '/client/update',
    headers: auth(demo),
    body: {
      client_id: first!.id,
      name: first!.name,
      surname: first!.surname,
      email: first!.email,
      city: 'Portland',
      end_client_known: true,
    },
  });
  await call(404, {
    operationId: 'updateClient',
    method: 'POST',
    path: '/client/update',
    headers: auth(demo),
    body: { client_id: 999_999, name: 'A', surname: 'B', email: 'a@example.com' },
  });
  await call(422, {
    operationId: 'updateClient',
    method: 'POST',
    path: '/client/update',
    headers: auth(demo),
    body: { client_id: first!.id, name: 'A', surname: 'B', email: 'a@example.com', lead_source_id: 999 },
  });

  // Rooms and measurements.
  const rooms = await call(200, {
    operationId: 'getRoomsByClientId',
    method: 'POST',
    path: '/room/get-by-client-id',
    headers: auth(demo),
    body: { client_id: first!.id },
  });
  const room: number = rooms.data[0].id;
  await call(404, {
    operationId: 'getRoomsByClientId',
    method: 'POST',
    path: '/room/get-by-client-id',
    headers: auth(demo),
    body: { client_id: 999_999 },
  });
  const base = {
    id: 0,
    user_id: 1,
    client_id: first!.id,
    room_id: room,
    unit_type: 'inch',
    mount_type: 'inside',
    custom_field: [],
    total_custom_fields: 0,
  };
  await call(200, {
    operationId: 'addEditSingleWindowPhotoMeasurement',
    method: 'POST',
    path: '/measurements/single_window_photo_add_edit',
    headers: auth(demo),
    body: { ...base, measurement_type_id: 1, window_name: 'Traffic single', w_top: '35.25', h_left: '51.5' },
  });
  await call(200, {
    operationId: 'addEditSpecialtyWindowMeasurement',
    method: 'POST',
    path: '/measurements/specialty_window_add_edit',
    headers: auth(demo),
    body: { ...base, measurement_type_id: 3, window_name: 'Traffic arch', window_type: 1, w: '48', h: '24' },
  });
  await call(200, {
    operationId: 'addEditSeriesWindowMeasurement',
    method: 'POST',
    path: '/measurements/series_window_with_draperies_add_edit',
    headers: auth(demo),
    body: {
      ...base,
      measurement_type_id: 2,
      window_name: 'Traffic series A',
      number_in_series: '1',
      'middle_a-b_width': '4',
      window_a_w_top: '35',
    },
  });
  const entries = await call(200, {
    operationId: 'getRoomMeasurements',
    method: 'POST',
    path: '/room/get',
    headers: auth(demo),
    body: { client_id: first!.id, room_id: room },
  });
  const single = (entries.data as Array<{ window_name: string; measurement_id: number }>).find(
    (e) => e.window_name === 'Traffic single',
  )!;
  await call(200, {
    operationId: 'addEditSingleWindowPhotoMeasurement',
    method: 'POST',
    path: '/measurements/single_window_photo_add_edit',
    headers: auth(demo),
    body: { ...base, id: single.measurement_id, measurement_type_id: 1, window_name: 'Traffic single (edited)' },
  });
  await call(404, {
    operationId: 'addEditSingleWindowPhotoMeasurement',
    method: 'POST',
    path: '/measurements/single_window_photo_add_edit',
    headers: auth(demo),
    body: { ...base, id: 999_999, measurement_type_id: 1, window_name: 'Ghost' },
  });
  await call(404, {
    operationId: 'getRoomMeasurements',
    method: 'POST',
    path: '/room/get',
    headers: auth(demo),
    body: { client_id: first!.id, room_id: 999_999 },
  });
  const awning = await call(200, {
    operationId: 'addEditAwningMeasurement',
    method: 'POST',
    path: '/measurements/awning_measurement_add_edit',
    headers: auth(demo),
    body: {
      client_id: first!.id,
      room_id: room,
      awning_type: 'retractable',
      width: 144,
      projection: 120,
      mount_height: 96,
    },
  });
  await call(200, {
    operationId: 'addEditAwningMeasurement',
    method: 'POST',
    path: '/measurements/awning_measurement_add_edit',
    headers: auth(demo),
    body: { id: awning.data.id, client_id: first!.id, width: 150 },
  });
  await call(404, {
    operationId: 'addEditAwningMeasurement',
    method: 'POST',
    path: '/measurements/awning_measurement_add_edit',
    headers: auth(demo),
    body: { client_id: 999_999 },
  });

  // Delete, then the client is gone.
  await call(200, {
    operationId: 'deleteClient',
    method: 'POST',
    path: '/client/delete',
    headers: auth(demo),
    body: { client_id: second!.id },
  });
  await call(404, {
    operationId: 'deleteClient',
    method: 'POST',
    path: '/client/delete',
    headers: auth(demo),
    body: { client_id: second!.id },
  });

  // Logging out the phone leaves the web session signed in.
  await call(200, { operationId: 'logout', method: 'POST', path: '/user/logout', headers: auth(phone), body: {} });
  await call(401, {
    operationId: 'getProfile',
    method: 'POST',
    path: '/user/get_profile',
    headers: auth(phone),
    body: {},
  });
  await call(200, {
    operationId: 'getProfile',
    method: 'POST',
    path: '/user/get_profile',
    headers: auth(demo),
    body: {},
  });
  return log;
}
