// The mock's state behind a small interface. MemoryStore keeps a world in
// memory with the indexes the handlers need, so that reading a page costs the
// same whatever the size of the world.
import { randomBytes } from 'node:crypto';
import { isoMicros } from '../fixtures/time.js';
import type { ClientRecord, MeasurementRecord, Room, Subscription, UserRecord, World } from '../fixtures/types.js';
import { hashPassword, verifyPassword } from '../fixtures/world.js';

export type { ClientPatch, InvalidationReason, MailMessage, Session, StateSnapshot, Store } from './store-types.js';
export { INVALIDATION_REASONS } from './store-types.js';

import type { ClientPatch, InvalidationReason, MailMessage, Session, StateSnapshot, Store } from './store-types.js';

const newToken = () => randomBytes(32).toString('hex');
const byIdDesc = (a: number, b: number) => b - a;

export class MemoryStore implements Store {
  world: World;
  private users = new Map<number, UserRecord>();
  private usersByEmail = new Map<string, UserRecord>();
  private sessions = new Map<string, Session>();
  private resetTokens = new Map<string, number>();
  private standing = new Set<string>();
  outbox: MailMessage[] = [];
  private clients = new Map<number, ClientRecord>();
  private search = new Map<number, string>();
  private clientsByUser = new Map<number, number[]>();
  private companyCache = new Map<number, number[]>();
  private rooms = new Map<number, Room>();
  private roomsByClient = new Map<number, Room[]>();
  private measurements = new Map<number, MeasurementRecord>();
  private measurementsByRoom = new Map<number, MeasurementRecord[]>();
  private listeners: Array<() => void> = [];
  private lastUserId = 0;
  private subsByUser = new Map<number, Subscription>();
  private companies = new Map<number, { id: number; name: string }>();
  private lastMeasurementId = 0;

  constructor(
    state: World | StateSnapshot,
    private readonly now: () => Date = () => new Date(),
  ) {
    const snapshot = 'world' in state ? state : undefined;
    this.world = snapshot ? snapshot.world : (state as World);
    for (const s of snapshot?.sessions ?? []) this.sessions.set(s.token, s);
    for (const r of snapshot?.resetTokens ?? []) this.resetTokens.set(r.token, r.user_id);
    this.outbox = snapshot?.outbox ?? [];
    this.index();
  }

  private index(): void {
    this.indexSubscriptions();
    for (const c of this.world.companies) this.companies.set(c.id, c);
    for (const u of this.world.users) {
      this.lastUserId = Math.max(this.lastUserId, u.id);
      this.users.set(u.id, u);
      this.usersByEmail.set(u.email.toLowerCase(), u);
    }
    for (const c of this.world.clients) this.addClientToIndex(c);
    for (const list of this.clientsByUser.values()) list.sort(byIdDesc);
    for (const r of this.world.rooms) {
      this.rooms.set(r.id, r);
      const list = this.roomsByClient.get(r.client_id) ?? [];
      list.push(r);
      this.roomsByClient.set(r.client_id, list);
    }
    for (const m of this.world.measurements) this.addMeasurementToIndex(m);
  }

  private indexSubscriptions(): void {
    this.subsByUser.clear();
    for (const sub of this.world.subscriptions) if (sub.status === 'active') this.subsByUser.set(sub.user_id, sub);
  }

  private addClientToIndex(c: ClientRecord): void {
    this.clients.set(c.id, c);
    this.search.set(c.id, searchTextOf(c));
    const list = this.clientsByUser.get(c.user_id) ?? [];
    list.push(c.id);
    this.clientsByUser.set(c.user_id, list);
  }

  private addMeasurementToIndex(m: MeasurementRecord): void {
    this.lastMeasurementId = Math.max(this.lastMeasurementId, m.id);
    this.measurements.set(m.id, m);
    if (m.room_id === null) return;
    const list = this.measurementsByRoom.get(m.room_id) ?? [];
    list.push(m);
    this.measurementsByRoom.set(m.room_id, list);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  userByEmail(email: string) {
    return this.usersByEmail.get(email.trim().toLowerCase());
  }

  userById(id: number) {
    return this.users.get(id);
  }

  userByToken(token: string) {
    const s = this.sessions.get(token);
    const user = s && this.users.get(s.user_id);
    return user?.active ? user : undefined;
  }

  checkPassword(user: UserRecord, password: string) {
    return verifyPassword(password, user.password_hash);
  }

  issueToken(userId: number, platform: string, deviceToken: string, token = newToken()) {
    this.sessions.set(token, {
      token,
      user_id: userId,
      platform,
      device_token: deviceToken,
      created_at: isoMicros(this.now(), 0),
    });
    this.changed();
    return token;
  }

  revokeToken(token: string) {
    this.sessions.delete(token);
    this.changed();
  }

  revokeUserTokens(userId: number, reason: InvalidationReason) {
    let n = 0;
    for (const [token, s] of this.sessions) {
      if (s.user_id === userId) {
        this.sessions.delete(token);
        n++;
      }
    }
    const user = this.users.get(userId);
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
    this.companies.set(companyId, company);
    const id = ++this.lastUserId;
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
    this.users.set(id, user);
    this.usersByEmail.set(user.email, user);
    this.changed();
    return user;
  }

  setPassword(userId: number, password: string) {
    const user = this.users.get(userId);
    if (!user) return;
    user.password_hash = hashPassword(password, randomBytes(8).toString('hex'));
    this.revokeUserTokens(userId, 'password_change');
  }

  activeSubscription(userId: number) {
    return this.subsByUser.get(userId);
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
    this.indexSubscriptions();
    this.changed();
  }

  createResetToken(user: UserRecord) {
    const token = randomBytes(16).toString('hex');
    this.resetTokens.set(token, user.id);
    this.outbox.push({
      to: user.email,
      subject: 'Reset your password',
      reset_token: token,
      sent_at: isoMicros(this.now(), 0),
    });
    this.changed();
    return token;
  }

  consumeResetToken(token: string, email: string) {
    const userId = this.resetTokens.get(token);
    const user = userId === undefined ? undefined : this.users.get(userId);
    if (!user || user.email !== email.trim().toLowerCase()) return undefined;
    if (!this.standing.has(token)) this.resetTokens.delete(token);
    return user;
  }

  /** A reset token that stays valid after use: the spec's example, so that it can be replayed. */
  standResetToken(token: string, userId: number) {
    this.resetTokens.set(token, userId);
    this.standing.add(token);
  }

  companyOf(user: UserRecord) {
    return this.companies.get(user.company_id) ?? { id: user.company_id, name: '' };
  }

  companyMembers(companyId: number) {
    return this.world.users.filter((u) => u.company_id === companyId);
  }

  ownClientIds(userId: number) {
    return this.clientsByUser.get(userId) ?? [];
  }

  companyClientIds(companyId: number) {
    let ids = this.companyCache.get(companyId);
    if (!ids) {
      ids = this.companyMembers(companyId)
        .flatMap((u) => this.ownClientIds(u.id))
        .sort(byIdDesc);
      this.companyCache.set(companyId, ids);
    }
    return ids;
  }

  client(id: number) {
    return this.clients.get(id);
  }

  searchText(id: number) {
    return this.search.get(id) ?? '';
  }

  updateClient(id: number, patch: ClientPatch) {
    const c = this.clients.get(id);
    if (!c) throw new Error(`no client ${id}`);
    Object.assign(c, patch);
    this.search.set(id, searchTextOf(c));
    this.changed();
    return c;
  }

  deleteClient(id: number) {
    const c = this.clients.get(id);
    if (!c) return;
    this.clients.delete(id);
    this.search.delete(id);
    const list = this.clientsByUser.get(c.user_id);
    if (list) list.splice(list.indexOf(id), 1);
    this.companyCache.clear();
    this.world.clients = this.world.clients.filter((x) => x.id !== id);
    this.changed();
  }

  room(id: number) {
    return this.rooms.get(id);
  }

  roomsOfClient(clientId: number) {
    return this.roomsByClient.get(clientId) ?? [];
  }

  measurement(id: number) {
    return this.measurements.get(id);
  }

  measurementsInRoom(roomId: number) {
    return this.measurementsByRoom.get(roomId) ?? [];
  }

  saveMeasurement(input: Omit<MeasurementRecord, 'id' | 'created_at' | 'group_id'> & { id?: number }) {
    const existing = input.id ? this.measurements.get(input.id) : undefined;
    if (existing) {
      const moved = existing.room_id !== input.room_id;
      if (moved && existing.room_id !== null) {
        const list = this.measurementsByRoom.get(existing.room_id) ?? [];
        list.splice(list.indexOf(existing), 1);
      }
      Object.assign(existing, { ...input, id: existing.id });
      if (moved) this.addMeasurementToIndex(existing);
      this.changed();
      return existing;
    }
    const inRoom = input.room_id === null ? [] : this.measurementsInRoom(input.room_id);
    const record: MeasurementRecord = {
      ...input,
      id: this.lastMeasurementId + 1,
      group_id: Math.max(0, ...inRoom.map((m) => m.group_id)) + 1,
      created_at: isoMicros(this.now(), Math.floor(Math.random() * 1000)),
    };
    this.world.measurements.push(record);
    this.addMeasurementToIndex(record);
    this.changed();
    return record;
  }

  snapshot(): StateSnapshot {
    return {
      version: 1,
      world: this.world,
      sessions: [...this.sessions.values()],
      resetTokens: [...this.resetTokens].map(([token, user_id]) => ({ token, user_id })),
      outbox: this.outbox,
    };
  }
}

function searchTextOf(c: ClientRecord): string {
  return [c.name, c.surname, c.email, c.phone_no, c.phone, c.project_name ?? '', c.quote_no]
    .join('\u0000')
    .toLowerCase();
}
