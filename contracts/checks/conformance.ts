// Every operation, called with a valid request, answers as the spec says.
// Read-only: public operations that would change something are called so that
// they must refuse (an unknown reset token, a wrong current password).
import type { RawNode } from '../../spec/load.js';
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import type { Finding } from '../types.js';
import { COMPANY, companyOf, NO_COMPANY } from './company.js';
import { CREDENTIALS, canSignIn, disposableSession, endSession } from './disposable.js';
import { noClient, tokenOf } from './kit.js';
import { noRoomsCheck } from './no-rooms.js';
import { ROOMS_WITHOUT_ID, recordOf, roomIdOf, userIdOf } from './record-ids.js';

const NOBODY = 'nobody@example.invalid';
/** Records tried at most when looking for one that has what a check needs. */
const PROBES = 20;

/** `data: []` or a page with `data: {data: []}`: nothing in it exercises a record schema. */
export function isEmptyList(body: unknown): boolean {
  const d = (body as { data?: unknown } | undefined)?.data;
  if (Array.isArray(d)) return d.length === 0;
  const inner = (d as { data?: unknown } | undefined)?.data;
  return Array.isArray(inner) && inner.length === 0;
}
// Answers are untyped JSON here; the spec check before each read is what vouches for their shape.
const data = (body: unknown) => (body as RawNode | undefined)?.data;

type Read = (operationId: string, title: string, body?: unknown, after?: (b: unknown) => void) => Promise<unknown>;
/** `exact`: the body is invalid on purpose and goes as written (valid-request.ts completes every other). */
type Refused = (
  operationId: string,
  title: string,
  body: unknown,
  params?: Record<string, string>,
  exact?: boolean,
) => Promise<unknown>;

/** The two kinds of conformance check: a read that must succeed (what it answers goes to `after`, and a
 *  protected one is kept for the auth checks), and a call that must be refused with a 4xx. */
export function probes(s: Session, found: Discovered): { read: Read; refused: Refused } {
  const read: Read = async (operationId, title, body, after) =>
    s.check({ id: `conformance:${operationId}:${title}`, group: 'conformance', operationId, title }, async (run) => {
      const out = await run.call(operationId, { body });
      const problems = run.conform(operationId, out);
      if (out.status !== undefined && out.status < 300) {
        if (!s.op(operationId).isPublic) found.reads.push({ operationId, body });
        after?.(out.body);
        if (s.op(operationId).list && isEmptyList(out.body))
          run.nothingToCheck(
            `the answer holds no records, so the schema of its records was not exercised (the account has none)`,
          );
      }
      return problems;
    });
  const refused: Refused = async (operationId, title, body, params, exact) =>
    s.check({ id: `conformance:${operationId}:${title}`, group: 'conformance', operationId, title }, async (run) =>
      run.conform(operationId, await run.call(operationId, { body, params, exact }), '4xx'),
    );
  return { read, refused };
}

/** Public operations: reads, and the ones that would change something called so that they must refuse. */
async function publicChecks(
  s: Session,
  found: Discovered,
  { read, refused }: ReturnType<typeof probes>,
): Promise<void> {
  await read('listCountries', 'lists countries', {});
  await read('getSettings', 'returns settings', {});
  await read('getHowItWorks', 'returns the how-it-works steps', {});
  await read('forgotPassword', 'answers for an unknown address', { email: NOBODY });
  await refused(
    'resetPassword',
    'refuses an unknown reset token',
    { email: NOBODY, password: 'contract-check-pass', password_confirmation: 'contract-check-pass' },
    { token: 'contract-check-unknown-token' },
  );
  await refused('updatePassword', 'refuses a wrong current password', {
    email: NOBODY,
    current_password: 'wrong-password',
    new_password: 'contract-check-pass',
    new_password_confirmation: 'contract-check-pass',
  });
  await refused('signup', 'refuses an empty sign-up', {}, undefined, true);
  await qrCheck(s, found);
}

/** QR sign-in, from a disposable session's token: a deployment may spend the token it is shown (exchanged for
 *  the new device's), and the run's own must outlive every check. Its answer is the spare session the logout
 *  check ends. */
async function qrCheck(s: Session, found: Discovered): Promise<void> {
  const title = 'signs a second device in from a QR code';
  const spec = {
    id: `conformance:qrcodeSignin:${title}`,
    group: 'conformance' as const,
    operationId: 'qrcodeSignin',
    title,
  };
  if (!canSignIn(s.ctx))
    return void s.skip(spec, 'it presents a token as the QR code, which a deployment may spend', CREDENTIALS);
  await s.check(spec, async (run) => {
    const session = await disposableSession(run);
    if (!session.token) return session.problems;
    const out = await run.call('qrcodeSignin', { body: { qr_code: session.token, platform: run.ctx.platform } });
    const problems = run.conform('qrcodeSignin', out);
    if (out.status !== undefined && out.status < 300) {
      found.spareToken = tokenOf(out.body);
      run.keepSecret(found.spareToken);
    }
    // The code's session is not needed any more; a deployment that handed back the same token keeps it open.
    if (found.spareToken !== session.token) await endSession(run, session.token);
    return problems;
  });
}

/** Protected reads; they also find the records the later checks work on. Returns the first page's clients. */
async function protectedReads(s: Session, found: Discovered, read: Read): Promise<Array<Record<string, unknown>>> {
  await read('getProfile', 'returns the profile', {}, (b) => {
    found.userId = userIdOf(data(b));
    found.companyName = companyOf(recordOf(data(b)));
  });
  found.userId ??= userIdOf(s.signInUser);
  // Given outright, it wins; else wherever the deployment named it. A --company the deployment contradicts is
  // said before its checks fail on it ("listCompanyClients answered 404" named no --company).
  const named = found.companyName ?? companyOf(s.signInUser);
  if (s.ctx.company !== undefined && named !== undefined && named !== s.ctx.company)
    s.ctx.onNotice(
      `--company names ${JSON.stringify(s.ctx.company)}, where the deployment names ${JSON.stringify(named)} (the profile or the sign-in's user): the company checks ask for --company's`,
    );
  found.companyName = s.ctx.company ?? named;
  await read('listPlans', 'lists plans');
  await read('getCurrentPlan', 'reports the current plan', {});
  await read('listCompanyUsers', 'lists the company users', {});
  await read('listMeasurementTypes', 'lists measurement types', {}, (b) => {
    // The first few are all the later checks use; a deployment's list of a million is not kept for the run.
    found.measurementTypes = Array.isArray(data(b)) ? data(b).slice(0, 100) : [];
  });
  await read('listAdminRoomTypes', 'lists admin room types', {});
  let clients: Array<Record<string, unknown>> = [];
  await read('listClients', 'lists the first page of clients', { page: 1 }, (b) => {
    clients = Array.isArray(data(b)?.data) ? data(b).data : [];
    found.client = clients[0];
  });
  if (found.companyName)
    await read('listCompanyClients', "lists the company's clients", { company_name: found.companyName });
  else
    s.skip(
      {
        id: 'conformance:listCompanyClients',
        group: 'conformance',
        operationId: 'listCompanyClients',
        title: "lists the company's clients",
      },
      NO_COMPANY,
      COMPANY,
    );
  return clients;
}

/** A client that has rooms, looked for among the first page's (a list read proves nothing when it is empty). */
async function roomsCheck(
  s: Session,
  found: Discovered,
  clients: Array<Record<string, unknown>>,
  known: Map<unknown, boolean>,
): Promise<Array<{ clientId: number; roomId: number }>> {
  const rooms: Array<{ clientId: number; roomId: number }> = [];
  await s.check(
    {
      id: "conformance:getRoomsByClientId:lists a client's rooms",
      group: 'conformance',
      operationId: 'getRoomsByClientId',
      title: "lists a client's rooms (a client that has some)",
    },
    async (run) => {
      const problems = [];
      for (const c of clients.slice(0, PROBES)) {
        const out = await run.call('getRoomsByClientId', { body: { client_id: c.id } });
        problems.push(...run.conform('getRoomsByClientId', out));
        const list = data(out.body);
        // What the no-rooms check reads: a client that has rooms, or one answered with none (null or []).
        if (out.status !== undefined && out.status < 300) known.set(c.id, Array.isArray(list) && list.length > 0);
        if (Array.isArray(list) && list.length) {
          found.reads.push({ operationId: 'getRoomsByClientId', body: { client_id: c.id } });
          const ids = list.map(roomIdOf).filter((id): id is number => id !== undefined);
          // A deployment that names no room id names none for any client: looking further only costs requests.
          if (!ids.length) {
            found.noRoomId = ROOMS_WITHOUT_ID;
            break;
          }
          found.client = c;
          rooms.push(...ids.map((roomId) => ({ clientId: c.id as number, roomId })));
          break;
        }
      }
      if (!rooms.length && !found.noRoomId)
        run.nothingToCheck(
          `none of the first ${Math.min(PROBES, clients.length)} clients has a room, so a room record was never checked`,
        );
      return problems;
    },
  );
  return rooms;
}

/** A room that has measurements, among the rooms found, every answer checked on the way. */
async function measurementsCheck(
  s: Session,
  found: Discovered,
  rooms: Array<{ clientId: number; roomId: number }>,
): Promise<void> {
  await s.check(
    {
      id: "conformance:getRoomMeasurements:lists a room's measurements",
      group: 'conformance',
      operationId: 'getRoomMeasurements',
      title: "lists a room's measurements (a room that has some)",
    },
    async (run) => {
      const problems = [];
      let hit = false;
      for (const r of rooms.slice(0, PROBES)) {
        const out = await run.call('getRoomMeasurements', { body: { client_id: r.clientId, room_id: r.roomId } });
        problems.push(...run.conform('getRoomMeasurements', out));
        if (!isEmptyList(out.body) && out.status !== undefined && out.status < 300) {
          found.reads.push({ operationId: 'getRoomMeasurements', body: { client_id: r.clientId, room_id: r.roomId } });
          hit = true;
          break;
        }
      }
      if (!hit)
        run.nothingToCheck(
          `none of the client's ${Math.min(PROBES, rooms.length)} rooms has a measurement, so a measurement record was never checked`,
        );
      return problems;
    },
  );
}

export async function conformanceChecks(s: Session): Promise<Discovered> {
  const found: Discovered = { measurementTypes: [], reads: [] };
  const probe = probes(s, found);
  await publicChecks(s, found, probe);
  const clients = await protectedReads(s, found, probe.read);
  if (clients.length === 0) {
    for (const operationId of ['getRoomsByClientId', 'getRoomMeasurements']) {
      s.skip(
        { id: `conformance:${operationId}`, group: 'conformance', operationId, title: 'reads rooms' },
        noClient(s, 'the account has no client to read rooms of'),
      );
    }
    return found;
  }
  // Look for a client that has rooms and a room that has measurements, checking every answer on the way.
  const known = new Map<unknown, boolean>();
  const rooms = await roomsCheck(s, found, clients, known);
  await noRoomsCheck(s, clients, known);
  found.roomId = rooms[0]?.roomId;
  if (!rooms.length) {
    s.skip(
      {
        id: 'conformance:getRoomMeasurements',
        group: 'conformance',
        operationId: 'getRoomMeasurements',
        title: "lists a room's measurements",
      },
      found.noRoomId ?? noClient(s, 'no client with a room was found'),
    );
    return found;
  }
  await measurementsCheck(s, found, rooms);
  return found;
}

/** Logs `token` out; afterwards it must be refused. */
async function loggedOut(run: CheckRun, token: string): Promise<Finding[]> {
  const problems = run.conform('logout', await run.call('logout', { auth: { bearer: token }, body: {} }));
  // Logged out, it should open nothing; if it still does (the finding) it is live: never written out.
  if (!problems.length) run.standInToken(token);
  const after = await run.call('getProfile', { auth: { bearer: token }, body: {} });
  return [...problems, ...run.conform('getProfile', after, [401])];
}

/** Ends a session of our own, never the run's: the QR sign-in's spare one, else a disposable sign-in's. Afterwards
 *  that token must be refused. */
export async function logoutCheck(s: Session, found: Discovered): Promise<void> {
  const spec = {
    id: 'conformance:logout',
    group: 'conformance' as const,
    operationId: 'logout',
    title: 'logout ends the session',
  };
  if (!canSignIn(s.ctx))
    return void s.skip(spec, 'it logs a session out, and the run has only its own token', CREDENTIALS);
  await s.check(spec, async (run) => {
    if (found.spareToken && found.spareToken !== run.token) return loggedOut(run, found.spareToken);
    const session = await disposableSession(run);
    return session.token ? loggedOut(run, session.token) : session.problems;
  });
}
