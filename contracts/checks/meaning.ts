// What the answers mean, beyond their shape: the document says what several
// reads select, so an answer carrying records the request did not ask for is
// wrong however well it is shaped. room/get gives the entries of the one room
// asked for, of the client asked for (section 4.11); room/get-by-client-id the
// rooms of that client (4.12); client/user_client the clients of members of
// the caller's company (4.4), the members being user/get_company_user's (4.15).

import type { Outcome } from '../../lib/http.js';
import { preview } from '../../lib/preview.js';
import type { CheckRun } from '../check-run.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import type { Finding } from '../types.js';
import { COMPANY, NO_COMPANY } from './company.js';
import { noClient } from './kit.js';
import { roomIdOf } from './record-ids.js';

type Rec = Record<string, unknown>;
const SHOWN = 300;
/** Other clients tried at most when looking for one with rooms. */
const PROBES = 5;

const spec = (operationId: string, name: string, title: string) => ({
  id: `meaning:${operationId}:${name}`,
  group: 'meaning' as const,
  operationId,
  title,
});

const dataOf = (out: Outcome): unknown => (out.body as { data?: unknown } | null | undefined)?.data;
/** The records of a list: its objects (a hostile answer's nulls and numbers are the schema's to report). */
const records = (list: unknown): Rec[] =>
  Array.isArray(list) ? list.filter((x): x is Rec => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];
const ok = (out: Outcome) => out.status !== undefined && out.status < 300;

/** A finding the check made itself, shown with the exchange that showed it. */
function wrong(
  run: CheckRun,
  out: Outcome,
  operationId: string,
  message: string,
  more: Partial<Finding> = {},
): Finding {
  return { operationId, message, severity: 'error', ...more, reproduce: run.reproduce(out) };
}

export async function meaningChecks(s: Session, found: Discovered): Promise<void> {
  const client = found.client as (Rec & { id: number }) | undefined;
  if (client && found.roomId !== undefined) {
    const roomId = found.roomId;
    await s.check(
      spec('getRoomMeasurements', 'one-room', 'room/get gives the entries of the room and client asked for'),
      (run) => roomEntries(run, client.id, roomId),
    );
    await s.check(
      spec('getRoomsByClientId', 'own-rooms', 'room/get-by-client-id gives the rooms of that client only'),
      (run) => clientRooms(run, client.id),
    );
  } else {
    const why = found.noRoomId ?? noClient(s, 'no client with a room was found');
    s.skip(spec('getRoomMeasurements', 'one-room', 'room/get gives the entries of the room and client asked for'), why);
    s.skip(spec('getRoomsByClientId', 'own-rooms', 'room/get-by-client-id gives the rooms of that client only'), why);
  }
  const company = spec(
    'listCompanyClients',
    'members',
    "client/user_client gives only clients owned by members of the caller's company",
  );
  if (!found.companyName) return void s.skip(company, NO_COMPANY, COMPANY);
  await s.check(company, (run) => companyClients(run, found.companyName!, found.userId));
}

/** Another client of the account than `id`, preferring one with rooms (their ids are returned too). */
async function otherClient(
  run: CheckRun,
  id: number,
): Promise<{ id: number; rooms?: Rec[]; out: Outcome } | undefined> {
  const list = await run.call('listClients', { body: { page: 1 } });
  const page = (dataOf(list) as { data?: unknown } | undefined)?.data;
  const others = records(page).filter((c) => typeof c.id === 'number' && c.id !== id);
  let first: { id: number; rooms?: Rec[]; out: Outcome } | undefined;
  for (const c of others.slice(0, PROBES)) {
    const out = await run.call('getRoomsByClientId', { body: { client_id: c.id } });
    const rooms = ok(out) && Array.isArray(dataOf(out)) ? records(dataOf(out)) : undefined;
    const found = { id: c.id as number, rooms, out };
    if (rooms?.length) return found;
    first ??= found;
  }
  return first;
}

/** Section 4.11: client_id filters by client, room_id selects a room; one entry per measurement. */
async function roomEntries(run: CheckRun, clientId: number, roomId: number): Promise<Finding[]> {
  const op = 'getRoomMeasurements';
  const out = await run.call(op, { body: { client_id: clientId, room_id: roomId } });
  const problems = run.conform(op, out);
  const entries = records(dataOf(out));
  const strays = entries.filter((e) => e.room_id !== roomId);
  if (strays.length)
    problems.push(
      wrong(
        run,
        out,
        op,
        `room/get for room ${roomId} of client ${clientId} gave ${strays.length} entr${strays.length === 1 ? 'y' : 'ies'} of another room (room_id ${preview([...new Set(strays.map((e) => e.room_id))].slice(0, 10), SHOWN)}): room_id selects a room`,
        { expected: `room_id ${roomId}`, actual: preview(strays[0]?.room_id, SHOWN) },
      ),
    );
  const ids = entries.map((e) => e.measurement_id);
  const twice = [...new Set(ids.filter((m, i) => ids.indexOf(m) !== i))];
  if (twice.length)
    problems.push(
      wrong(
        run,
        out,
        op,
        `room/get for room ${roomId} lists measurement ${preview(twice.slice(0, 10), SHOWN)} more than once: one entry per measurement`,
      ),
    );
  const other = await otherClient(run, clientId);
  if (!other) {
    run.note('the account has one client: room/get was not asked for a room under another client');
    return problems;
  }
  // The same room under another client of the account: client_id filters it out (nothing, or a refusal).
  const cross = await run.call(op, { body: { client_id: other.id, room_id: roomId } });
  const crossed = ok(cross) ? records(dataOf(cross)) : [];
  problems.push(...run.conform(op, cross, ok(cross) ? '2xx' : '4xx'));
  if (crossed.length)
    problems.push(
      wrong(
        run,
        cross,
        op,
        `room/get for client ${other.id} with room ${roomId} (a room of client ${clientId}) gave ${crossed.length} entr${crossed.length === 1 ? 'y' : 'ies'}: client_id does not filter by client`,
        { expected: 'no entries, or a refusal', actual: `${crossed.length} entries` },
      ),
    );
  return problems;
}

/**
 * Section 4.12: the rooms of the client asked for. The answer's shape is
 * assumed (the sample is null), but a room whose own client_id names another
 * client, or a room listed for two clients, is the deployment's own word that
 * the answer is not that client's rooms: an error whatever the shape.
 */
async function clientRooms(run: CheckRun, clientId: number): Promise<Finding[]> {
  const op = 'getRoomsByClientId';
  const out = await run.call(op, { body: { client_id: clientId } });
  const problems = run.conform(op, out);
  if (!ok(out) || !Array.isArray(dataOf(out))) {
    run.nothingToCheck('room/get-by-client-id gave no list of rooms (the document shows a null sample)');
    return problems;
  }
  const rooms = records(dataOf(out));
  problems.push(...foreignRooms(run, out, clientId, rooms));
  const other = await otherClient(run, clientId);
  if (!other?.rooms) return problems;
  problems.push(...foreignRooms(run, other.out, other.id, other.rooms));
  // A room without an id is none to compare: two rooms without one are not one room listed twice.
  const mine = new Set(rooms.map(roomIdOf).filter((id) => id !== undefined));
  const shared = other.rooms.map(roomIdOf).filter((id) => id !== undefined && mine.has(id));
  if (shared.length)
    problems.push(
      wrong(
        run,
        other.out,
        op,
        `room/get-by-client-id lists room ${preview(shared.slice(0, 10), SHOWN)} for both client ${clientId} and client ${other.id}: a room is one client's`,
      ),
    );
  return problems;
}

function foreignRooms(run: CheckRun, out: Outcome, clientId: number, rooms: Rec[]): Finding[] {
  const foreign = rooms.filter((r) => typeof r.client_id === 'number' && r.client_id !== clientId);
  if (!foreign.length) return [];
  const owners = [...new Set(foreign.map((r) => r.client_id))].slice(0, 10);
  return [
    wrong(
      run,
      out,
      'getRoomsByClientId',
      `room/get-by-client-id for client ${clientId} gave ${foreign.length} room${foreign.length === 1 ? '' : 's'} of another client (client_id ${preview(owners, SHOWN)}): only that client's rooms`,
      { expected: `client_id ${clientId}`, actual: preview(foreign[0]!.client_id, SHOWN) },
    ),
  ];
}

/** Section 4.4 with 4.15: every client of client/user_client is owned by a member of the caller's company. */
async function companyClients(run: CheckRun, company: string, selfId: number | undefined): Promise<Finding[]> {
  const users = await run.call('listCompanyUsers', { body: {} });
  const problems = run.conform('listCompanyUsers', users);
  const list = dataOf(users);
  if (!ok(users) || !Array.isArray(list) || !list.length) {
    run.nothingToCheck('user/get_company_user gave no members, so the owners of the clients cannot be judged');
    return problems;
  }
  // The caller is a member whether or not the list shows them.
  const members = new Set([...records(list).map((u) => u.id), ...(selfId === undefined ? [] : [selfId])]);
  for (let page = 1, last = 1; page <= last && page <= run.ctx.maxPages; page++) {
    const out = await run.call('listCompanyClients', { body: { company_name: company, page } });
    const found = run.conform('listCompanyClients', out);
    problems.push(...found);
    const env = dataOf(out) as { data?: unknown; last_page?: unknown } | undefined;
    if (!ok(out) || !Array.isArray(env?.data)) break;
    last = typeof env.last_page === 'number' ? env.last_page : 1;
    const leaked = records(env.data).filter((c) => typeof c.user_id === 'number' && !members.has(c.user_id));
    if (leaked.length)
      problems.push(
        wrong(
          run,
          out,
          'listCompanyClients',
          `client/user_client page ${page} carries ${leaked.length} client${leaked.length === 1 ? '' : 's'} (${preview(
            leaked.slice(0, 10).map((c) => c.id),
            SHOWN,
          )}) owned by user ${preview([...new Set(leaked.map((c) => c.user_id))].slice(0, 10), SHOWN)}, who is no member of the caller's company (user/get_company_user): a data leak`,
          { expected: 'owners among the company members', actual: preview(leaked[0]!.user_id, SHOWN) },
        ),
      );
  }
  return problems;
}
