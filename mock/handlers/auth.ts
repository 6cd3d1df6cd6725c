// Sign-up, sign-in and password operations (public) and logout.
import type { UserRecord } from '../../fixtures/types.js';
import type { ErrorCatalogue } from '../errors.js';
import type { Store } from '../store/store.js';
import type { Handler } from './types.js';

export function publicUser(store: Store, u: UserRecord) {
  return {
    id: u.id,
    name: u.name,
    surname: u.surname,
    email: u.email,
    phone_no: u.phone_no,
    profile_image: u.profile_image,
    company_id: u.company_id,
    company_name: store.companyOf(u).name,
    created_at: u.created_at,
  };
}

const mismatch = (errors: ErrorCatalogue, field: string) =>
  errors.VALIDATION({ [field]: [`The ${field.replace(/_/g, ' ')} field confirmation does not match.`] });

export const signup: Handler<'signup'> = ({ body, store, platform, errors }) => {
  if (store.userByEmail(body.email)) throw errors.VALIDATION({ email: ['The email has already been taken.'] });
  const user = store.createUser({
    name: body.name,
    surname: body.surname ?? '',
    email: body.email,
    password: body.password,
    phone_no: body.phone_no ?? null,
    company_name: body.company_name ?? '',
  });
  const api_token = store.issueToken(user.id, body.platform ?? platform, body.device_token ?? '');
  return { message: 'User registered successfully.', data: { api_token, user: publicUser(store, user) } };
};

export const signin: Handler<'signin'> = ({ body, store, platform, errors }) => {
  const user = store.userByEmail(body.email);
  if (!user || !store.checkPassword(user, body.password)) throw errors.INVALID_CREDENTIALS();
  // Only the right password learns that the account is deactivated: nobody can probe for it.
  if (!user.active) throw errors.ACCOUNT_DEACTIVATED();
  const api_token = store.issueToken(user.id, body.platform ?? platform, body.device_token ?? '');
  return { message: 'Login successfully.', data: { api_token, user: publicUser(store, user) } };
};

export const qrcodeSignin: Handler<'qrcodeSignin'> = ({ body, store, platform, errors }) => {
  const user = store.userByToken(body.qr_code);
  if (!user) throw errors.INVALID_QR_CODE();
  const api_token = store.issueToken(user.id, body.platform ?? platform, body.device_token ?? '');
  return { message: 'Login successfully.', data: { api_token, user: publicUser(store, user) } };
};

export const forgotPassword: Handler<'forgotPassword'> = ({ body, store }) => {
  const user = store.userByEmail(body.email);
  if (user?.active) store.createResetToken(user);
  return { message: 'If the email belongs to an account, a password reset link has been sent.', data: [] };
};

export const resetPassword: Handler<'resetPassword'> = ({ body, params, store, errors }) => {
  if (body.password !== body.password_confirmation) throw mismatch(errors, 'password');
  const user = store.consumeResetToken(params.token ?? '', body.email);
  if (!user) throw errors.VALIDATION({ token: ['This password reset token is invalid.'] });
  store.setPassword(user.id, body.password);
  return { message: 'Password has been reset successfully.', data: [] };
};

export const updatePassword: Handler<'updatePassword'> = ({ body, store, errors }) => {
  if (body.new_password !== body.new_password_confirmation) throw mismatch(errors, 'new_password');
  const user = store.userByEmail(body.email);
  if (!user?.active || !store.checkPassword(user, body.current_password)) {
    throw errors.VALIDATION({ current_password: ['The current password is incorrect.'] });
  }
  store.setPassword(user.id, body.new_password);
  return { message: 'Password updated successfully.', data: [] };
};

export const logout: Handler<'logout'> = ({ token, store }) => {
  store.revokeToken(token);
  return { message: 'Logged out successfully.', data: [] };
};
