// The mock's state behind a small interface (store.ts). MemoryStore reads
// a generated world (made on demand from the seed) with the API's writes in an
// overlay over it; users and plans in People, clients, rooms and measurements in
// ClientRecords, ownership lists and search texts in ClientLists, sessions and
// reset tokens in Sessions. Memory grows with what is read and written, not
// with the size of the world.
import { randomBytes } from 'node:crypto';
import { isoMicros } from '../../fixtures/time.js';
import type { MeasurementRecord, UserRecord } from '../../fixtures/types.js';
import { GeneratedWorld, hashPassword, verifyPassword } from '../../fixtures/world.js';
import type { StoreBudget } from './budget.js';
import { ChangeLog } from './changes.js';
import { ClientLists } from './client-lists.js';
import { ClientRecords } from './client-records.js';
import { Overlay } from './overlay.js';
import { People } from './people.js';
import { SESSION_LIMITS, Sessions } from './sessions.js';
import type { ClientPatch, NewUser, ReferenceLists, StateSnapshot, Store, UserWideReason } from './store.js';

export class MemoryStore implements Store {
  readonly seed: number;
  readonly size: number;
  private readonly gen: GeneratedWorld;
  private readonly overlay: Overlay;
  private readonly tokens: Sessions;
  private readonly lists: ClientLists;
  private readonly refLists: ReferenceLists;
  private readonly people: People;
  private readonly records: ClientRecords;
  private lastMeasurementId: number;
  private listeners: Array<() => void> = [];
  /** Every write to the overlay and the sessions, for the state file's log (and its undo). */
  readonly changes = new ChangeLog();

  /** Over a world as generated, or as a state file left it (its world made again from its seed and size, unless `world` is that world). */
  constructor(
    state: GeneratedWorld | StateSnapshot,
    private readonly now: () => Date = () => new Date(),
    world?: GeneratedWorld,
  ) {
    const saved = state instanceof GeneratedWorld ? undefined : state;
    this.gen = !saved
      ? (state as GeneratedWorld)
      : world?.seed === saved.seed && world.size === saved.clients
        ? world
        : new GeneratedWorld({ seed: saved.seed, clients: saved.clients });
    this.seed = this.gen.seed;
    this.size = this.gen.size;
    this.overlay = new Overlay(saved?.overlay, this.changes);
    this.tokens = new Sessions(saved, SESSION_LIMITS, this.changes);
    this.refLists = { ...this.gen.reference };
    this.people = new People(this.gen, this.overlay);
    this.records = new ClientRecords(this.gen, this.overlay);
    this.lastMeasurementId = this.gen.lastMeasurementId;
    for (const id of this.overlay.measurements.keys()) this.lastMeasurementId = Math.max(this.lastMeasurementId, id);
    this.lists = new ClientLists(
      this.gen,
      this.overlay,
      (id) => this.people.byId(id)?.company_id,
      (id) => this.people.membersOf(id).map((u) => u.id),
    );
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  userByEmail(email: string) {
    return this.people.byAddress(email);
  }

  userById(id: number) {
    return this.people.byId(id);
  }

  userByToken(token: string) {
    const id = this.tokens.userIdOf(token);
    const user = id === undefined ? undefined : this.people.byId(id);
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

  latestToken(userId: number) {
    return this.tokens.latestOf(userId);
  }

  revokeUserTokens(userId: number, reason: UserWideReason) {
    // The account first: a world past its bytes refuses the change (budget.ts) before any token has ended.
    if (reason === 'deactivation') this.people.change(userId, { active: false });
    const n = this.tokens.revokeUser(userId);
    this.changed();
    return n;
  }

  createUser(input: NewUser) {
    const user = this.people.add(
      {
        name: input.name,
        surname: input.surname,
        email: input.email.toLowerCase(),
        phone_no: input.phone_no,
        profile_image: 'https://cdn.example.com/profile/default.png',
        created_at: isoMicros(this.now(), 0),
        password_hash: hashPassword(input.password, randomBytes(8).toString('hex')),
        active: true,
      },
      input.company_name || `${input.name} ${input.surname}`.trim(),
    );
    this.changed();
    return user;
  }

  setPassword(userId: number, password: string) {
    if (!this.people.byId(userId)) return;
    this.people.change(userId, { password_hash: hashPassword(password, randomBytes(8).toString('hex')) });
    this.revokeUserTokens(userId, 'password_change');
  }

  activeSubscription(userId: number) {
    return this.people.plan(userId);
  }

  setSubscription(userId: number, planId: number | null) {
    this.people.setPlan(userId, planId, this.now(), (d) => isoMicros(d, 0));
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
    const user = userId === undefined ? undefined : this.people.byId(userId);
    if (!user || user.email !== email.trim().toLowerCase()) return undefined;
    this.tokens.spendResetToken(token);
    return user;
  }

  /** A reset token that stays valid after use: the spec's example, so that it can be replayed. */
  standResetToken(token: string, userId: number) {
    this.tokens.standResetToken(token, userId);
  }

  liveTokens() {
    return this.tokens.liveTokens();
  }

  get bytes() {
    return this.overlay.meter.bytes;
  }

  bound(budget: StoreBudget) {
    this.overlay.meter.budget = budget;
  }

  reference(): ReferenceLists {
    return this.refLists;
  }

  // Short lists, looked up in place: a test may swap one for a broken one.
  plan(id: number) {
    return this.refLists.plans.find((p) => p.id === id);
  }

  measurementType(id: number) {
    return this.refLists.measurementTypes.find((t) => t.id === id);
  }

  leadSource(id: number) {
    return this.refLists.leadSources.find((s) => s.id === id);
  }

  companyOf(user: UserRecord) {
    return this.people.companyOf(user);
  }

  companyMembers(companyId: number) {
    return this.people.membersOf(companyId);
  }

  ownClientIds(userId: number) {
    return this.lists.ofUser(userId);
  }

  companyClientIds(companyId: number) {
    return this.lists.ofCompany(companyId);
  }

  searchClients(userId: number, keyword: string, fields?: number) {
    return this.lists.search(userId, keyword, fields);
  }

  warmSearch(stopped?: () => boolean) {
    return this.lists.warmSearch(stopped);
  }

  client(id: number) {
    return this.records.client(id);
  }

  updateClient(id: number, patch: ClientPatch) {
    const c = this.client(id);
    if (!c) throw new Error(`no client ${id}`);
    const next = { ...c, ...patch };
    this.overlay.clients.set(id, next);
    this.lists.changed(id, c.user_id);
    this.changed();
    return next;
  }

  deleteClient(id: number) {
    const c = this.client(id);
    if (!c) return;
    this.overlay.clients.set(id, null);
    this.lists.removed(id, c.user_id);
    this.changed();
  }

  room(id: number) {
    return this.records.room(id);
  }

  roomsOfClient(clientId: number) {
    return this.records.roomsOfClient(clientId);
  }

  measurement(id: number) {
    return this.records.measurement(id);
  }

  measurementsInRoom(roomId: number) {
    return this.records.measurementsInRoom(roomId);
  }

  saveMeasurement(input: Omit<MeasurementRecord, 'id' | 'created_at' | 'group_id'> & { id?: number }) {
    const existing = input.id ? this.measurement(input.id) : undefined;
    let record: MeasurementRecord;
    if (existing) record = { ...existing, ...input, id: existing.id };
    else {
      const inRoom = input.room_id === null ? [] : this.measurementsInRoom(input.room_id);
      record = {
        ...input,
        id: ++this.lastMeasurementId,
        group_id: Math.max(0, ...inRoom.map((m) => m.group_id)) + 1,
        created_at: isoMicros(this.now(), Math.floor(Math.random() * 1000)),
      };
    }
    this.overlay.putMeasurement(record);
    this.changed();
    return record;
  }

  /** A store made afresh from this one's records: after an undo, the lists and indexes built over them follow. */
  restored(): MemoryStore {
    const saved = this.snapshot();
    const store = new MemoryStore({ ...saved, outbox: [...saved.outbox] }, this.now, this.gen);
    store.tokens.keepStanding(this.tokens);
    store.overlay.meter.budget = this.overlay.meter.budget;
    return store;
  }

  snapshot(): StateSnapshot {
    return {
      version: 3,
      seed: this.seed,
      clients: this.size,
      overlay: this.overlay.snapshot(),
      ...this.tokens.snapshot(),
    };
  }
}
