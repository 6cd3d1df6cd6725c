// A state file can pass the schema and still not fit its world: a record whose
// id is not its key, a client beyond the world, a session of a user who does
// not exist. The store would start on it and answer nonsense (or crash later);
// instead the start is refused, naming the record. Run on the records after
// the log is laid over the base.
import { clientOfRoom, roomOfMeasurement } from '../../fixtures/rooms.js';
import type { ClientRecord, MeasurementRecord, Subscription, UserRecord } from '../../fixtures/types.js';
import type { GeneratedWorld } from '../../fixtures/world.js';
import type { Collection, Key } from '../store/changes.js';
import { type Located, type Records, refuse } from './records.js';

/** `salt:sha256(salt + password)` as fixtures/people.ts makes it: a hex salt, a hex digest. */
const PASSWORD_HASH = /^[0-9a-f]{1,64}:[0-9a-f]{64}$/;
/**
 * Clients whose rooms are made to check a measurement's room (about 0.4 ms each):
 * enough for any file the API writes in a working day; past it, rooms are checked
 * by their numbering only, so a huge file cannot stall the start for minutes.
 */
const CLIENTS_MADE = 4096;

const emailKey = (email: string) => email.trim().toLowerCase();

type Check = (key: Key, value: never, at: Located) => string | undefined;

function each(records: Records, collection: Collection, check: Check): void {
  for (const [key, at] of records[collection]) {
    const problem = check(key, at.value as never, at);
    if (problem) throw refuse(collection, key, at, problem);
  }
}

/** The world's people with the file's changes over them. */
function usersOf(records: Records, world: GeneratedWorld): Map<number, UserRecord> {
  const users = new Map(world.users.map((u) => [u.id, u]));
  for (const [id, at] of records.users) users.set(id as number, at.value as UserRecord);
  return users;
}

export function checkConsistency(records: Records, world: GeneratedWorld): void {
  const generated = world.companies.length;
  const signedUp = records.companies.size;
  each(records, 'companies', (key, c: { id: number }) => {
    if (c.id !== key) return `has id ${c.id}`;
    if (c.id <= generated) return `is numbered among the generated companies (1 to ${generated})`;
    if (c.id > generated + signedUp)
      return `is numbered past the companies signed up (${generated + 1} to ${generated + signedUp})`;
  });
  const users = usersOf(records, world);
  const who = (id: number, as: string) => (users.has(id) ? undefined : `${as} user ${id}, who does not exist`);
  checkUsers(records, users, generated);
  const plans = new Set(world.reference.plans.map((p) => p.id));
  each(records, 'subscriptions', (key, s: Subscription | null) => {
    if (!users.has(key as number)) return who(key as number, 'is of');
    if (s === null) return undefined;
    if (s.user_id !== key) return `has user_id ${s.user_id}`;
    if (!plans.has(s.plan_id)) return `is to plan ${s.plan_id}, which does not exist`;
  });
  const leadSources = new Set(world.reference.leadSources.map((s) => s.id));
  each(records, 'clients', (key, c: ClientRecord | null) => {
    if (!world.has(key as number)) return `is beyond the world (clients 1 to ${world.size})`;
    if (c === null) return undefined;
    if (c.id !== key) return `has id ${c.id}`;
    if (!users.has(c.user_id)) return who(c.user_id, 'belongs to');
    const owner = world.owner(c.id);
    if (c.user_id !== owner) return `belongs to user ${c.user_id}; the world gives it to user ${owner}`;
    if (c.lead_source_id !== null && !leadSources.has(c.lead_source_id))
      return `has lead source ${c.lead_source_id}, which does not exist`;
  });
  checkMeasurements(records, world, users);
  each(records, 'sessions', (key, s: { token: string; user_id: number }) =>
    s.token !== key ? 'has another token than its key' : who(s.user_id, 'is of'),
  );
  each(records, 'resetTokens', (_key, userId: number) => who(userId, 'is of'));
}

function checkUsers(records: Records, users: Map<number, UserRecord>, companies: number): void {
  const byEmail = new Map<string, number>();
  for (const u of users.values()) if (!records.users.has(u.id)) byEmail.set(emailKey(u.email), u.id);
  each(records, 'users', (key, u: UserRecord) => {
    if (u.id !== key) return `has id ${u.id}`;
    if (u.id < 1) return 'has an id below 1';
    if (u.company_id < 1 || (u.company_id > companies && !records.companies.has(u.company_id)))
      return `belongs to company ${u.company_id}, which does not exist`;
    if (!PASSWORD_HASH.test(u.password_hash)) return 'has a password_hash that is not one (salt:sha256 in hex)';
    const same = byEmail.get(emailKey(u.email));
    if (same !== undefined && same !== u.id) return `has the e-mail address of user ${same}`;
    byEmail.set(emailKey(u.email), u.id);
  });
}

function checkMeasurements(records: Records, world: GeneratedWorld, users: Map<number, UserRecord>): void {
  const types = new Set(world.reference.measurementTypes.map((t) => t.id));
  const made = new Map<number, ReturnType<GeneratedWorld['roomsOf']>>();
  /** The client's rooms and measurements as generated, while within the bound; else undefined. */
  const madeOf = (clientId: number) => {
    let m = made.get(clientId);
    if (!m && made.size < CLIENTS_MADE) {
      m = world.roomsOf(clientId);
      made.set(clientId, m);
    }
    return m;
  };
  each(records, 'measurements', (key, m: MeasurementRecord) => {
    if (m.id !== key) return `has id ${m.id}`;
    if (m.id < 1) return 'has an id below 1';
    if (!users.has(m.user_id)) return `is by user ${m.user_id}, who does not exist`;
    if (!world.has(m.client_id)) return `is of client ${m.client_id}, which is not in the world`;
    if (!types.has(m.measurement_type_id))
      return `is of measurement type ${m.measurement_type_id}, which does not exist`;
    if (m.id <= world.lastMeasurementId) {
      const home = clientOfRoom(roomOfMeasurement(m.id));
      const generated = madeOf(home)?.measurements.some((g) => g.id === m.id);
      if (generated === false) return 'is numbered among the generated measurements but is not one';
    }
    if (m.room_id === null) return undefined;
    const roomClient = clientOfRoom(m.room_id);
    if (m.room_id < 1 || !world.has(roomClient)) return `is in room ${m.room_id}, which does not exist`;
    if (roomClient !== m.client_id)
      return `is in room ${m.room_id}, a room of client ${roomClient}, not of client ${m.client_id}`;
    if (madeOf(roomClient)?.rooms.some((r) => r.id === m.room_id) === false)
      return `is in room ${m.room_id}, which does not exist`;
  });
}
