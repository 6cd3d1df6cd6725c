// Section 5: protected operations take the token as `Authorization: Bearer` or
// `X-API-Token`. The errors plugin sends the 401 in the operation's documented
// shape, so plans/index answers in its own {status: "error"} shape.

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { onOperation } from './on-operation.js';

export function presentedToken(request: FastifyRequest): string | undefined {
  const names = request.server.mock.ctx.facts.headers;
  const auth = request.headers[names.authorization];
  const bearer = typeof auth === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
  const header = request.headers[names.token];
  return bearer ?? (typeof header === 'string' && header.trim() ? header.trim() : undefined);
}

export default fp(
  async (app) => {
    const { errors } = app.mock.ctx;
    // Declared up front, so every request object keeps one shape (Fastify's advice on decorators).
    app.decorateRequest('user', undefined);
    app.decorateRequest('token', undefined);
    onOperation(app, (op) => {
      if (op.isPublic) return undefined;
      return (request, _reply, done) => {
        const token = presentedToken(request);
        // The request's world's sessions: a token of another world is unknown here.
        const user = token ? (request.world ?? app.mock.worlds.default).store.userByToken(token) : undefined;
        if (!user || !token) return done(errors.UNAUTHENTICATED());
        request.user = user;
        request.token = token;
        done();
      };
    });
  },
  { name: 'mcs-auth', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
