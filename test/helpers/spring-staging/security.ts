// The security filter chain: stateless HS256 JWTs without expiry (§5 rule 5),
// invalidated by a per-user token version (password change) or a revoked jti
// (logout); the token read from `Authorization: Bearer` or `X-API-Token` (§5);
// and a Bucket4j-like fixed window in front of everything.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Ctx } from './http.js';
import type { Store, User } from './store.js';

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export class Tokens {
  private readonly secret = randomBytes(32);

  issue(user: User): string {
    const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const claims = {
      sub: String(user.id),
      jti: randomUUID(),
      iat: Math.floor(Date.now() / 1000),
      ver: user.tokenVersion,
    };
    const body = b64(JSON.stringify(claims));
    return `${head}.${body}.${this.sign(`${head}.${body}`)}`;
  }

  private sign(input: string): string {
    return createHmac('sha256', this.secret).update(input).digest('base64url');
  }

  /** The user and token id of a valid token, or undefined. */
  verify(store: Store, token: string): { user: User; jti: string } | undefined {
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [head, body, sig] = parts as [string, string, string];
    const want = Buffer.from(this.sign(`${head}.${body}`));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    let claims: { sub?: unknown; jti?: unknown; ver?: unknown };
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    const user = store.user(Number(claims.sub));
    if (!user || typeof claims.jti !== 'string' || store.revoked.has(claims.jti)) return undefined;
    if (claims.ver !== user.tokenVersion) return undefined;
    return { user, jti: claims.jti };
  }
}

export type Credential = { kind: 'none' } | { kind: 'invalid' } | { kind: 'valid'; user: User; jti: string };

/** DefaultBearerTokenResolver's grammar, case-insensitive scheme. */
const BEARER = /^bearer ([a-z0-9\-._~+/]+=*)$/i;

export function readCredential(ctx: Ctx, tokens: Tokens): Credential {
  const header = (name: string) => {
    const v = ctx.req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const authorization = header('authorization');
  let token: string | undefined;
  if (authorization !== undefined) {
    const m = BEARER.exec(authorization.trim());
    if (!m) return { kind: 'invalid' };
    token = m[1];
  } else if (!ctx.sw.has('x-api-token-refused')) {
    const alt = header('x-api-token');
    if (alt !== undefined) token = alt.trim().replace(/^bearer\s+/i, '');
  }
  if (token === undefined) return { kind: 'none' };
  const found = tokens.verify(ctx.store, token);
  return found ? { kind: 'valid', ...found } : { kind: 'invalid' };
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request; the remaining allowance, or the seconds to wait when refused. */
  take(key: string, now = Date.now()): { allowed: boolean; remaining: number; retryAfter: number } {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    const retryAfter = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
    return { allowed: w.count <= this.limit, remaining: Math.max(0, this.limit - w.count), retryAfter };
  }
}
