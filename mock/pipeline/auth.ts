// Section 5: protected operations take the token as `Authorization: Bearer` or
// `X-API-Token`. The errors plugin sends the 401 in the operation's documented
// shape, so plans/index answers in its own {status: "error"} shape.

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRecord } from '../../fixtures/types.js';
import type { Store } from '../store/store.js';
import { onOperation } from './on-operation.js';

export function presentedToken(request: FastifyRequest): string | undefined {
  const names = request.server.mock.ctx.facts.headers;
  const auth = request.headers[names.authorization];
  const bearer = typeof auth === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
  const header = request.headers[names.token];
  return bearer ?? (typeof header === 'string' && header.trim() ? header.trim() : undefined);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The presented token and its user in a store, looked up once for the rate limit, auth and the journal. */
    tokenLookup?: { store: Store; token: string | undefined; user: UserRecord | undefined };
  }
}

/**
 * The token a request presents and its user in the request's world's store,
 * looked up once per request: the rate limit's key, the token check and the
 * journal's account all ask (with the rate limit on, the store was asked twice
 * on every protected request). Asked again if the world's store was swapped
 * meanwhile (a reset).
 */
function lookup(request: FastifyRequest) {
  const store = (request.world ?? request.server.mock.worlds.default).store;
  const known = request.tokenLookup;
  if (known?.store === store) return known;
  const token = presentedToken(request);
  request.tokenLookup = { store, token, user: token ? store.userByToken(token) : undefined };
  return request.tokenLookup;
}

/**
 * The user whose valid token a protected operation was sent with: the token
 * check's, or, when something answered before it (a fault, the rate limit, the
 * platform header), looked up here. A public operation has none, whatever token
 * it carries (the rate limit counts it per address).
 */
export function tokenUser(request: FastifyRequest): UserRecord | undefined {
  if (request.user) return request.user;
  if (!request.operation || request.operation.isPublic) return undefined;
  return lookup(request).user;
}

export default fp(
  async (app) => {
    const { errors } = app.mock.ctx;
    // Declared up front, so every request object keeps one shape (Fastify's advice on decorators).
    app.decorateRequest('user', undefined);
    app.decorateRequest('token', undefined);
    app.decorateRequest('tokenLookup', undefined);
    onOperation(app, (op) => {
      if (op.isPublic) return undefined;
      return (request, _reply, done) => {
        // The request's world's sessions: a token of another world is unknown here.
        const { token, user } = lookup(request);
        if (!user || !token) return done(errors.UNAUTHENTICATED());
        request.user = user;
        request.token = token;
        done();
      };
    });
  },
  { name: 'mcs-auth', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
