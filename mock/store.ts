// The mock's state behind a small interface (store-types.ts). MemoryStore keeps
// a world in memory, with its indexes in WorldIndex and its sessions and reset
// tokens in Sessions.
import { randomBytes } from 'node:crypto';
import { isoMicros } from '../fixtures/time.js';
import type { MeasurementRecord, UserRecord, World } from '../fixtures/types.js';
import { hashPassword, verifyPassword } from '../fixtures/world.js';
import { Sessions } from './sessions.js';
import { WorldIndex } from './world-index.js';

export type {
  ClientPatch,
  InvalidationReason,
  MailMessage,
  ReferenceLists,
  Session,
  StateSnapshot,
  Store,
} from './store-types.js';
export { INVALIDATION_REASONS } from './store-types.js';

import type { ClientPatch, InvalidationReason, ReferenceLists, StateSnapshot, Store } from './store-types.js';

export class MemoryStore implements Store {
  world: World;
  private ix: WorldIndex;
  private tokens: Sessions;
  private listeners: Array<() => void> = [];

  constructor(
    state: World | StateSnapshot,
    private readonly now: () => Date = () => new Date(),
  ) {
    const snapshot = 'world' in state ? state : undefined;
    this.world = snapshot ? snapshot.world : (state as World);
    this.tokens = new Sessions(snapshot);
    this.ix = new WorldIndex(this.world);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  userByEmail(email: string) {
    return this.ix.usersByEmail.get(email.trim().toLowerCase());
  }

  userById(id: number) {
    return this.ix.users.get(id);
  }

  userByToken(token: string) {
    const id = this.tokens.userIdOf(token);
    const user = id === undefined ? undefined : this.ix.users.get(id);
    return user?.active ? user : undefined;
  }

  checkPassword(user: UserRecord, password: string) {
    return verifyPassword(password, user.password_hash);
  }

  issueToken(userId: number, platform: string, deviceToken: string, token?: string) {
    const issued = this.tokens.issue(userId, platform, deviceToken, isoMicros(this.now(), 0), token);
    this.changed();
    return issued;
  }

  revokeToken(token: string) {
    this.tokens.revoke(token);
    this.changed();
  }

  revokeUserTokens(userId: number, reason: InvalidationReason) {
    const n = this.tokens.revokeUser(userId);
    const user = this.ix.users.get(userId);
    if (reason === 'deactivation' && user) user.active = false;
    this.changed();
    return n;
  }

  createUser(input: {
    name: string;
    surname: string;
    email: string;
    password: string;
    phone_no: string | null;
    company_name: string;
  }) {
    const companyId = this.world.companies.length + 1;
    const company = { id: companyId, name: input.company_name || `${input.name} ${input.surname}`.trim() };
    this.world.companies.push(company);
    this.ix.addCompany(company);
    const id = this.ix.lastUserId + 1;
    const user: UserRecord = {
      id,
      name: input.name,
      surname: input.surname,
      email: input.email.toLowerCase(),
      phone_no: input.phone_no,
      profile_image: 'https://cdn.example.com/profile/default.png',
      company_id: companyId,
      created_at: isoMicros(this.now(), 0),
      password_hash: hashPassword(input.password, randomBytes(8).toString('hex')),
      active: true,
    };
    this.world.users.push(user);
    this.ix.addUser(user);
    this.changed();
    return user;
  }

  setPassword(userId: number, password: string) {
    const user = this.ix.users.get(userId);
    if (!user) return;
    user.password_hash = hashPassword(password, randomBytes(8).toString('hex'));
    this.revokeUserTokens(userId, 'password_change');
  }

  activeSubscription(userId: number) {
    return this.ix.subsByUser.get(userId);
  }

  setSubscription(userId: number, planId: number | null) {
    this.world.subscriptions = this.world.subscriptions.filter((s) => s.user_id !== userId);
    if (planId !== null) {
      const start = this.now();
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      const id = Math.max(300, ...this.world.subscriptions.map((s) => s.id)) + 1;
      this.world.subscriptions.push({
        id,
        user_id: userId,
        plan_id: planId,
        status: 'active',
        started_at: isoMicros(start, 0),
        expires_at: isoMicros(end, 0),
      });
    }
    this.ix.indexSubscriptions(this.world.subscriptions);
    this.changed();
  }

  get outbox() {
    return this.tokens.outbox;
  }

  createResetToken(user: UserRecord) {
    const token = this.tokens.mailResetToken(user.id, user.email, isoMicros(this.now(), 0));
    this.changed();
    return token;
  }

  consumeResetToken(token: string, email: string) {
    const userId = this.tokens.resetTokenOwner(token);
    const user = userId === undefined ? undefined : this.ix.users.get(userId);
    if (!user || user.email !== email.trim().toLowerCase()) return undefined;
    this.tokens.spendResetToken(token);
    return user;
  }

  /** A reset token that stays valid after use: the spec's example, so that it can be replayed. */
  standResetToken(token: string, userId: number) {
    this.tokens.standResetToken(token, userId);
  }

  reference(): ReferenceLists {
    return this.world;
  }

  // Short lists, looked up in place: a test may swap one for a broken one.
  plan(id: number) {
    return this.world.plans.find((p) => p.id === id);
  }

  measurementType(id: number) {
    return this.world.measurementTypes.find((t) => t.id === id);
  }

  leadSource(id: number) {
    return this.world.leadSources.find((s) => s.id === id);
  }

  companyOf(user: UserRecord) {
    return this.ix.companies.get(user.company_id) ?? { id: user.company_id, name: '' };
  }

  companyMembers(companyId: number) {
    return this.world.users.filter((u) => u.company_id === companyId);
  }

  ownClientIds(userId: number) {
    return this.ix.clientsByUser.get(userId) ?? [];
  }

  companyClientIds(companyId: number) {
    return this.ix.companyClientIds(companyId, () => this.companyMembers(companyId));
  }

  client(id: number) {
    return this.ix.clients.get(id);
  }

  searchText(id: number) {
    return this.ix.search.get(id) ?? '';
  }

  updateClient(id: number, patch: ClientPatch) {
    const c = this.ix.clients.get(id);
    if (!c) throw new Error(`no client ${id}`);
    Object.assign(c, patch);
    this.ix.reindexClient(c);
    this.changed();
    return c;
  }

  deleteClient(id: number) {
    const c = this.ix.clients.get(id);
    if (!c) return;
    this.ix.removeClient(c);
    this.world.clients = this.world.clients.filter((x) => x.id !== id);
    this.changed();
  }

  room(id: number) {
    return this.ix.rooms.get(id);
  }

  roomsOfClient(clientId: number) {
    return this.ix.roomsByClient.get(clientId) ?? [];
  }

  measurement(id: number) {
    return this.ix.measurements.get(id);
  }

  measurementsInRoom(roomId: number) {
    return this.ix.measurementsByRoom.get(roomId) ?? [];
  }

  saveMeasurement(input: Omit<MeasurementRecord, 'id' | 'created_at' | 'group_id'> & { id?: number }) {
    const existing = input.id ? this.ix.measurements.get(input.id) : undefined;
    if (existing) {
      const moved = existing.room_id !== input.room_id;
      if (moved) this.ix.leaveRoom(existing);
      Object.assign(existing, { ...input, id: existing.id });
      if (moved) this.ix.addMeasurement(existing);
      this.changed();
      return existing;
    }
    const inRoom = input.room_id === null ? [] : this.measurementsInRoom(input.room_id);
    const record: MeasurementRecord = {
      ...input,
      id: this.ix.lastMeasurementId + 1,
      group_id: Math.max(0, ...inRoom.map((m) => m.group_id)) + 1,
      created_at: isoMicros(this.now(), Math.floor(Math.random() * 1000)),
    };
    this.world.measurements.push(record);
    this.ix.addMeasurement(record);
    this.changed();
    return record;
  }

  snapshot(): StateSnapshot {
    return { version: 1, world: this.world, ...this.tokens.snapshot() };
  }
}
