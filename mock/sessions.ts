// Sessions, password-reset tokens and the mail that carried them: the store's
// state besides the world. It knows users by id only, so any store, however
// it keeps its world, can keep its tokens here.
import { randomBytes } from 'node:crypto';
import { ChangeLog, TrackedMap } from './changes.js';
import type { MailMessage, Session, StateSnapshot } from './store-types.js';

const newToken = () => randomBytes(32).toString('hex');

export type SessionsSnapshot = Pick<StateSnapshot, 'sessions' | 'resetTokens' | 'outbox'>;

export class Sessions {
  // Tracked: the state file's log hears of every change (changes.ts).
  private sessions: Map<string, Session>;
  private resetTokens: Map<string, number>;
  /** Reset tokens that stay valid after use. */
  private standing = new Set<string>();
  readonly outbox: MailMessage[];

  constructor(
    saved?: SessionsSnapshot,
    private readonly changes = new ChangeLog(),
  ) {
    this.sessions = new TrackedMap(changes, 'sessions');
    this.resetTokens = new TrackedMap(changes, 'resetTokens');
    for (const s of saved?.sessions ?? []) this.sessions.set(s.token, s);
    for (const r of saved?.resetTokens ?? []) this.resetTokens.set(r.token, r.user_id);
    this.outbox = saved?.outbox ?? [];
  }

  userIdOf(token: string): number | undefined {
    return this.sessions.get(token)?.user_id;
  }

  /** Starts a session under the given token, else a new random one; the token. */
  issue(userId: number, platform: string, deviceToken: string, createdAt: string, token = newToken()): string {
    this.sessions.set(token, { token, user_id: userId, platform, device_token: deviceToken, created_at: createdAt });
    return token;
  }

  revoke(token: string): void {
    this.sessions.delete(token);
  }

  /** Ends every session of a user; how many there were. */
  revokeUser(userId: number): number {
    let n = 0;
    for (const [token, s] of this.sessions) {
      if (s.user_id === userId) {
        this.sessions.delete(token);
        n++;
      }
    }
    return n;
  }

  /** A new reset token for the user, mailed to `to` (the outbox). */
  mailResetToken(userId: number, to: string, sentAt: string): string {
    const token = randomBytes(16).toString('hex');
    this.resetTokens.set(token, userId);
    const message = { to, subject: 'Reset your password', reset_token: token, sent_at: sentAt };
    this.outbox.push(message);
    this.changes.mail(this.outbox, message);
    return token;
  }

  resetTokenOwner(token: string): number | undefined {
    return this.resetTokens.get(token);
  }

  /** A reset token is single-use, unless it stands. */
  spendResetToken(token: string): void {
    if (!this.standing.has(token)) this.resetTokens.delete(token);
  }

  standResetToken(token: string, userId: number): void {
    this.resetTokens.set(token, userId);
    this.standing.add(token);
  }

  /** Every token that works now (sessions, then reset tokens): the journal masks them wherever they show. */
  *liveTokens(): Iterable<string> {
    yield* this.sessions.keys();
    yield* this.resetTokens.keys();
  }

  /** Reset tokens standing in `other` stand here too (they are not in the snapshot: a store rebuilt keeps them). */
  keepStanding(other: Sessions): void {
    for (const token of other.standing) this.standing.add(token);
  }

  snapshot(): SessionsSnapshot {
    return {
      sessions: [...this.sessions.values()],
      resetTokens: [...this.resetTokens].map(([token, user_id]) => ({ token, user_id })),
      outbox: this.outbox,
    };
  }
}
