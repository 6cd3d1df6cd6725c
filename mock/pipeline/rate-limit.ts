// Section 8: the spec's x-rate-limit (MockContext.rateLimit), then 429. Counted
// as x-rate-limit-key says, across all operations together: per user when
// signed in, per address otherwise.

import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_WORLD } from '../worlds/names.js';
import { tokenUser } from './auth.js';

/**
 * Laravel's default API limiter, `by($request->user()?->id ?: $request->ip())`:
 * a protected operation with a valid token counts against its user, so a user's
 * many tokens share one quota (keyed per token, one address signing in again
 * and again got 60 calls per sign-in). Everything else counts per address: a
 * public operation has no user whatever token it carries (sign-in with a valid
 * token is not charged to that token's user), nor has a made-up token.
 */
export const rateLimitKey = (request: FastifyRequest): string => {
  const world = request.world ?? request.server.mock.worlds.default;
  const user = tokenUser(request);
  const key = user ? `user:${user.id}` : `ip:${request.ip}`;
  // Each world has its own budgets: the default world's keys are as before worlds.
  return world.name === DEFAULT_WORLD ? key : `world:${world.name}:${key}`;
};

export default fp(
  async (app) => {
    const { rateLimit: settings, errors } = app.mock.ctx;
    if (!settings) return;
    const { max, windowMs } = settings;
    // Global mode keeps one counter per key for every route; a per-route
    // config would count each operation apart (the whole quota per operation).
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: windowMs,
      keyGenerator: rateLimitKey,
      allowList: (request) => !request.operation,
      errorResponseBuilder: () => errors.TOO_MANY_REQUESTS(),
      addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
      addHeaders: {
        'x-ratelimit-limit': true,
        'x-ratelimit-remaining': true,
        'x-ratelimit-reset': true,
        'retry-after': true,
      },
    });
  },
  { name: 'mcs-rate-limit', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
