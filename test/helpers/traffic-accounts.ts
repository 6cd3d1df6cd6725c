// The account part of the traffic session: sign-ins on two platforms, a new
// account through the password operations, the public and protected reads,
// and logging out.
import { apiToken, auth, type Control, type Recorder } from './traffic-recorder.js';

export interface Tokens {
  /** The demo user on the web. */
  demo: string;
  /** A user without a subscription. */
  nosub: string;
  /** The demo user on a phone, signed in by QR code. */
  phone: string;
}

export async function signinTraffic({ post }: Recorder): Promise<Tokens> {
  const signin = (email: string, platform = 'WEB') =>
    post(200, 'signin', '/user/signin', { email, password: 'demo-password', device_token: '', platform }, { platform });
  const demo: string = (await signin('demo@example.com')).data.api_token;
  const nosub: string = (await signin('nosub@example.com')).data.api_token;
  const qr = { qr_code: demo, device_token: 'fcm-1', platform: 'IOS' };
  const scanned = await post(200, 'qrcodeSignin', '/user/qrcode_signin', qr, { platform: 'IOS' });
  const phone: string = scanned.data.api_token;
  await post(401, 'signin', '/user/signin', { email: 'demo@example.com', password: 'wrong-password' });
  return { demo, nosub, phone };
}

/** A new account goes through the password operations. */
export async function passwordTraffic({ post }: Recorder, control: Control): Promise<void> {
  const email = 'traffic.user@example.com';
  const account = {
    name: 'Traffic',
    surname: 'User',
    email,
    password: 'first-password',
    company_name: 'Traffic Blinds',
  };
  await post(200, 'signup', '/user/signup', account);
  await post(422, 'signup', '/user/signup', { name: 'Traffic', email, password: 'first-password' });
  await post(200, 'forgotPassword', '/user/forgot_password', { email });
  const mail = (await control('GET', '/__mock/mail')).body as { mail: Array<{ to: string; reset_token: string }> };
  const reset = mail.mail.filter((m) => m.to === email).at(-1)!.reset_token;
  const second = { email, password: 'second-password', password_confirmation: 'second-password' };
  await post(200, 'resetPassword', `/user/reset_password/${reset}`, second);
  const third = { email, password: 'third-password', password_confirmation: 'third-password' };
  await post(422, 'resetPassword', `/user/reset_password/${reset}`, third);
  await post(200, 'updatePassword', '/user/update_password', {
    email,
    current_password: 'second-password',
    new_password: 'third-password',
    new_password_confirmation: 'third-password',
  });
}

/** Public reference operations, then protected reads with either credential header. */
export async function readTraffic({ call, post }: Recorder, { demo, nosub, phone }: Tokens): Promise<void> {
  await post(200, 'getSettings', '/user/settings', {});
  await post(200, 'listCountries', '/countries/index', {});
  await post(200, 'getHowItWorks', '/how-works/get');

  await call(200, { operationId: 'listPlans', method: 'GET', path: '/plans/index', headers: auth(demo) });
  await post(200, 'getCurrentPlan', '/transactions/get_user_current_plan', {}, apiToken(demo));
  await post(200, 'getCurrentPlan', '/transactions/get_user_current_plan', {}, auth(nosub));
  await post(200, 'getProfile', '/user/get_profile', {}, auth(phone));
  await post(200, 'listCompanyUsers', '/user/get_company_user', {}, auth(demo));
  await post(200, 'listMeasurementTypes', '/room/measurement_type', {}, apiToken(demo));
  await post(200, 'listAdminRoomTypes', '/adminroom/index', {}, auth(demo));
  await post(403, 'listAdminRoomTypes', '/adminroom/index', {}, auth(nosub));
  await call(401, { operationId: 'listPlans', method: 'GET', path: '/plans/index', headers: auth('made-up-token') });
  await post(401, 'getProfile', '/user/get_profile', {}, auth('made-up-token'));
}

/** Logging out the phone leaves the web session signed in. */
export async function logoutTraffic({ post }: Recorder, { demo, phone }: Tokens): Promise<void> {
  await post(200, 'logout', '/user/logout', {}, auth(phone));
  await post(401, 'getProfile', '/user/get_profile', {}, auth(phone));
  await post(200, 'getProfile', '/user/get_profile', {}, auth(demo));
}
