// A type test, checked by `npm run typecheck` (tsc includes test/**), never
// run: a typo in a request body is a type error. Each `@ts-expect-error` line
// differs from a call that compiles by one misspelt key, so it fails for that
// key alone; should the client accept the typo again, the directive is unused
// and the type check fails.
import type { Exact, RequestBodyOf } from '../../client/exact.js';
import { createClient } from '../../client/index.js';
import type { paths } from '../../spec/types.gen.js';

const api = createClient({ baseUrl: 'http://127.0.0.1:4010', platform: 'WEB' });

const signin = { email: 'demo@example.com', password: 'demo-password', platform: 'IOS' } as const;
const signup = { name: 'Ana', email: 'ana@example.com', password: 'secret-password' };
const list = { keyword: '', page: 1, limit: 10 };
const update = { client_id: 1, name: 'Ana', surname: 'Lima', email: 'ana@example.com', zip_code: '1000' };
const awning = { client_id: 1, room_id: 2, awning_type: 'retractable', width: 300, projection: 250 } as const;
const form = {
  user_id: 1,
  client_id: 1,
  room_id: 2,
  measurement_type_id: 1,
  unit_type: 'cm',
  window_name: 'Kitchen',
  focus_width: '120',
} as const;
const passwords = { current_password: 'a', new_password: 'b', new_password_confirmation: 'b' };
const reset = { params: { path: { token: 't' } } };
const newPassword = { email: 'a@b.c', password: 'p', password_confirmation: 'p' };

export async function correctCallsCompile() {
  await api.POST('/user/signin', { body: signin });
  await api.POST('/user/signup', { body: signup });
  await api.POST('/user/qrcode_signin', { body: { qr_code: 'q', platform: 'ANDROID' } });
  await api.POST('/user/forgot_password', { body: { email: 'a@b.c' } });
  await api.POST('/user/reset_password/{token}', { ...reset, body: newPassword });
  await api.POST('/user/update_password', { body: { email: 'a@b.c', ...passwords } });
  await api.POST('/client/list', { body: list });
  await api.POST('/client/list', { body: {} });
  await api.POST('/client/user_client', { body: { company_name: 'Demo Blinds Co', page: 2 } });
  await api.POST('/client/update', { body: update });
  await api.POST('/client/update', { body: { ...update, end_client_known: true, lead_source_id: null } });
  await api.POST('/client/delete', { body: { client_id: 1 } });
  await api.POST('/measurements/awning_measurement_add_edit', { body: awning });
  await api.POST('/measurements/single_window_photo_add_edit', { body: { ...form, w_top: '1', custom_field: [] } });
  await api.POST('/measurements/specialty_window_add_edit', {
    body: { ...form, window_type: 3, custom_field: { x: 1 } },
  });
  await api.POST('/measurements/series_window_with_draperies_add_edit', { body: { ...form, 'middle_a-b_width': '2' } });
  await api.POST('/room/get', { body: { client_id: 1, room_id: 2 } });
  await api.POST('/room/get-by-client-id', { body: { client_id: 1 } });
  await api.POST('/user/get_profile');
  await api.POST('/user/logout', { body: {} });
  await api.POST('/countries/index', { body: {} });
  for await (const page of api.pages('/client/list', list)) void page;
}

export async function typosAreTypeErrors() {
  // @ts-expect-error platfrom for platform
  await api.POST('/user/signin', { body: { ...signin, platfrom: 'WEB' } });
  // @ts-expect-error surename for surname
  await api.POST('/user/signup', { body: { ...signup, surename: 'Lima' } });
  // @ts-expect-error device_tokn for device_token
  await api.POST('/user/qrcode_signin', { body: { qr_code: 'q', device_tokn: 'd' } });
  // @ts-expect-error emial for email
  await api.POST('/user/forgot_password', { body: { email: 'a@b.c', emial: 'a@b.c' } });
  // @ts-expect-error password_confirm for password_confirmation
  await api.POST('/user/reset_password/{token}', { ...reset, body: { ...newPassword, password_confirm: 'p' } });
  // @ts-expect-error new_pasword for new_password
  await api.POST('/user/update_password', { body: { email: 'a@b.c', ...passwords, new_pasword: 'c' } });
  // @ts-expect-error limt for limit
  await api.POST('/client/list', { body: { limt: 10 } });
  // @ts-expect-error pgae for page
  await api.POST('/client/user_client', { body: { company_name: 'Demo Blinds Co', pgae: 2 } });
  // @ts-expect-error zipcode for zip_code
  await api.POST('/client/update', { body: { ...update, zipcode: '1000' } });
  // @ts-expect-error clientId for client_id
  await api.POST('/client/delete', { body: { client_id: 1, clientId: 1 } });
  // @ts-expect-error widht for width
  await api.POST('/measurements/awning_measurement_add_edit', { body: { ...awning, widht: 300 } });
  // @ts-expect-error w_tpo for w_top
  await api.POST('/measurements/single_window_photo_add_edit', { body: { ...form, w_tpo: '1' } });
  // @ts-expect-error windowtype for window_type
  await api.POST('/measurements/specialty_window_add_edit', { body: { ...form, window_type: 3, windowtype: 3 } });
  // @ts-expect-error middle_a_b_width for middle_a-b_width
  await api.POST('/measurements/series_window_with_draperies_add_edit', { body: { ...form, middle_a_b_width: '2' } });
  // @ts-expect-error roomid for room_id
  await api.POST('/room/get', { body: { client_id: 1, room_id: 2, roomid: 2 } });
  // @ts-expect-error clinet_id for client_id
  await api.POST('/room/get-by-client-id', { body: { client_id: 1, clinet_id: 1 } });
  // An operation without a body ignores what it is sent: it names no field to send.
  // @ts-expect-error all: logout ends the presented token only
  await api.POST('/user/logout', { body: { all: true } });
  // @ts-expect-error country: the list is not filtered
  await api.POST('/countries/index', { body: { country: 'PT' } });
  // request(method, ...) is held as POST is.
  await api.request('post', '/client/list', { body: list });
  // @ts-expect-error limt for limit, through request()
  await api.request('post', '/client/list', { body: { limt: 10 } });
  // A body built beforehand is held to the same shape as a literal.
  const built = { ...list, limt: 10 };
  // @ts-expect-error limt for limit
  await api.POST('/client/list', { body: built });
  // @ts-expect-error limt for limit, in a paged walk
  for await (const page of api.pages('/client/list', { ...list, limt: 10 })) void page;
}

// Exact at any depth, against unions and arrays, should bodies grow nested; a value
// is held to Exact<its own type, Shape>, as POST holds the body it infers.
type Shape = { room: { name: string; sizes?: { w: number }[] }; tag: string | { id: number } };
const nested = { room: { name: 'a', sizes: [{ w: 1 }] }, tag: { id: 1 } };
export const exactNested: Exact<typeof nested, Shape> = nested;
const deepTypo = { room: { name: 'a', naem: 'a' }, tag: 'x' };
// @ts-expect-error naem for name, one level down
export const deepTypoRefused: Exact<typeof deepTypo, Shape> = deepTypo;
const elementTypo = { room: { name: 'a', sizes: [{ w: 1, h: 2 }] }, tag: { id: 1 } };
// @ts-expect-error h for w, in an array's element
export const elementTypoRefused: Exact<typeof elementTypo, Shape> = elementTypo;
const unionTypo = { room: { name: 'a' }, tag: { id: 1, ids: 2 } };
// @ts-expect-error ids for id, in a member of a union
export const unionTypoRefused: Exact<typeof unionTypo, Shape> = unionTypo;

// Every operation whose body names its fields refuses a key it does not name (the
// bodies of {} and of no body, an index signature or `unknown`, are tried above).
type NamesFields<B> = [B] extends [never] ? false : unknown extends B ? false : string extends keyof B ? false : true;
type BodyPaths = {
  [P in keyof paths]: NamesFields<RequestBodyOf<paths[P]['post']>> extends true ? P : never;
}[keyof paths];
type Leaky = {
  [P in BodyPaths]: RequestBodyOf<paths[P]['post']> & { typo: 1 } extends Exact<
    RequestBodyOf<paths[P]['post']> & { typo: 1 },
    RequestBodyOf<paths[P]['post']>
  >
    ? P
    : never;
}[BodyPaths];
export const noOperationTakesATypo: [Leaky] extends [never] ? true : Leaky = true;
// Not vacuous: the operations above are the ones that take a body, all of them.
export const bodyPaths: Record<BodyPaths, true> = {
  '/user/signin': true,
  '/user/signup': true,
  '/user/qrcode_signin': true,
  '/user/forgot_password': true,
  '/user/reset_password/{token}': true,
  '/user/update_password': true,
  '/client/list': true,
  '/client/user_client': true,
  '/client/update': true,
  '/client/delete': true,
  '/measurements/awning_measurement_add_edit': true,
  '/measurements/single_window_photo_add_edit': true,
  '/measurements/specialty_window_add_edit': true,
  '/measurements/series_window_with_draperies_add_edit': true,
  '/room/get': true,
  '/room/get-by-client-id': true,
};
