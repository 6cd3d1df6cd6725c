// Section 8: the spec's x-rate-limit (MockContext.rateLimit), then 429. Counted
// per token, or per address for calls without one, across all operations together.

import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { presentedToken } from './auth.js';

export interface RateLimitSettings {
  max: number;
  windowMs: number;
}

/** A valid token has a quota of its own; anything else (no token, a made-up one) counts per address. */
export const rateLimitKey = (request: FastifyRequest): string => {
  const token = presentedToken(request);
  return token && request.server.mock.store.userByToken(token) ? `token:${token}` : `ip:${request.ip}`;
};

export default fp<RateLimitSettings>(
  async (app, { max, windowMs }) => {
    // Global mode keeps one counter per key for every route; a per-route
    // config would count each operation apart (the whole quota per operation).
    await app.register(rateLimit, {
      global: true,
      max,
      timeWindow: windowMs,
      keyGenerator: rateLimitKey,
      allowList: (request) => !request.operation,
      errorResponseBuilder: () => app.errors.TOO_MANY_REQUESTS(),
      addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
      addHeaders: {
        'x-ratelimit-limit': true,
        'x-ratelimit-remaining': true,
        'x-ratelimit-reset': true,
        'retry-after': true,
      },
    });
  },
  { name: 'mcs-rate-limit' },
);
