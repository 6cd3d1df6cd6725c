// The writes that sit over a generated world: whatever the API changed, added
// or deleted, and nothing else. The state file keeps this (with the seed and
// size), so it stays small whatever the size of the world.
import type { ClientRecord, Company, MeasurementRecord, Subscription, UserRecord } from '../../fixtures/types.js';
import { Meter, MeteredMap } from './budget.js';
import { ChangeLog } from './changes.js';

export interface OverlaySnapshot {
  /** Companies made by sign-up. */
  companies: Company[];
  /** Users made by sign-up, or changed (password, deactivation): the whole record. */
  users: UserRecord[];
  /** Plans changed, by user: the new plan, or null for none. */
  subscriptions: Array<{ user_id: number; subscription: Subscription | null }>;
  /** Clients changed (the whole record) or deleted (null). */
  clients: Array<{ id: number; record: ClientRecord | null }>;
  /** Measurements added or edited: the whole record. */
  measurements: MeasurementRecord[];
}

const emptyOverlay = (): OverlaySnapshot => ({
  companies: [],
  users: [],
  subscriptions: [],
  clients: [],
  measurements: [],
});

/** The overlay's maps tell `changes` of every write (the state file's log is written from it), and count their bytes on `meter`. */
export class Overlay {
  /** Bytes the overlay's records hold, and the budget they are held to (budget.ts). */
  readonly meter = new Meter();
  readonly companies: Map<number, Company>;
  readonly users: Map<number, UserRecord>;
  readonly subscriptions: Map<number, Subscription | null>;
  readonly clients: Map<number, ClientRecord | null>;
  readonly measurements: Map<number, MeasurementRecord>;
  /** Ids of the overlay's measurements by room, so a room's list need not scan them all. */
  private readonly byRoom = new Map<number, Set<number>>();

  constructor(saved: OverlaySnapshot = emptyOverlay(), changes = new ChangeLog()) {
    this.companies = new MeteredMap(changes, 'companies', this.meter);
    this.users = new MeteredMap(changes, 'users', this.meter);
    this.subscriptions = new MeteredMap(changes, 'subscriptions', this.meter);
    this.clients = new MeteredMap(changes, 'clients', this.meter);
    this.measurements = new MeteredMap(changes, 'measurements', this.meter);
    for (const c of saved.companies) this.companies.set(c.id, c);
    for (const u of saved.users) this.users.set(u.id, u);
    for (const s of saved.subscriptions) this.subscriptions.set(s.user_id, s.subscription);
    for (const c of saved.clients) this.clients.set(c.id, c.record);
    for (const m of saved.measurements) this.putMeasurement(m);
  }

  putMeasurement(m: MeasurementRecord): void {
    const before = this.measurements.get(m.id);
    if (before?.room_id != null) this.byRoom.get(before.room_id)?.delete(m.id);
    this.measurements.set(m.id, m);
    if (m.room_id === null) return;
    const ids = this.byRoom.get(m.room_id) ?? new Set<number>();
    ids.add(m.id);
    this.byRoom.set(m.room_id, ids);
  }

  /** The overlay's measurements now in a room, by id. */
  inRoom(roomId: number): MeasurementRecord[] {
    const ids = [...(this.byRoom.get(roomId) ?? [])].sort((a, b) => a - b);
    return ids.map((id) => this.measurements.get(id)!);
  }

  snapshot(): OverlaySnapshot {
    return {
      companies: [...this.companies.values()],
      users: [...this.users.values()],
      subscriptions: [...this.subscriptions].map(([user_id, subscription]) => ({ user_id, subscription })),
      clients: [...this.clients].map(([id, record]) => ({ id, record })),
      measurements: [...this.measurements.values()],
    };
  }
}
