// Clients, rooms and measurements as the store reads them: made from the
// seed on demand (the generated ones kept in bounded caches, so memory follows
// what is read, not the size of the world), with the overlay's changes laid
// over them. Writes stay in MemoryStore: they also touch the ownership lists
// and tell the state file.
import { LRUCache } from 'lru-cache';
import { clientOfRoom, roomOfMeasurement } from '../../fixtures/rooms.js';
import type { ClientRecord, MeasurementRecord, Room } from '../../fixtures/types.js';
import type { GeneratedWorld } from '../../fixtures/world.js';
import type { Overlay } from './overlay.js';

/** Generated clients and clients' rooms kept once made: enough for every page a session walks back to. */
const CLIENTS_KEPT = 10_000;
const ROOMS_KEPT = 2_000;
const one = () => 1;

/**
 * The generated records made so far, kept per generated world and shared by
 * every store over it (each world of mock/worlds, and a reset's new store): a
 * generated record is never changed (a change goes to the overlay), so a
 * thousand worlds read one copy of the clients they all read.
 */
class Made {
  // Bounded by maxSize at one per entry, not by max: max makes its arrays up front (160 KB a cache).
  readonly clients = new LRUCache<number, ClientRecord>({ maxSize: CLIENTS_KEPT, sizeCalculation: one });
  readonly rooms = new LRUCache<number, ReturnType<GeneratedWorld['roomsOf']>>({
    maxSize: ROOMS_KEPT,
    sizeCalculation: one,
  });
}

const madeOf = new WeakMap<GeneratedWorld, Made>();

export class ClientRecords {
  private readonly clients: Made['clients'];
  private readonly rooms: Made['rooms'];

  constructor(
    private readonly gen: GeneratedWorld,
    private readonly overlay: Overlay,
  ) {
    let made = madeOf.get(gen);
    if (!made) {
      made = new Made();
      madeOf.set(gen, made);
    }
    this.clients = made.clients;
    this.rooms = made.rooms;
  }

  client(id: number): ClientRecord | undefined {
    const changed = this.overlay.clients.get(id);
    if (changed !== undefined) return changed ?? undefined;
    if (!this.gen.has(id)) return undefined;
    let c = this.clients.get(id);
    if (!c) {
      c = this.gen.client(id);
      this.clients.set(id, c);
    }
    return c;
  }

  /** The client's rooms and measurements as generated; none for an id never generated. */
  private made(clientId: number) {
    if (!this.gen.has(clientId)) return { rooms: [], measurements: [] };
    let made = this.rooms.get(clientId);
    if (!made) {
      made = this.gen.roomsOf(clientId);
      this.rooms.set(clientId, made);
    }
    return made;
  }

  room(id: number): Room | undefined {
    return this.made(clientOfRoom(id)).rooms.find((r) => r.id === id);
  }

  roomsOfClient(clientId: number): Room[] {
    return this.made(clientId).rooms;
  }

  measurement(id: number): MeasurementRecord | undefined {
    const changed = this.overlay.measurements.get(id);
    if (changed || id > this.gen.lastMeasurementId) return changed;
    return this.made(clientOfRoom(roomOfMeasurement(id))).measurements.find((m) => m.id === id);
  }

  /** The room's generated measurements as the overlay left them, then those added or moved in. */
  measurementsInRoom(roomId: number): MeasurementRecord[] {
    const generated = this.made(clientOfRoom(roomId)).measurements.filter((m) => m.room_id === roomId);
    const ids = new Set(generated.map((m) => m.id));
    const kept = generated.map((m) => this.overlay.measurements.get(m.id) ?? m).filter((m) => m.room_id === roomId);
    return [...kept, ...this.overlay.inRoom(roomId).filter((m) => !ids.has(m.id))];
  }
}
