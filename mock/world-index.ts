// The maps MemoryStore reads through: built once from a world and kept in step
// by each write, so that a lookup or a page costs the same whatever the size
// of the world. Only the index changes here; the world's lists are the store's.
import type {
  ClientRecord,
  Company,
  MeasurementRecord,
  Room,
  Subscription,
  UserRecord,
  World,
} from '../fixtures/types.js';

export const byIdDesc = (a: number, b: number) => b - a;

export class WorldIndex {
  readonly users = new Map<number, UserRecord>();
  readonly usersByEmail = new Map<string, UserRecord>();
  readonly companies = new Map<number, Company>();
  readonly subsByUser = new Map<number, Subscription>();
  readonly clients = new Map<number, ClientRecord>();
  /** Lower-case text a keyword is looked for in, by client id. */
  readonly search = new Map<number, string>();
  /** Client ids by owner, newest first. */
  readonly clientsByUser = new Map<number, number[]>();
  readonly rooms = new Map<number, Room>();
  readonly roomsByClient = new Map<number, Room[]>();
  readonly measurements = new Map<number, MeasurementRecord>();
  readonly measurementsByRoom = new Map<number, MeasurementRecord[]>();
  private companyClients = new Map<number, number[]>();
  lastUserId = 0;
  lastMeasurementId = 0;

  constructor(world: World) {
    this.indexSubscriptions(world.subscriptions);
    for (const c of world.companies) this.addCompany(c);
    for (const u of world.users) this.addUser(u);
    for (const c of world.clients) this.addClient(c);
    for (const list of this.clientsByUser.values()) list.sort(byIdDesc);
    for (const r of world.rooms) {
      this.rooms.set(r.id, r);
      const list = this.roomsByClient.get(r.client_id) ?? [];
      list.push(r);
      this.roomsByClient.set(r.client_id, list);
    }
    for (const m of world.measurements) this.addMeasurement(m);
  }

  indexSubscriptions(subscriptions: readonly Subscription[]): void {
    this.subsByUser.clear();
    for (const sub of subscriptions) if (sub.status === 'active') this.subsByUser.set(sub.user_id, sub);
  }

  addCompany(c: Company): void {
    this.companies.set(c.id, c);
  }

  addUser(u: UserRecord): void {
    this.lastUserId = Math.max(this.lastUserId, u.id);
    this.users.set(u.id, u);
    this.usersByEmail.set(u.email.toLowerCase(), u);
  }

  /** Appended: the newest client of its owner only once the constructor has sorted. */
  addClient(c: ClientRecord): void {
    this.clients.set(c.id, c);
    this.search.set(c.id, searchTextOf(c));
    const list = this.clientsByUser.get(c.user_id) ?? [];
    list.push(c.id);
    this.clientsByUser.set(c.user_id, list);
  }

  /** After a change of the client's fields. */
  reindexClient(c: ClientRecord): void {
    this.search.set(c.id, searchTextOf(c));
  }

  removeClient(c: ClientRecord): void {
    this.clients.delete(c.id);
    this.search.delete(c.id);
    const list = this.clientsByUser.get(c.user_id);
    if (list) list.splice(list.indexOf(c.id), 1);
    this.companyClients.clear();
  }

  /** Ids of the clients of every member of a company, newest first; kept until a client goes. */
  companyClientIds(companyId: number, members: () => readonly UserRecord[]): readonly number[] {
    let ids = this.companyClients.get(companyId);
    if (!ids) {
      ids = members()
        .flatMap((u) => this.clientsByUser.get(u.id) ?? [])
        .sort(byIdDesc);
      this.companyClients.set(companyId, ids);
    }
    return ids;
  }

  addMeasurement(m: MeasurementRecord): void {
    this.lastMeasurementId = Math.max(this.lastMeasurementId, m.id);
    this.measurements.set(m.id, m);
    if (m.room_id === null) return;
    const list = this.measurementsByRoom.get(m.room_id) ?? [];
    list.push(m);
    this.measurementsByRoom.set(m.room_id, list);
  }

  /** Takes a measurement out of its room's list, before it moves to another. */
  leaveRoom(m: MeasurementRecord): void {
    if (m.room_id === null) return;
    const list = this.measurementsByRoom.get(m.room_id) ?? [];
    list.splice(list.indexOf(m), 1);
  }
}

function searchTextOf(c: ClientRecord): string {
  return [c.name, c.surname, c.email, c.phone_no, c.phone, c.project_name ?? '', c.quote_no]
    .join('\u0000')
    .toLowerCase();
}
