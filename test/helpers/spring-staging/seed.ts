// Realistic seed data, drawn from a seeded generator so a run is repeatable:
// main's company (a plan, four members, clients across them, rooms holding
// every form kind), another company with its own clients, and a company
// without a plan.
import { type Client, hashPassword, type Room, type Store, type User } from './store.js';

export interface Account {
  email: string;
  password: string;
}

export interface Accounts {
  main: Account;
  other: Account;
  nosub: Account;
  password: Account;
}

export const DEFAULT_ACCOUNTS: Accounts = {
  main: { email: 'dana.whitfield@brightline-blinds.test', password: 'Measure-2025!' },
  other: { email: 'omar.haddad@harborshade.test', password: 'Harbor#Shade9' },
  nosub: { email: 'lena.frost@solodrapery.test', password: 'NoPlan-4-now' },
  password: { email: 'ravi.patel@brightline-blinds.test', password: 'Rotate-Me-77' },
};

const FIRST = ['Amelia', 'Jonah', 'Priya', 'Marcus', 'Sofia', 'Elliot', 'Hana', 'Diego', 'Grace', 'Tobias', 'Ines'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Castillo', 'Nakamura', 'Brennan', 'Kowalski', 'Adeyemi', 'Duval'];
const CITIES: [string, string, string][] = [
  ['Portland', 'OR', '97205'],
  ['Austin', 'TX', '78704'],
  ['Denver', 'CO', '80203'],
  ['Raleigh', 'NC', '27601'],
  ['Madison', 'WI', '53703'],
];
const STREETS = ['Alder St', 'Birch Ave', 'Cedar Ln', 'Harbor Rd', 'Maple Ct', 'Willow Way'];
const LEADS: [number, string, string][] = [
  [3, 'Home Show 2025', 'events@homeshow.test'],
  [7, 'Referral - Casa Interiors', 'hello@casainteriors.test'],
];

function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Inserts rows as a data-loading script would; creation times increase with the id, microseconds included. */
class Seeder {
  private readonly rnd: () => number;
  private clock: number;

  constructor(
    private readonly store: Store,
    seed: number,
  ) {
    this.rnd = generator(seed);
    this.clock = Date.UTC(2025, 0, 6, 8) * 1000 + Math.floor(this.rnd() * 1e6);
  }

  private pick<T>(list: T[]): T {
    return list[Math.floor(this.rnd() * list.length)]!;
  }

  private tick(): number {
    this.clock += Math.floor(this.rnd() * 86_400e6 * 4) + 1;
    return this.clock;
  }

  company(name: string, planId: number | null) {
    const c = { id: this.store.nextId('company'), name, planId };
    this.store.companies.push(c);
    return c;
  }

  user(companyId: number, name: string, account: Account, phoneNo: string | null): User {
    const id = this.store.nextId('user');
    const u: User = {
      id,
      companyId,
      name,
      email: account.email,
      ...hashPassword(account.password),
      phoneNo,
      profileImage: `https://cdn.brightline-staging.test/avatars/${id}.jpg`,
      tokenVersion: 0,
      deviceTokens: [],
    };
    this.store.users.push(u);
    return u;
  }

  client(owner: User, extra: Partial<Client> = {}): Client {
    const { rnd } = this;
    const [city, state, zip] = this.pick(CITIES);
    const name = this.pick(FIRST);
    const surname = this.pick(LAST);
    const id = this.store.nextId('client');
    const lead = rnd() < 0.4 ? this.pick(LEADS) : null;
    const created = this.tick();
    const street = `${100 + Math.floor(rnd() * 900)} ${this.pick(STREETS)}`;
    const billed = rnd() < 0.5;
    const c: Client = {
      id,
      userId: owner.id,
      companyId: owner.companyId,
      leadSourceId: lead ? lead[0] : null,
      endClientKnown: rnd() < 0.6,
      quoteNo: rnd() < 0.7 ? `Q-2025-${String(id).padStart(4, '0')}` : '',
      projectName: rnd() < 0.5 ? `${surname} residence` : null,
      name,
      surname,
      email: `${name}.${surname}${id}@mail.test`.toLowerCase(),
      phoneNo: rnd() < 0.8 ? `+1 555 01${String(id).padStart(2, '0')}` : '',
      phone: '',
      location: rnd() < 0.5 ? `${city}, ${state}` : null,
      address: street,
      city,
      state,
      zipCode: zip,
      billingAddress: billed ? street : '',
      billingCity: billed ? city : '',
      billingState: billed ? state : '',
      billingZipCode: billed ? zip : '',
      leadSourceName: lead ? lead[1] : null,
      leadSourceEmail: lead ? lead[2] : null,
      createdAtMicros: created,
      updatedAtMicros: created,
      version: 0,
      deletedAtMicros: null,
      ...extra,
    };
    this.store.clients.push(c);
    return c;
  }

  room(c: Client, adminRoomId: number | null, name: string): Room {
    const r = { id: this.store.nextId('room'), clientId: c.id, adminRoomId, name, createdAtMicros: this.tick() };
    this.store.rooms.push(r);
    return r;
  }

  measure(r: Room, by: User, typeId: number, windowName: string, groupId: number): void {
    this.store.measurements.push({
      id: this.store.nextId('measurement'),
      roomId: r.id,
      clientId: r.clientId,
      userId: by.id,
      measurementTypeId: typeId,
      windowName,
      groupId,
      createdAtMicros: this.tick(),
      fields: { unit_type: 'inch', mount_type: 'inside', note: '' },
    });
  }

  /** Rooms holding every form kind, and an awning, for one client. */
  furnish(c: Client, by: User): void {
    const living = this.room(c, 1, 'Living Room');
    this.measure(living, by, 1, 'Bay window left', 1);
    this.measure(living, by, 2, 'Front series A-C', 2);
    this.measure(living, by, 2, 'Front series D-E', 2);
    this.measure(this.room(c, 2, 'Main bedroom'), by, 3, 'Arched transom', 3);
    this.room(c, null, 'Patio');
    const awning = { awningType: 'retractable', width: 144, projection: 96, mountHeight: 102 };
    this.store.awnings.push({ id: this.store.nextId('awning'), clientId: c.id, ...awning });
  }
}

const spare = (local: string, domain: string, n: number): Account => ({
  email: `${local}@${domain}`,
  password: `spare-${n}-${local}`,
});

export function seedStore(store: Store, accounts: Accounts, seed: number): void {
  const s = new Seeder(store, seed);
  const bright = s.company('Brightline Blinds & Awnings', 2);
  const harbor = s.company('Harbor Shade Co.', 1);
  const solo = s.company('Solo Drapery', null);
  const main = s.user(bright.id, 'Dana Whitfield', accounts.main, '+1 555 0100');
  const members = [
    s.user(bright.id, 'Ravi Patel', accounts.password, null),
    s.user(bright.id, 'Carmen Ruiz', spare('carmen.ruiz', 'brightline-blinds.test', 1), '+1 555 0102'),
    s.user(bright.id, 'Theo Marsh', spare('theo.marsh', 'brightline-blinds.test', 2), null),
  ];
  const other = s.user(harbor.id, 'Omar Haddad', accounts.other, '+1 555 0200');
  s.user(harbor.id, 'Yuki Sato', spare('yuki.sato', 'harborshade.test', 3), null);
  const nosub = s.user(solo.id, 'Lena Frost', accounts.nosub, null);

  // 23 of main's own plus the disposable one: a full page of 20 and a partial second page.
  const mains = Array.from({ length: 23 }, () => s.client(main));
  for (const m of members) for (let i = 0; i < 4; i++) s.client(m);
  const theirs = Array.from({ length: 8 }, () => s.client(other));
  for (let i = 0; i < 2; i++) s.client(nosub);
  const disposable = s.client(main, {
    name: 'Disposable',
    surname: 'Fixture',
    email: 'disposable.fixture@mail.test',
    projectName: null,
    quoteNo: '',
  });
  store.disposableClientId = disposable.id;

  for (const c of mains.slice(0, 6)) s.furnish(c, main);
  s.furnish(theirs[0]!, other);
}
