// The in-memory "database" of the Spring-style staging: entities as Hibernate
// would map them (camelCase fields, timestamps kept as epoch microseconds so
// the serializer decides the text form), plus the reference tables.
import { pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';

export interface Company {
  id: number;
  name: string;
  /** Active plan id, or null: no subscription. */
  planId: number | null;
}

export interface User {
  id: number;
  companyId: number;
  name: string;
  email: string;
  salt: string;
  hash: string;
  phoneNo: string | null;
  profileImage: string;
  /** Bumped on password change: every token carrying an older version is dead. */
  tokenVersion: number;
  deviceTokens: string[];
}

export interface Client {
  id: number;
  userId: number;
  companyId: number;
  leadSourceId: number | null;
  endClientKnown: boolean;
  quoteNo: string;
  projectName: string | null;
  name: string;
  surname: string;
  email: string;
  phoneNo: string;
  phone: string;
  location: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  billingAddress: string;
  billingCity: string;
  billingState: string;
  billingZipCode: string;
  leadSourceName: string | null;
  leadSourceEmail: string | null;
  createdAtMicros: number;
  updatedAtMicros: number;
  version: number;
  deletedAtMicros: number | null;
}

export interface Room {
  id: number;
  clientId: number;
  adminRoomId: number | null;
  name: string;
  createdAtMicros: number;
}

export interface Measurement {
  id: number;
  roomId: number;
  clientId: number;
  userId: number;
  measurementTypeId: number;
  windowName: string;
  groupId: number;
  createdAtMicros: number;
  fields: Record<string, unknown>;
}

export interface Awning {
  id: number;
  clientId: number;
  awningType: string;
  width: number;
  projection: number;
  mountHeight: number;
}

export interface Plan {
  id: number;
  name: string;
  price: number;
  interval: string;
  features: string[];
}

export const COUNTRIES = [
  { id: 1, name: 'United States', code: 'US' },
  { id: 2, name: 'Canada', code: 'CA' },
  { id: 3, name: 'United Kingdom', code: 'GB' },
  { id: 4, name: 'Australia', code: 'AU' },
  { id: 5, name: 'Germany', code: 'DE' },
  { id: 6, name: 'Mexico', code: 'MX' },
  { id: 7, name: 'New Zealand', code: 'NZ' },
  { id: 8, name: 'Ireland', code: 'IE' },
];

export const PLANS: Plan[] = [
  { id: 1, name: 'Starter', price: 9.99, interval: 'month', features: ['1 user', 'Unlimited clients'] },
  { id: 2, name: 'Team', price: 29.5, interval: 'month', features: ['5 users', 'Shared clients', 'Photo forms'] },
  { id: 3, name: 'Team Annual', price: 295, interval: 'year', features: ['5 users', 'Shared clients', 'Photo forms'] },
  { id: 4, name: 'Enterprise', price: 99, interval: 'month', features: ['Unlimited users', 'Focus integration'] },
];

export const ADMIN_ROOMS = [
  'Living Room',
  'Bedroom',
  'Kitchen',
  'Bathroom',
  'Dining Room',
  'Home Office',
  'Nursery',
  'Sunroom',
].map((name, i) => ({ id: i + 1, name }));

export const MEASUREMENT_TYPES = [
  { id: 1, name: 'Single Window with Photo' },
  { id: 2, name: 'Windows in Series with Draperies' },
  { id: 3, name: 'Specialty Shaped Window' },
  { id: 4, name: 'Awning' },
];

export const HOW_WORKS = [
  { id: 1, title: 'Add a client', description: 'Create the customer record before measuring.' },
  { id: 2, title: 'Attach rooms', description: 'Group windows by the room they are in.' },
  { id: 3, title: 'Capture measurements', description: 'Pick the form that matches the window.' },
];

export function hashPassword(password: string, salt = randomBytes(8).toString('hex')): { salt: string; hash: string } {
  return { salt, hash: pbkdf2Sync(password, salt, 1000, 32, 'sha256').toString('hex') };
}

export function passwordMatches(user: User, password: string): boolean {
  const { hash } = hashPassword(password, user.salt);
  return timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(user.hash, 'hex'));
}

export class Store {
  companies: Company[] = [];
  users: User[] = [];
  clients: Client[] = [];
  rooms: Room[] = [];
  measurements: Measurement[] = [];
  awnings: Awning[] = [];
  /** Revoked token ids (logout). */
  revoked = new Set<string>();
  disposableClientId = 0;
  private sequences = new Map<string, number>();

  nextId(table: string): number {
    const next = (this.sequences.get(table) ?? 0) + 1;
    this.sequences.set(table, next);
    return next;
  }

  user(id: number): User | undefined {
    return this.users.find((u) => u.id === id);
  }

  company(id: number): Company | undefined {
    return this.companies.find((c) => c.id === id);
  }

  client(id: number): Client | undefined {
    return this.clients.find((c) => c.id === id);
  }
}
