// Sign-in and the account: the public auth routes (Fortify-like), logout,
// profile, current plan, and the public reference reads.
import { apiError, type Ctx, defect, deviation, invalid, passes, send, varchar } from './http.js';
import type { User } from './store.js';

const image = (u: User) => u.profile_image ?? 'https://cdn.staging.test/profile/default.png';

/** The user as the sign-in's `user` gives it (the model's toArray, hidden password). */
export function userRecord(c: Ctx, u: User) {
  const company = c.store.company(u.company_id);
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    email_verified_at: u.created_at,
    phone_no: u.phone_no,
    profile_image: image(u),
    company_id: u.company_id,
    company_name: company?.name ?? null,
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

function signedIn(c: Ctx, u: User, message: string) {
  send(c, 200, { message, data: { api_token: c.store.issueToken(u.id), user: userRecord(c, u) } });
}

function badCredentials(c: Ctx) {
  if (deviation(c, 'signin-422')) return invalid(c, { email: ['These credentials do not match our records.'] });
  apiError(c, 401, 'Invalid email or password.');
}

export function signin(c: Ctx) {
  if (
    !passes(c, {
      email: ['required', 'string'],
      password: ['required', 'string'],
      ...varchar('device_token'),
      platform: ['nullable', 'in:WEB,IOS,ANDROID'],
    })
  )
    return;
  const u = c.store.users.find((x) => x.email === c.body.email);
  if (!u || u.password !== c.body.password) return badCredentials(c);
  if (!u.active) return apiError(c, 401, 'Your account has been deactivated.');
  signedIn(c, u, 'Login successfully.');
}

export function signup(c: Ctx) {
  const rules = {
    name: ['required', 'string', 'max:255'],
    email: ['required', 'string', 'max:255'],
    password: ['required', 'string'],
    ...varchar('surname', 'company_name', 'phone_no', 'device_token'),
  } as const;
  if (!passes(c, rules as never)) return;
  const email = String(c.body.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    return invalid(c, { email: ['The email field must be a valid email address.'] });
  if (String(c.body.password).length < 8)
    return invalid(c, { password: ['The password field must be at least 8 characters.'] });
  if (c.store.users.some((u) => u.email === email)) return invalid(c, { email: ['The email has already been taken.'] });
  const company = { id: c.store.companies.length + 1, name: String(c.body.company_name || `${c.body.name}'s company`) };
  c.store.companies.push(company);
  const stamp = c.store.now();
  const u: User = {
    id: c.store.users.length + 1,
    name: String(c.body.name),
    surname: String(c.body.surname ?? ''),
    email,
    password: String(c.body.password),
    phone_no: (c.body.phone_no as string) || null,
    profile_image: null,
    company_id: company.id,
    plan_id: null,
    active: true,
    created_at: stamp,
    updated_at: stamp,
  };
  c.store.users.push(u);
  signedIn(c, u, 'User registered successfully.');
}

export function qrcodeSignin(c: Ctx) {
  if (
    !passes(c, {
      qr_code: ['required', 'string'],
      ...varchar('device_token'),
      platform: ['nullable', 'in:WEB,IOS,ANDROID'],
    })
  )
    return;
  const u = c.store.userOfToken(String(c.body.qr_code));
  if (!u) return apiError(c, 401, 'Invalid QR code.');
  signedIn(c, u, 'Login successfully.');
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function forgotPassword(c: Ctx) {
  if (!passes(c, { email: ['required', 'string', 'max:255'] })) return;
  if (!EMAIL.test(String(c.body.email)))
    return invalid(c, { email: ['The email field must be a valid email address.'] });
  send(c, 200, { message: 'If the email belongs to an account, a password reset link has been sent.', data: [] });
}

export function resetPassword(c: Ctx, token: string) {
  if (
    !passes(c, {
      email: ['required', 'string'],
      password: ['required', 'string'],
      password_confirmation: ['required', 'string'],
    })
  )
    return;
  const u = c.store.users.find((x) => x.email === c.body.email);
  if (!u || c.store.resetTokens.get(token) !== u.email)
    return invalid(c, { email: ['This password reset token is invalid.'] });
  if (c.body.password !== c.body.password_confirmation)
    return invalid(c, { password: ['The password field confirmation does not match.'] });
  u.password = String(c.body.password);
  c.store.revokeAll(u.id);
  send(c, 200, { message: 'Password reset successfully.', data: [] });
}

export function updatePassword(c: Ctx) {
  const rules = {
    email: ['required', 'string'],
    current_password: ['required', 'string'],
    new_password: ['required', 'string'],
    new_password_confirmation: ['required', 'string'],
  } as const;
  if (!passes(c, rules as never)) return;
  if (!EMAIL.test(String(c.body.email)))
    return invalid(c, { email: ['The email field must be a valid email address.'] });
  if (String(c.body.new_password).length < 8)
    return invalid(c, { new_password: ['The new password field must be at least 8 characters.'] });
  if (c.body.new_password !== c.body.new_password_confirmation)
    return invalid(c, { new_password: ['The new password field confirmation does not match.'] });
  const u = c.store.users.find((x) => x.email === c.body.email);
  if (!u || u.password !== c.body.current_password)
    return invalid(c, { current_password: ['The password is incorrect.'] });
  u.password = String(c.body.new_password);
  u.updated_at = c.store.now();
  // Section 3: a password change invalidates the user's tokens.
  c.store.revokeAll(u.id);
  send(c, 200, { message: 'Password updated successfully.', data: [] });
}

export function settings(c: Ctx) {
  send(c, 200, {
    message: 'Settings get successfully.',
    data: [
      { key: 'support_email', value: 'support@staging.test' },
      { key: 'terms_url', value: 'https://staging.test/terms' },
      { key: 'min_app_version', value: '2.3.0' },
    ],
  });
}

export function howWorks(c: Ctx) {
  const steps = ['Add your client', 'Add a room', 'Measure each window'];
  send(c, 200, {
    message: 'How it works get successfully.',
    data: steps.map((title, i) => ({
      id: i + 1,
      title,
      description: `${title}.`,
      image: `https://cdn.staging.test/how/${i + 1}.png`,
      sort_order: i + 1,
      created_at: '2026-01-05T09:30:00.000000Z',
      updated_at: '2026-01-05T09:30:00.000000Z',
    })),
  });
}

export function countries(c: Ctx) {
  const data = [
    { id: 1, name: 'United States', code: 'US' },
    { id: 2, name: 'Canada', code: 'CA' },
    { id: 3, name: 'United Kingdom', code: 'GB' },
  ];
  const body = defect(c, 'countries-message-envelope')
    ? { message: 'Countries get successfully.', data }
    : { status: 'success', data };
  send(c, 200, body, {}, true);
}

export function logout(c: Ctx, token: string) {
  c.store.tokens.delete(token);
  send(c, 200, { message: 'Logged out successfully.', data: [] });
}

export function profile(c: Ctx) {
  const u = c.user!;
  const record = userRecord(c, u);
  if (!deviation(c, 'profile-nests-company'))
    return send(c, 200, { message: 'Profile get successfully.', data: record });
  const { company_id: _id, company_name: _name, ...rest } = record;
  const company = c.store.company(u.company_id)!;
  send(c, 200, {
    message: 'Profile get successfully.',
    data: { ...rest, company: { id: company.id, name: company.name } },
  });
}

export function currentPlan(c: Ctx) {
  const plan = c.store.plans.find((p) => p.id === c.user!.plan_id);
  if (!plan) return send(c, 200, { message: 'No active plan.', data: null });
  send(c, 200, {
    message: 'Current plan get successfully.',
    data: {
      id: 300 + c.user!.id,
      status: 'active',
      started_at: '2026-10-01T00:00:00.000000Z',
      expires_at: '2026-12-31T00:00:00.000000Z',
      plan: planRecord(c, plan),
    },
  });
}

function planRecord(c: Ctx, p: { id: number; name: string; price: number; interval: string; features: string[] }) {
  // A decimal(8,2) column comes out of PDO as a string unless the model casts it.
  return { ...p, price: defect(c, 'plan-price-string') ? p.price.toFixed(2) : p.price };
}

export function plans(c: Ctx) {
  send(c, 200, { status: 'success', data: c.store.plans.map((p) => planRecord(c, p)) });
}

/** The plans failure of section 7, for a missing or unknown token. */
export const plansUnauthorized = (c: Ctx) => send(c, 401, { status: 'error', message: 'Unauthorized' });
