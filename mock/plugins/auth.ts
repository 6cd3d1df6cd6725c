// Section 5: protected operations take the token as `Authorization: Bearer` or
// `X-API-Token`. The 401 body follows the operation's documented 401 example,
// so plans/index answers in its own {status: "error"} shape.

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OperationEntry } from '../../spec/load.js';
import { documentedStatusError, Errors, type MockError } from '../errors.js';
import { onOperation } from './on-operation.js';

export function presentedToken(request: FastifyRequest): string | undefined {
  const names = request.server.mock.ctx.facts.headers;
  const auth = request.headers[names.authorization];
  const bearer = typeof auth === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1] : undefined;
  const header = request.headers[names.token];
  return bearer ?? (typeof header === 'string' && header.trim() ? header.trim() : undefined);
}

function unauthenticated(op: OperationEntry): () => MockError {
  return () => documentedStatusError(op.responses, 401) ?? Errors.UNAUTHENTICATED();
}

export default fp(
  async (app) => {
    // Declared up front, so every request object keeps one shape (Fastify's advice on decorators).
    app.decorateRequest('user', undefined);
    app.decorateRequest('token', undefined);
    onOperation(app, (op) => {
      if (op.isPublic) return undefined;
      const refuse = unauthenticated(op);
      return (request, _reply, done) => {
        const token = presentedToken(request);
        const user = token ? app.mock.store.userByToken(token) : undefined;
        if (!user || !token) return done(refuse());
        request.user = user;
        request.token = token;
        done();
      };
    });
  },
  { name: 'mcs-auth' },
);
