// The world's people as the store reads them: the generated users, companies
// and plans, with the overlay's changes laid over them. A change never touches
// a generated record (a reset reuses the world), it replaces it in the overlay.
import type { Company, Subscription, UserRecord } from '../../fixtures/types.js';
import type { GeneratedWorld } from '../../fixtures/world.js';
import type { Overlay } from './overlay.js';

/** Sign-in and reset look an address up as typed: case and surrounding spaces do not matter. */
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * The generated people's indexes: made once per generated world and shared by
 * every store over it (each world of mock/worlds, and a reset's new store), so
 * that a store costs its changes only, not a copy of every user (9 MB a store at
 * 1,000,000 clients). Never changed after it is made.
 */
class Generated {
  readonly users = new Map<number, UserRecord>();
  readonly byEmail = new Map<string, UserRecord>();
  /** User ids by company. */
  readonly members = new Map<number, number[]>();
  /** Active plans by user. */
  readonly plans = new Map<number, Subscription>();
  readonly lastUserId: number = 0;
  readonly lastSubscriptionId: number = 300;

  constructor(gen: GeneratedWorld) {
    for (const u of gen.users) {
      this.users.set(u.id, u);
      this.byEmail.set(emailKey(u.email), u);
      const list = this.members.get(u.company_id) ?? [];
      list.push(u.id);
      this.members.set(u.company_id, list);
      this.lastUserId = Math.max(this.lastUserId, u.id);
    }
    for (const s of gen.subscriptions) {
      if (s.status === 'active') this.plans.set(s.user_id, s);
      else this.plans.delete(s.user_id);
      this.lastSubscriptionId = Math.max(this.lastSubscriptionId, s.id);
    }
  }
}

const generatedOf = new WeakMap<GeneratedWorld, Generated>();

export class People {
  private readonly base: Generated;
  /** Users the overlay holds (signed up or changed), over the generated ones. */
  private readonly users = new Map<number, UserRecord>();
  /** The addresses of the overlay's users; a generated address whose user changed is found here or not at all. */
  private readonly byEmail = new Map<string, UserRecord>();
  /** Ids of users signed up here, by company, after the generated members. */
  private readonly joined = new Map<number, number[]>();
  /** Plans the overlay changed, by user: the active one, or undefined for none. */
  private readonly plans = new Map<number, Subscription | undefined>();
  private lastUserId: number;
  private lastSubscriptionId: number;

  constructor(
    private readonly gen: GeneratedWorld,
    private readonly overlay: Overlay,
  ) {
    let base = generatedOf.get(gen);
    if (!base) {
      base = new Generated(gen);
      generatedOf.set(gen, base);
    }
    this.base = base;
    this.lastUserId = base.lastUserId;
    this.lastSubscriptionId = base.lastSubscriptionId;
    for (const u of overlay.users.values()) this.put(u);
    for (const [userId, s] of overlay.subscriptions) this.putPlan(userId, s);
  }

  private put(u: UserRecord): void {
    const before = this.byId(u.id);
    this.lastUserId = Math.max(this.lastUserId, u.id);
    if (before) this.byEmail.delete(emailKey(before.email));
    else {
      const list = this.joined.get(u.company_id) ?? [];
      list.push(u.id);
      this.joined.set(u.company_id, list);
    }
    this.users.set(u.id, u);
    this.byEmail.set(emailKey(u.email), u);
  }

  private putPlan(userId: number, s: Subscription | null): void {
    this.plans.set(userId, s?.status === 'active' ? s : undefined);
    if (s) this.lastSubscriptionId = Math.max(this.lastSubscriptionId, s.id);
  }

  byId(id: number): UserRecord | undefined {
    return this.users.get(id) ?? this.base.users.get(id);
  }

  byAddress(email: string): UserRecord | undefined {
    const key = emailKey(email);
    const own = this.byEmail.get(key);
    if (own) return own;
    const generated = this.base.byEmail.get(key);
    // A generated user the overlay changed answers to its address now (in byEmail), not to the generated one.
    return generated && !this.users.has(generated.id) ? generated : undefined;
  }

  companyOf(user: UserRecord): Company {
    const id = user.company_id;
    return this.gen.companies[id - 1] ?? this.overlay.companies.get(id) ?? { id, name: '' };
  }

  membersOf(companyId: number): UserRecord[] {
    const ids = [...(this.base.members.get(companyId) ?? []), ...(this.joined.get(companyId) ?? [])];
    return ids.map((id) => this.byId(id)!);
  }

  /** A new company and its first user; the user's id and the company's are the next free ones. */
  add(user: Omit<UserRecord, 'id' | 'company_id'>, companyName: string): UserRecord {
    const company = { id: this.gen.companies.length + this.overlay.companies.size + 1, name: companyName };
    this.overlay.companies.set(company.id, company);
    const record = { ...user, id: this.lastUserId + 1, company_id: company.id };
    this.overlay.users.set(record.id, record);
    this.put(record);
    return record;
  }

  change(userId: number, change: Partial<UserRecord>): void {
    const user = this.byId(userId);
    if (!user) return;
    const next = { ...user, ...change };
    this.overlay.users.set(userId, next);
    this.put(next);
  }

  plan(userId: number): Subscription | undefined {
    return this.plans.has(userId) ? this.plans.get(userId) : this.base.plans.get(userId);
  }

  /** Replaces the user's plan: a new one from `start` for a month, or none. */
  setPlan(userId: number, planId: number | null, start: Date, stamp: (d: Date) => string): void {
    let sub: Subscription | null = null;
    if (planId !== null) {
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      sub = {
        id: this.lastSubscriptionId + 1,
        user_id: userId,
        plan_id: planId,
        status: 'active',
        started_at: stamp(start),
        expires_at: stamp(end),
      };
    }
    this.overlay.subscriptions.set(userId, sub);
    this.putPlan(userId, sub);
  }
}
