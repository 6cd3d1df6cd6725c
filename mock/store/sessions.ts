// Sessions, password-reset tokens and the mail that carried them: the store's
// state besides the world. It knows users by id only, so any store, however
// it keeps its world, can keep its tokens here.
//
// Every one of them is bounded: anyone can sign in (the demo passwords are
// public) and ask for reset links, so what they leave behind must not grow
// without end. Maps keep insertion order, so the first entry is the oldest.
import { randomBytes } from 'node:crypto';
import { ChangeLog, TrackedMap } from './changes.js';
import type { MailMessage, Session, StateSnapshot } from './store.js';

const newToken = () => randomBytes(32).toString('hex');

/**
 * Every token of the mock is hex, 64 digits a session, 32 a reset token (the
 * spec's examples too): the journal masks any run of this many hex digits or
 * more, so a token of any world, live, resting on disk or gone, never shows.
 */
export const TOKEN_HEX_DIGITS = 32;

export type SessionsSnapshot = Pick<StateSnapshot, 'sessions' | 'resetTokens' | 'outbox'>;

export interface SessionLimits {
  /** Sessions one user keeps; a sign-in beyond ends the user's oldest (the spec's x-sessions). */
  perUser: number;
  /** Sessions of all users together; beyond, the oldest of anyone's ends. */
  sessions: number;
  /** Reset tokens of all users together (each user has at most one, as a Laravel password broker keeps). */
  resetTokens: number;
  /** Mail kept for GET /__mock/mail, the newest. */
  outbox: number;
}

/**
 * A session is at most ~1 kB once device_token is bounded (255 characters):
 * 10,000 sessions are ~10 MB, ample for any load a mock serves. 100 per user:
 * more devices than anyone carries, few enough that token churn stays small.
 */
export const SESSION_LIMITS: Readonly<SessionLimits> = Object.freeze({
  perUser: 100,
  sessions: 10_000,
  resetTokens: 10_000,
  outbox: 1_000,
});

export class Sessions {
  // Tracked: the state file's log hears of every set and delete (changes.ts).
  // byUser and resetOf are derived from them: a store rebuilt after an undo makes them anew.
  private sessions: Map<string, Session>;
  /** Each user's tokens, oldest first. */
  private byUser = new Map<number, Set<string>>();
  private resetTokens: Map<string, number>;
  /** Each user's one live reset token. */
  private resetOf = new Map<number, string>();
  /** Reset tokens that stay valid after use (the spec's example), with their users; set by the mock itself, never pruned. */
  private standing = new Map<string, number>();
  private readonly mail: MailMessage[] = [];

  constructor(
    saved?: SessionsSnapshot,
    private readonly limits: SessionLimits = SESSION_LIMITS,
    private readonly changes = new ChangeLog(),
  ) {
    this.sessions = new TrackedMap(changes, 'sessions');
    this.resetTokens = new TrackedMap(changes, 'resetTokens');
    // Through the same bounds as live traffic: a state file saved with more keeps the newest.
    for (const s of saved?.sessions ?? []) this.issue(s.user_id, s.platform, s.device_token, s.created_at, s.token);
    // A saved file may hold a standing token beside a user's own link: both are kept, within the bound.
    for (const r of saved?.resetTokens ?? []) this.addResetToken(r.token, r.user_id, false);
    for (const m of saved?.outbox ?? []) this.post(m);
  }

  get size(): number {
    return this.sessions.size;
  }

  /** How many sessions a user has. */
  countOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  get outbox(): readonly MailMessage[] {
    return this.mail;
  }

  userIdOf(token: string): number | undefined {
    return this.sessions.get(token)?.user_id;
  }

  /** Starts a session under the given token, else a new random one; the token. Ends the oldest past the bounds. */
  issue(userId: number, platform: string, deviceToken: string, createdAt: string, token = newToken()): string {
    this.revoke(token);
    this.sessions.set(token, { token, user_id: userId, platform, device_token: deviceToken, created_at: createdAt });
    const mine = this.byUser.get(userId) ?? new Set<string>();
    this.byUser.set(userId, mine);
    mine.add(token);
    while (mine.size > this.limits.perUser) this.revoke(first(mine)!);
    while (this.sessions.size > this.limits.sessions) this.revoke(first(this.sessions.keys())!);
    return token;
  }

  revoke(token: string): void {
    const s = this.sessions.get(token);
    if (!s) return;
    this.sessions.delete(token);
    const mine = this.byUser.get(s.user_id);
    mine?.delete(token);
    if (mine?.size === 0) this.byUser.delete(s.user_id);
  }

  /** The user's newest session's token (each user's set keeps issue order). */
  latestOf(userId: number): string | undefined {
    let last: string | undefined;
    for (const token of this.byUser.get(userId) ?? []) last = token;
    return last;
  }

  /** Ends every session of a user; how many there were. */
  revokeUser(userId: number): number {
    const mine = [...(this.byUser.get(userId) ?? [])];
    for (const token of mine) this.revoke(token);
    return mine.length;
  }

  /** A new reset token for the user, mailed to `to` (the outbox); the user's earlier one no longer works. */
  mailResetToken(userId: number, to: string, sentAt: string): string {
    const token = randomBytes(TOKEN_HEX_DIGITS / 2).toString('hex');
    this.addResetToken(token, userId);
    const message = { to, subject: 'Reset your password', reset_token: token, sent_at: sentAt };
    this.post(message);
    this.changes.mail(this.mail, message);
    return token;
  }

  private addResetToken(token: string, userId: number, replace = true): void {
    const earlier = this.resetOf.get(userId);
    if (replace && earlier !== undefined) this.dropResetToken(earlier);
    this.resetTokens.set(token, userId);
    this.resetOf.set(userId, token);
    while (this.resetTokens.size > this.limits.resetTokens) this.dropResetToken(first(this.resetTokens.keys())!);
  }

  private dropResetToken(token: string): void {
    const userId = this.resetTokens.get(token);
    this.resetTokens.delete(token);
    if (userId !== undefined && this.resetOf.get(userId) === token) this.resetOf.delete(userId);
  }

  private post(message: MailMessage): void {
    this.mail.push(message);
    if (this.mail.length > this.limits.outbox) this.mail.splice(0, this.mail.length - this.limits.outbox);
  }

  resetTokenOwner(token: string): number | undefined {
    return this.resetTokens.get(token) ?? this.standing.get(token);
  }

  /** A reset token is single-use, unless it stands. */
  spendResetToken(token: string): void {
    if (!this.standing.has(token)) this.dropResetToken(token);
  }

  standResetToken(token: string, userId: number): void {
    this.standing.set(token, userId);
  }

  /** Every token that works now (sessions, then reset tokens): the journal masks them wherever they show. */
  *liveTokens(): Iterable<string> {
    yield* this.sessions.keys();
    yield* this.resetTokens.keys();
    yield* this.standing.keys();
  }

  /** Reset tokens standing in `other` stand here too (set by the mock itself: a store rebuilt keeps them). */
  keepStanding(other: Sessions): void {
    for (const [token, userId] of other.standing) this.standing.set(token, userId);
  }

  snapshot(): SessionsSnapshot {
    return {
      sessions: [...this.sessions.values()],
      // A standing token may also sit among the live ones (a store rebuilt from a snapshot): once.
      resetTokens: [...new Map([...this.resetTokens, ...this.standing])].map(([token, user_id]) => ({
        token,
        user_id,
      })),
      outbox: [...this.mail],
    };
  }
}

function first<T>(items: Iterable<T>): T | undefined {
  for (const item of items) return item;
  return undefined;
}
