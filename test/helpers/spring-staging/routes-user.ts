// AuthController, the public pages, and the reference/profile controllers
// (§4.1, §4.2, §4.13-§4.16). Sign-in issues a JWT; a password change bumps the
// user's token version so every earlier token dies (§3).
import { ApiError, type Ctx, ok, sendJson } from './http.js';
import { bind, type Dto, str } from './jackson.js';
import { type App, always, caller, never, type Route, userView } from './route.js';
import { ADMIN_ROOMS, COUNTRIES, HOW_WORKS, hashPassword, MEASUREMENT_TYPES, PLANS, passwordMatches } from './store.js';

export const PLATFORMS = ['WEB', 'IOS', 'ANDROID'];

const byEmail = (app: App, email: string | undefined) =>
  email === undefined ? undefined : app.store.users.find((u) => u.email.toLowerCase() === email.trim().toLowerCase());

function signin(ctx: Ctx, app: App): void {
  const b = bind(ctx, 'SigninRequest', {
    email: { type: 'string', required: true },
    password: { type: 'string', required: true },
    device_token: { type: 'string', max: 1024 },
    platform: { type: 'string', ...(ctx.sw.has('platform-any-value') ? {} : { oneOf: PLATFORMS }) },
  });
  const user = byEmail(app, str(b, 'email'));
  if (!user || !passwordMatches(user, str(b, 'password') ?? '')) throw new ApiError(401, 'Unauthenticated.');
  const device = str(b, 'device_token');
  if (device) user.deviceTokens.push(device);
  ok(ctx, 'Login successfully.', { api_token: app.tokens.issue(user), user: userView(app.store, user) });
}

function signup(ctx: Ctx, app: App): void {
  const b = bind(ctx, 'SignupRequest', {
    name: { type: 'string', required: true },
    email: { type: 'string', required: true, email: true },
    password: { type: 'string', required: true, max: 72 },
    company_name: { type: 'string' },
    phone_no: { type: 'string' },
    device_token: { type: 'string', max: 1024 },
    platform: { type: 'string' },
  });
  if (byEmail(app, str(b, 'email'))) throw new ApiError(409, 'Email is already registered.');
  const company = {
    id: app.store.nextId('company'),
    name: str(b, 'company_name') ?? `${b.name}'s company`,
    planId: null,
  };
  app.store.companies.push(company);
  const id = app.store.nextId('user');
  app.store.users.push({
    id,
    companyId: company.id,
    name: b.name as string,
    email: (b.email as string).trim(),
    ...hashPassword(b.password as string),
    phoneNo: str(b, 'phone_no') ?? null,
    profileImage: `https://cdn.brightline-staging.test/avatars/${id}.jpg`,
    tokenVersion: 0,
    deviceTokens: [],
  });
  ok(ctx, 'User registered successfully.');
}

/**
 * Payload not shown (§4.1): the app takes the user from a valid token, else from
 * `email`; the old password as `old_password` or `current_password`, the new one
 * as `new_password` or `password`, an optional confirmation under the usual names.
 */
function updatePassword(ctx: Ctx, app: App): void {
  const s = { type: 'string' } as const;
  const b = bind(ctx, 'UpdatePasswordRequest', {
    email: s,
    old_password: s,
    current_password: s,
    new_password: { type: 'string', max: 72 },
    password: { type: 'string', max: 72 },
    confirm_password: s,
    password_confirmation: s,
    new_password_confirmation: s,
  } satisfies Dto);
  const user = ctx.user ?? byEmail(app, str(b, 'email'));
  const old = str(b, 'old_password') ?? str(b, 'current_password');
  const fresh = str(b, 'new_password') ?? str(b, 'password');
  const confirm = str(b, 'confirm_password') ?? str(b, 'password_confirmation') ?? str(b, 'new_password_confirmation');
  if (!fresh || fresh.length < 6) throw new ApiError(400, 'New password must be at least 6 characters.');
  if (confirm !== undefined && confirm !== fresh) throw new ApiError(400, 'Password confirmation does not match.');
  if (!user || (ctx.user === undefined && old === undefined)) throw new ApiError(400, 'Old password does not match.');
  if (old !== undefined && !passwordMatches(user, old)) throw new ApiError(400, 'Old password does not match.');
  Object.assign(user, hashPassword(fresh));
  if (!ctx.sw.has('token-survives-password-change')) user.tokenVersion += 1;
  ok(ctx, 'Password updated successfully.');
}

const SETTINGS = [
  { key: 'min_app_version', value: '3.4.0' },
  { key: 'support_email', value: 'support@brightline-staging.test' },
  { key: 'maintenance_mode', value: '0' },
];

const publicRoute = (path: string, methods: string[], handle: Route['handle']): Route => ({
  path,
  methods,
  auth: false,
  subscription: never,
  handle,
});
const guarded = (path: string, methods: string[], sub: Route['subscription'], handle: Route['handle']): Route => ({
  path,
  methods,
  auth: true,
  subscription: sub,
  handle,
});
const reference = (sw: Parameters<Route['subscription']>[0]) => !sw.has('reference-no-subscription');
const noBody = (message: string, data: () => unknown) => (ctx: Ctx) => ok(ctx, message, data());

export const userRoutes: Route[] = [
  publicRoute('/user/signin', ['POST'], signin),
  publicRoute('/user/signup', ['POST'], signup),
  publicRoute('/user/qrcode_signin', ['POST'], (ctx) => {
    bind(ctx, 'QrSigninRequest', { qr_code: { type: 'string', required: true } });
    throw new ApiError(401, 'Unauthenticated.');
  }),
  publicRoute('/user/forgot_password', ['POST'], (ctx) => {
    bind(ctx, 'ForgotPasswordRequest', { email: { type: 'string', required: true, email: true } });
    ok(ctx, 'If the e-mail is registered, a reset link has been sent.');
  }),
  publicRoute('/user/update_password', ['POST'], updatePassword),
  publicRoute(
    '/user/settings',
    ['GET', 'POST'],
    noBody('Settings get successfully.', () => SETTINGS),
  ),
  publicRoute(
    '/how-works/get',
    ['GET', 'POST'],
    noBody('How it works get successfully.', () => HOW_WORKS),
  ),
  publicRoute('/countries/index', ['POST'], (ctx) => {
    bind(ctx, 'CountryRequest', {}, false);
    sendJson(ctx, 200, { status: 'success', data: COUNTRIES });
  }),
  guarded('/plans/index', ['GET'], never, (ctx) => sendJson(ctx, 200, { status: 'success', data: PLANS })),
  guarded('/user/logout', ['POST'], never, (ctx, app) => {
    if (ctx.tokenId) app.store.revoked.add(ctx.tokenId);
    ok(ctx, 'Logged out successfully.');
  }),
  guarded('/user/get_profile', ['GET', 'POST'], never, (ctx, app) =>
    ok(ctx, 'Profile get successfully.', [userView(app.store, caller(ctx))]),
  ),
  guarded('/transactions/get_user_current_plan', ['GET', 'POST'], never, (ctx, app) => {
    const planId = app.store.company(caller(ctx).companyId)?.planId;
    const plan = PLANS.find((p) => p.id === planId);
    ok(ctx, plan ? 'Current plan get successfully.' : 'No active plan.', plan ? [plan] : []);
  }),
  guarded(
    '/room/measurement_type',
    ['POST'],
    reference,
    noBody('Measurement types get successfully.', () => MEASUREMENT_TYPES),
  ),
  guarded(
    '/adminroom/index',
    ['POST'],
    reference,
    noBody('Admin rooms get successfully.', () => ADMIN_ROOMS),
  ),
  guarded('/user/get_company_user', ['POST'], always, (ctx, app) => {
    const me = caller(ctx);
    const people = app.store.users
      .filter((u) => u.companyId === me.companyId)
      .map((u) => {
        const p: Record<string, unknown> = {
          id: u.id,
          name: u.name,
          phone_no: u.phoneNo,
          profile_image: u.profileImage,
          email: u.email,
        };
        if (ctx.sw.has('extra-fields')) p.version = 0;
        return p;
      });
    ok(ctx, 'Company users get successfully.', people);
  }),
];

/** POST /user/reset_password/{token}: the reset tokens are mailed, so none known here is valid. */
export const resetRoute: Route = publicRoute('/user/reset_password/{token}', ['POST'], (ctx) => {
  bind(ctx, 'ResetPasswordRequest', {
    password: { type: 'string', required: true, max: 72 },
    password_confirmation: { type: 'string' },
  });
  throw new ApiError(400, 'Reset token is invalid or has expired.');
});
