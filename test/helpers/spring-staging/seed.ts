// Realistic seed data, drawn from a seeded generator so a run is repeatable:
// main's company (a plan, four members, clients across them, rooms holding
// every form kind), another company with its own clients, and a company
// without a plan.
import { type Client, hashPassword, type Store, type User } from './store.js';

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

export function seedStore(store: Store, accounts: Accounts, seed: number): void {
  const rnd = generator(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)]!;
  // Creation times in the past year, with microseconds, increasing with the id.
  let clock = Date.UTC(2025, 0, 6, 8) * 1000 + Math.floor(rnd() * 1e6);
  const tick = () => {
    clock += Math.floor(rnd() * 86_400e6 * 4) + 1;
    return clock;
  };

  const company = (name: string, planId: number | null) => {
    const c = { id: store.nextId('company'), name, planId };
    store.companies.push(c);
    return c;
  };
  const user = (companyId: number, name: string, account: Account, phoneNo: string | null): User => {
    const id = store.nextId('user');
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
    store.users.push(u);
    return u;
  };
  const client = (owner: User, extra: Partial<Client> = {}): Client => {
    const [city, state, zip] = pick(CITIES);
    const name = pick(FIRST);
    const surname = pick(LAST);
    const id = store.nextId('client');
    const lead = rnd() < 0.4 ? pick(LEADS) : null;
    const created = tick();
    const street = `${100 + Math.floor(rnd() * 900)} ${pick(STREETS)}`;
    const billed = rnd() < 0.5;
    const c: Client = {
      id,
      userId: owner.id,
      companyId: owner.companyId,
      leadSourceId: lead ? lead[0] : null,
      endClientKnown: rnd() < 0.6,
      quoteNo: rnd() < 0.7 ? `Q-${2025}-${String(id).padStart(4, '0')}` : '',
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
    store.clients.push(c);
    return c;
  };

  const bright = company('Brightline Blinds & Awnings', 2);
  const harbor = company('Harbor Shade Co.', 1);
  const solo = company('Solo Drapery', null);
  const main = user(bright.id, 'Dana Whitfield', accounts.main, '+1 555 0100');
  const members = [
    user(bright.id, 'Ravi Patel', accounts.password, null),
    user(
      bright.id,
      'Carmen Ruiz',
      { email: 'carmen.ruiz@brightline-blinds.test', password: 'x-unused-1' },
      '+1 555 0102',
    ),
    user(bright.id, 'Theo Marsh', { email: 'theo.marsh@brightline-blinds.test', password: 'x-unused-2' }, null),
  ];
  const other = user(harbor.id, 'Omar Haddad', accounts.other, '+1 555 0200');
  user(harbor.id, 'Yuki Sato', { email: 'yuki.sato@harborshade.test', password: 'x-unused-3' }, null);
  const nosub = user(solo.id, 'Lena Frost', accounts.nosub, null);

  // 23 of main's own: one full page of 20 and a partial second page.
  const mains = Array.from({ length: 23 }, () => client(main));
  for (const m of members) for (let i = 0; i < 4; i++) client(m);
  for (let i = 0; i < 8; i++) client(other);
  for (let i = 0; i < 2; i++) client(nosub);
  const disposable = client(main, {
    name: 'Disposable',
    surname: 'Fixture',
    email: 'disposable.fixture@mail.test',
    projectName: null,
    quoteNo: '',
  });
  store.disposableClientId = disposable.id;

  const room = (c: Client, adminRoomId: number | null, name: string) => {
    const r = { id: store.nextId('room'), clientId: c.id, adminRoomId, name, createdAtMicros: tick() };
    store.rooms.push(r);
    return r;
  };
  const measure = (r: { id: number; clientId: number }, typeId: number, windowName: string, groupId: number) => {
    store.measurements.push({
      id: store.nextId('measurement'),
      roomId: r.id,
      clientId: r.clientId,
      userId: main.id,
      measurementTypeId: typeId,
      windowName,
      groupId,
      createdAtMicros: tick(),
      fields: { unit_type: 'inch', mount_type: 'inside', note: '' },
    });
  };
  for (const c of mains.slice(0, 6)) {
    const living = room(c, 1, 'Living Room');
    measure(living, 1, 'Bay window left', 1);
    measure(living, 2, 'Front series A-C', 2);
    measure(living, 2, 'Front series D-E', 2);
    const bed = room(c, 2, 'Main bedroom');
    measure(bed, 3, 'Arched transom', 3);
    room(c, null, 'Patio');
    store.awnings.push({
      id: store.nextId('awning'),
      clientId: c.id,
      awningType: 'retractable',
      width: 144,
      projection: 96,
      mountHeight: 102,
    });
  }
  const theirs = store.clients.find((c) => c.userId === other.id)!;
  measure(room(theirs, 3, 'Kitchen'), 1, 'Sink window', 1);
}
