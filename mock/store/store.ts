// The store's interface and records: what handlers, plugins and the state file
// rely on. MemoryStore (memory-store.ts) is the implementation;
// code imports the Store type from here, never through the implementation.
import type {
  ClientRecord,
  LeadSource,
  MeasurementRecord,
  MeasurementType,
  Plan,
  Room,
  Subscription,
  UserRecord,
} from '../../fixtures/types.js';
import type { WorldReference } from '../../fixtures/world.js';
import type { StoreBudget } from './budget.js';
import type { ChangeLog } from './changes.js';
import type { OverlaySnapshot } from './overlay.js';
import type { MailMessage, Session } from './session-records.js';

export type { MailMessage, Session } from './session-records.js';

export type InvalidationReason = 'password_change' | 'logout' | 'deactivation' | 'breach';
/** The reasons that end every token of a user; a logout ends one (POST /user/logout, the presented token). */
export type UserWideReason = Exclude<InvalidationReason, 'logout'>;
export const INVALIDATION_REASONS: readonly InvalidationReason[] = [
  'password_change',
  'logout',
  'deactivation',
  'breach',
];

/**
 * Everything that a restart must keep; written to the state file as JSON. The
 * world itself is not in it: the seed and size make it again, and the overlay
 * holds what the API changed (version 1 files held the whole world). Version 3
 * is version 2 with a log beside it (mock/state/file.ts); the records are the same.
 */
export interface StateSnapshot {
  version: 3;
  seed: number;
  clients: number;
  overlay: OverlaySnapshot;
  sessions: Session[];
  resetTokens: Array<{ token: string; user_id: number }>;
  outbox: MailMessage[];
}

/** The fixed lists that reference operations answer with. */
export type ReferenceLists = WorldReference;

export type ClientPatch = Partial<Omit<ClientRecord, 'id' | 'user_id' | 'created_at'>>;

/** What sign-up gives the store to make an account of. */
export interface NewUser {
  name: string;
  surname: string;
  email: string;
  password: string;
  phone_no: string | null;
  company_name: string;
}

export interface Store {
  /** The world's seed and size (clients it was made with, deleted ones included). */
  readonly seed: number;
  readonly size: number;
  /** The reference lists; the same object each time (a test may swap a list for a broken one). */
  reference(): ReferenceLists;
  plan(id: number): Plan | undefined;
  measurementType(id: number): MeasurementType | undefined;
  leadSource(id: number): LeadSource | undefined;
  userByEmail(email: string): UserRecord | undefined;
  userById(id: number): UserRecord | undefined;
  /** The user a valid token belongs to; undefined for unknown, revoked or deactivated. */
  userByToken(token: string): UserRecord | undefined;
  checkPassword(user: UserRecord, password: string): boolean;
  issueToken(userId: number, platform: string, deviceToken: string, token?: string): string;
  revokeToken(token: string): void;
  /** Ends every token of the user; a deactivation also marks the account inactive. How many ended. */
  revokeUserTokens(userId: number, reason: UserWideReason): number;
  /** The user's most recently issued live token, if any. */
  latestToken(userId: number): string | undefined;
  createUser(input: NewUser): UserRecord;
  setPassword(userId: number, password: string): void;
  activeSubscription(userId: number): Subscription | undefined;
  setSubscription(userId: number, planId: number | null): void;
  createResetToken(user: UserRecord): string;
  consumeResetToken(token: string, email: string): UserRecord | undefined;
  standResetToken(token: string, userId: number): void;
  /** Every session and reset token that works now, read when the journal redacts (never on a request's path). */
  liveTokens(): Iterable<string>;
  readonly outbox: readonly MailMessage[];
  /** Bytes the API's writes hold in memory (the overlay's records, as budget.ts weighs them). */
  readonly bytes: number;
  /** Holds the store's writes to the budget from now on: a write past a bound is refused before it is made. */
  bound(budget: StoreBudget): void;
  companyOf(user: UserRecord): { id: number; name: string };
  companyMembers(companyId: number): UserRecord[];
  /** Ids of a user's clients, newest first. */
  ownClientIds(userId: number): readonly number[];
  /** Ids of the clients of every member of a company, newest first. */
  companyClientIds(companyId: number): readonly number[];
  /** Ids of a user's clients whose name, surname, e-mail, phones, project or quote number hold the keyword (lower
   *  case), newest first; `fields` (searchMask) keeps only some of those fields. */
  searchClients(userId: number, keyword: string, fields?: number): readonly number[];
  /** In a large world, makes the search texts of the users with the most clients in the background (a turn of the event loop a block), until done or `stopped()`. */
  warmSearch(stopped?: () => boolean): Promise<void>;
  client(id: number): ClientRecord | undefined;
  updateClient(id: number, patch: ClientPatch): ClientRecord;
  deleteClient(id: number): void;
  room(id: number): Room | undefined;
  roomsOfClient(clientId: number): Room[];
  measurement(id: number): MeasurementRecord | undefined;
  measurementsInRoom(roomId: number): MeasurementRecord[];
  saveMeasurement(m: Omit<MeasurementRecord, 'id' | 'created_at' | 'group_id'> & { id?: number }): MeasurementRecord;
  snapshot(): StateSnapshot;
  /** Called after every change; the state file hangs here. */
  onChange(listener: () => void): void;
  /** Every write to the records a snapshot holds, for the state file's log and its undo. */
  readonly changes: ChangeLog;
  /** A store made afresh from this one's records (after an undo: its lists and indexes follow them). */
  restored(): Store;
}
