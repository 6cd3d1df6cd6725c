// The staging's database, in memory, from a deterministic seed: companies,
// users (with Sanctum-style personal access tokens), plans, clients, rooms
// and measurements. Timestamps are serialized the way Laravel's Carbon does
// (2026-11-02T14:50:12.345678Z).

import { carbon, prng } from './time.js';

export interface Account {
  email: string;
  password: string;
}

/** The accounts the test names; each may be replaced. */
export interface Accounts {
  /** Has a plan; company with clients, rooms and measurements. */
  main: Account;
  /** A member of another company, whose clients must never show to main. */
  other: Account;
  /** No active plan. */
  nosub: Account;
  /** May have its password changed (and restored) by the run. */
  password: Account;
}

export const DEFAULT_ACCOUNTS: Accounts = {
  main: { email: 'dana@harbor-blinds.test', password: 'staging-password-1' },
  other: { email: 'olu@summit-awnings.test', password: 'staging-password-2' },
  nosub: { email: 'nadia@nosub.test', password: 'staging-password-3' },
  password: { email: 'pat@harbor-blinds.test', password: 'staging-password-4' },
};

export interface Company {
  id: number;
  name: string;
}
export interface User {
  id: number;
  name: string;
  surname: string;
  email: string;
  password: string;
  phone_no: string | null;
  profile_image: string | null;
  company_id: number;
  plan_id: number | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}
export interface Client {
  id: number;
  user_id: number;
  lead_source_id: number | null;
  /** Stored as the tinyint column holds it (the defect boolean-after-update keeps what was sent). */
  end_client_known: number | boolean;
  quote_no: string;
  project_name: string | null;
  name: string;
  surname: string;
  email: string;
  phone: string;
  phone_no: string;
  location: string | null;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  billing_address: string;
  billing_city: string;
  billing_state: string;
  billing_zip_code: string;
  lead_source_name: string | null;
  lead_source_email: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
export interface Room {
  id: number;
  client_id: number;
  admin_room_id: number | null;
  name: string;
  created_at: string;
}
export interface Measurement {
  id: number;
  room_id: number;
  client_id: number;
  user_id: number;
  measurement_type_id: number;
  group_id: number;
  window_name: string;
  fields: Record<string, unknown>;
  created_at: string;
}
export interface Awning {
  id: number;
  client_id: number;
  room_id: number | null;
  awning_type: string | null;
  width: number | null;
  projection: number | null;
  mount_height: number | null;
}

const BASE = Date.UTC(2026, 0, 5, 9, 30);

const FIRST = ['Avery', 'Blake', 'Casey', 'Devon', 'Emery', 'Finley', 'Gray', 'Harper', 'Indy', 'Jules', 'Kai', 'Lane'];
const LAST = ['Nguyen', 'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Silva', 'Kowalski', 'Haddad', 'Reyes', 'Brennan'];
const CITIES = [
  ['Portland', 'OR', '97205'],
  ['Salem', 'OR', '97301'],
  ['Eugene', 'OR', '97401'],
  ['Bend', 'OR', '97701'],
];

export class Store {
  companies: Company[] = [
    { id: 1, name: 'Harbor Blinds & Shutters' },
    { id: 2, name: 'Summit Awning Co' },
    { id: 3, name: 'Solo Shades' },
  ];
  plans = [
    {
      id: 1,
      name: 'Starter',
      price: 19.99,
      interval: 'month',
      features: ['Up to 100 clients', 'All measurement forms'],
    },
    { id: 2, name: 'Team', price: 49, interval: 'month', features: ['Unlimited clients', 'Shared company clients'] },
  ];
  users: User[] = [];
  clients: Client[] = [];
  rooms: Room[] = [];
  measurements: Measurement[] = [];
  awnings: Awning[] = [];
  /** Sanctum's personal_access_tokens: id|plain-text → user. */
  tokens = new Map<string, { id: number; userId: number }>();
  resetTokens = new Map<string, string>();
  private tokenId = 0;
  private clock = BASE + 300 * 86_400_000;
  readonly random: () => number;
  /** The main account's client the destructive check may delete. */
  disposableClientId = 0;

  constructor(
    readonly accounts: Accounts,
    seed: number,
  ) {
    this.random = prng(seed);
    this.seed();
  }

  /** A timestamp later than every earlier one, with microseconds as MySQL DATETIME(6) keeps them. */
  now(): string {
    this.clock += 1000 + Math.floor(this.random() * 60_000);
    return carbon(this.clock, 1 + Math.floor(this.random() * 998));
  }

  private seed() {
    const a = this.accounts;
    const user = (id: number, who: Account, name: string, surname: string, company: number, plan: number | null) =>
      this.users.push({
        id,
        name,
        surname,
        email: who.email,
        password: who.password,
        phone_no: id % 2 ? `+1 555 010 000${id}` : null,
        profile_image: id === 2 ? null : `https://cdn.staging.test/profile/${id}.png`,
        company_id: company,
        plan_id: plan,
        active: true,
        created_at: carbon(BASE + id * 86_400_000, id * 111),
        updated_at: carbon(BASE + id * 86_400_000, id * 111),
      });
    user(1, a.main, 'Dana', 'Harbor', 1, 2);
    user(2, { email: 'morgan@harbor-blinds.test', password: 'not-used-1' }, 'Morgan', 'Field', 1, 2);
    user(3, a.other, 'Olu', 'Summit', 2, 2);
    user(4, a.nosub, 'Nadia', 'Solo', 3, null);
    user(5, a.password, 'Pat', 'Harbor', 1, 1);
    // 27 clients of the main user (two pages of 20), 3 of a colleague, 4 of the other company.
    for (let i = 0; i < 27; i++) this.addClient(1, i);
    for (let i = 0; i < 3; i++) this.addClient(2, 27 + i);
    for (let i = 0; i < 4; i++) this.addClient(3, 30 + i);
    this.disposableClientId = this.addClient(1, 34, { name: 'Disposable', surname: 'Staging' }).id;
    const roomTypes = [1, 2, 3];
    let group = 1;
    for (const client of this.clients.filter((c) => c.id % 4 === 1 || c.user_id === 3)) {
      for (const admin of roomTypes.slice(0, 2)) {
        const room = {
          id: 200 + this.rooms.length + 1,
          client_id: client.id,
          admin_room_id: admin,
          name: `Room ${admin}`,
          created_at: this.now(),
        };
        this.rooms.push(room);
        for (const type of [1, 3]) {
          this.measurements.push({
            id: 5000 + this.measurements.length + 1,
            room_id: room.id,
            client_id: client.id,
            user_id: client.user_id,
            measurement_type_id: type,
            group_id: group++,
            window_name: type === 1 ? 'Kitchen window' : 'Stair arch',
            fields: {},
            created_at: this.now(),
          });
        }
      }
    }
  }

  private addClient(userId: number, i: number, names: Partial<Client> = {}): Client {
    const [city, state, zip] = CITIES[i % CITIES.length] as [string, string, string];
    const name = FIRST[i % FIRST.length]!;
    const surname = LAST[(i * 7) % LAST.length]!;
    const stamp = this.now();
    const client: Client = {
      id: 101 + this.clients.length,
      user_id: userId,
      lead_source_id: i % 3 === 0 ? null : (i % 4) + 1,
      end_client_known: i % 2,
      quote_no: i % 5 === 0 ? '' : `Q-2026-${String(100 + i).padStart(4, '0')}`,
      project_name: i % 4 === 0 ? null : `Project ${i}`,
      name,
      surname,
      email: `${name}.${surname}.${i}@example.net`.toLowerCase(),
      phone: '',
      phone_no: i % 6 === 0 ? '' : `+1 555 014 ${String(1000 + i)}`,
      location: i % 3 === 0 ? null : `${city}, ${state}`,
      address: i % 5 === 0 ? '' : `${100 + i} Alder Street`,
      city,
      state,
      zip_code: zip,
      billing_address: '',
      billing_city: '',
      billing_state: '',
      billing_zip_code: '',
      lead_source_name: i % 3 === 0 ? null : 'Home show',
      lead_source_email: i % 3 === 1 ? 'leads@homeshow.example.com' : null,
      created_at: stamp,
      updated_at: stamp,
      deleted_at: null,
      ...names,
    };
    this.clients.push(client);
    return client;
  }

  /** A Sanctum plain-text token: `<id>|<40 characters>`. */
  issueToken(userId: number): string {
    const id = ++this.tokenId;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    let secret = '';
    for (let i = 0; i < 40; i++) secret += alphabet[Math.floor(this.random() * alphabet.length)];
    const token = `${id}|${secret}`;
    this.tokens.set(token, { id, userId });
    return token;
  }

  userOfToken(token: string | undefined): User | undefined {
    const row = token ? this.tokens.get(token) : undefined;
    return row ? this.users.find((u) => u.id === row.userId && u.active) : undefined;
  }

  revokeAll(userId: number) {
    for (const [token, row] of this.tokens) if (row.userId === userId) this.tokens.delete(token);
  }

  company(id: number): Company | undefined {
    return this.companies.find((c) => c.id === id);
  }

  members(companyId: number): User[] {
    return this.users.filter((u) => u.company_id === companyId);
  }

  liveClients(): Client[] {
    return this.clients.filter((c) => c.deleted_at === null);
  }
}
