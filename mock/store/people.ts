// The world's people as the store reads them: the generated users, companies
// and plans, with the overlay's changes laid over them. A change never touches
// a generated record (a reset reuses the world), it replaces it in the overlay.
import type { Company, Subscription, UserRecord } from '../../fixtures/types.js';
import type { GeneratedWorld } from '../../fixtures/world.js';
import type { Overlay } from './overlay.js';

/** Sign-in and reset look an address up as typed: case and surrounding spaces do not matter. */
const emailKey = (email: string) => email.trim().toLowerCase();

export class People {
  private readonly users = new Map<number, UserRecord>();
  private readonly byEmail = new Map<string, UserRecord>();
  /** User ids by company. */
  private readonly members = new Map<number, number[]>();
  private readonly plans = new Map<number, Subscription>();
  private lastUserId = 0;
  private lastSubscriptionId = 300;

  constructor(
    private readonly gen: GeneratedWorld,
    private readonly overlay: Overlay,
  ) {
    for (const u of gen.users) this.put(u);
    for (const u of overlay.users.values()) this.put(u);
    for (const s of gen.subscriptions) this.putPlan(s.user_id, s);
    for (const [userId, s] of overlay.subscriptions) this.putPlan(userId, s);
  }

  private put(u: UserRecord): void {
    const before = this.users.get(u.id);
    this.lastUserId = Math.max(this.lastUserId, u.id);
    if (before) this.byEmail.delete(emailKey(before.email));
    else {
      const list = this.members.get(u.company_id) ?? [];
      list.push(u.id);
      this.members.set(u.company_id, list);
    }
    this.users.set(u.id, u);
    this.byEmail.set(emailKey(u.email), u);
  }

  private putPlan(userId: number, s: Subscription | null): void {
    if (s?.status === 'active') this.plans.set(userId, s);
    else this.plans.delete(userId);
    if (s) this.lastSubscriptionId = Math.max(this.lastSubscriptionId, s.id);
  }

  byId(id: number): UserRecord | undefined {
    return this.users.get(id);
  }

  byAddress(email: string): UserRecord | undefined {
    return this.byEmail.get(emailKey(email));
  }

  companyOf(user: UserRecord): Company {
    const id = user.company_id;
    return this.gen.companies[id - 1] ?? this.overlay.companies.get(id) ?? { id, name: '' };
  }

  membersOf(companyId: number): UserRecord[] {
    return (this.members.get(companyId) ?? []).map((id) => this.users.get(id)!);
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
    const user = this.users.get(userId);
    if (!user) return;
    const next = { ...user, ...change };
    this.overlay.users.set(userId, next);
    this.put(next);
  }

  plan(userId: number): Subscription | undefined {
    return this.plans.get(userId);
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
