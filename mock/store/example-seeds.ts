// The spec's request examples run against the default world in any order (a
// Postman collection made from the spec runs them): the QR code and the reset
// token they show stand in the world, for members of Demo Blinds Co who are not
// the demo account, so replaying them never signs the demo account out.
import type { LoadedSpec } from '../../spec/load.js';
import type { Store } from './store.js';

export function seedSpecExamples(store: Store, spec: LoadedSpec): void {
  const qr = (spec.byId.get('qrcodeSignin')?.requestBody?.examples[0] as { qr_code?: unknown } | undefined)?.qr_code;
  const reset = spec.byId.get('resetPassword');
  const token = reset?.parameters.find((p) => p.name === 'token')?.example;
  const email = (reset?.requestBody?.examples[0] as { email?: unknown } | undefined)?.email;
  const shower = store.userByEmail('nyah_watsica5@example.com');
  if (typeof qr === 'string' && shower && !store.userByToken(qr)) store.issueToken(shower.id, 'IOS', '', qr);
  const resetter = typeof email === 'string' ? store.userByEmail(email) : undefined;
  if (typeof token === 'string' && resetter) store.standResetToken(token, resetter.id);
}
