// Section 8: 60 requests a minute, then 429. Counted per token, or per address
// for calls without one, with @fastify/rate-limit on each operation's route.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Errors } from '../errors.js';
import { presentedToken } from './auth.js';

export interface RateLimitSettings {
  max: number;
  windowMs: number;
}

export const rateLimitKey = (request: FastifyRequest): string => {
  const token = presentedToken(request);
  return token ? `token:${token}` : `ip:${request.ip}`;
};

export default fp<RateLimitSettings>(
  async (app, { max, windowMs }) => {
    // Give each operation's route the limit before the rate-limit plugin sees it.
    app.addHook('onRoute', (route) => {
      if (route.config?.operation) (route.config as Record<string, unknown>).rateLimit = { max, timeWindow: windowMs };
    });
    await app.register(rateLimit, {
      global: false,
      keyGenerator: rateLimitKey,
      errorResponseBuilder: () => Errors.TOO_MANY_REQUESTS(),
      addHeadersOnExceeding: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true },
      addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    });
  },
  { name: 'mcs-rate-limit' },
);
