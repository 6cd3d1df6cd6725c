// Every operation, called with a valid request, answers as the spec says.
// Read-only: public operations that would change something are called so that
// they must refuse (an unknown reset token, a wrong current password).
import type { Session } from '../session.js';

export interface Discovered {
  userId?: number;
  companyName?: string;
  client?: Record<string, unknown>;
  roomId?: number;
  measurementTypes: Array<{ id: number; name: string }>;
  /** A second session of our own, ended by the logout check. */
  spareToken?: string;
  /** Requests that succeeded, replayed with X-API-Token by the auth checks. */
  reads: Array<{ operationId: string; body?: unknown }>;
}

const NOBODY = 'nobody@example.invalid';
const data = (body: unknown): any => (body as { data?: unknown } | undefined)?.data;

export async function conformanceChecks(s: Session): Promise<Discovered> {
  const found: Discovered = { measurementTypes: [], reads: [] };
  const read = async (operationId: string, title: string, body?: unknown, after?: (b: any) => void) =>
    s.check({ id: `conformance:${operationId}:${title}`, group: 'conformance', operationId, title }, async () => {
      const out = await s.call(operationId, { body });
      const problems = s.conform(operationId, out);
      if (out.status !== undefined && out.status < 300) {
        if (!s.op(operationId).isPublic) found.reads.push({ operationId, body });
        after?.(out.body);
      }
      return problems;
    });
  const refused = async (operationId: string, title: string, body: unknown, params?: Record<string, string>) =>
    s.check({ id: `conformance:${operationId}:${title}`, group: 'conformance', operationId, title }, async () =>
      s.conform(operationId, await s.call(operationId, { body, params }), '4xx'),
    );

  // Public operations.
  await read('listCountries', 'lists countries', {});
  await read('getSettings', 'returns settings', {});
  await read('getHowItWorks', 'returns the how-it-works steps', {});
  await read('forgotPassword', 'answers for an unknown address', { email: NOBODY });
  await refused('resetPassword', 'refuses an unknown reset token', { email: NOBODY, password: 'contract-check-pass', password_confirmation: 'contract-check-pass' }, { token: 'contract-check-unknown-token' });
  await refused('updatePassword', 'refuses a wrong current password', { email: NOBODY, current_password: 'wrong-password', new_password: 'contract-check-pass', new_password_confirmation: 'contract-check-pass' });
  await refused('signup', 'refuses an empty sign-up', {});
  await read('qrcodeSignin', 'signs a second device in from a QR code', { qr_code: s.token, platform: s.ctx.platform }, (b) => {
    found.spareToken = data(b)?.api_token;
    s.keepSecret(found.spareToken);
  });

  // Protected reads; they also find the records the later checks work on.
  await read('getProfile', 'returns the profile', {}, (b) => {
    found.userId = data(b)?.id;
    found.companyName = data(b)?.company_name ?? undefined;
  });
  await read('listPlans', 'lists plans');
  await read('getCurrentPlan', 'reports the current plan', {});
  await read('listCompanyUsers', 'lists the company users', {});
  await read('listMeasurementTypes', 'lists measurement types', {}, (b) => {
    found.measurementTypes = Array.isArray(data(b)) ? data(b) : [];
  });
  await read('listAdminRoomTypes', 'lists admin room types', {});
  await read('listClients', 'lists the first page of clients', { page: 1 }, (b) => {
    found.client = data(b)?.data?.[0];
  });
  if (found.companyName) await read('listCompanyClients', "lists the company's clients", { company_name: found.companyName });
  else s.skip({ id: 'conformance:listCompanyClients', group: 'conformance', operationId: 'listCompanyClients', title: "lists the company's clients" }, 'the profile names no company');

  const clientId = found.client?.id as number | undefined;
  if (clientId === undefined) {
    for (const operationId of ['getRoomsByClientId', 'getRoomMeasurements']) {
      s.skip({ id: `conformance:${operationId}`, group: 'conformance', operationId, title: 'reads rooms' }, 'the account has no client to read rooms of');
    }
    return found;
  }
  await read('getRoomsByClientId', "lists a client's rooms", { client_id: clientId }, (b) => {
    const rooms = data(b);
    found.roomId = Array.isArray(rooms) ? rooms[0]?.id : undefined;
  });
  if (found.roomId !== undefined) await read('getRoomMeasurements', "lists a room's measurements", { client_id: clientId, room_id: found.roomId });
  else s.skip({ id: 'conformance:getRoomMeasurements', group: 'conformance', operationId: 'getRoomMeasurements', title: "lists a room's measurements" }, 'the first client has no room (or room/get-by-client-id answered null)');
  return found;
}

/** Ends our spare session; afterwards that token must be refused. */
export async function logoutCheck(s: Session, found: Discovered): Promise<void> {
  const spec = { id: 'conformance:logout', group: 'conformance' as const, operationId: 'logout', title: 'logout ends the session' };
  if (!found.spareToken) {
    s.skip(spec, 'no spare session (QR sign-in did not give one); the main session is not logged out');
    return;
  }
  await s.check(spec, async () => {
    const token = found.spareToken!;
    const problems = s.conform('logout', await s.call('logout', { auth: { bearer: token }, body: {} }));
    const after = await s.call('getProfile', { auth: { bearer: token }, body: {} });
    return [...problems, ...s.conform('getProfile', after, [401])];
  });
}
