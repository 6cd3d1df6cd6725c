// The CORS grant (@fastify/cors), and the answer to a preflight it refuses.
// Refused, @fastify/cors leaves the preflight to the not-found handler, which
// answered "No route OPTIONS ..." or "Method OPTIONS is not allowed": true of
// the router, no help to a developer whose LAN dev server was refused. The
// hook below answers it instead, naming the origin and how to allow it; the
// journal records it as any exchange under the API's base path.
import cors from '@fastify/cors';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { CORS_MAX_AGE, isAllowedOrigin, parseOrigin } from '../../lib/origins.js';
import { MOCK_ERROR_HEADER } from '../errors.js';
import { sendError } from './errors.js';

/** A refused CORS preflight: an OPTIONS with an Origin this mock does not allow and the method it asks for. */
export function refusedPreflight(corsOrigins: readonly string[]): onRequestHookHandler {
  // Callback style: it runs on every request, and only an OPTIONS pays more than a comparison.
  return (request, reply, done) => {
    if (request.method !== 'OPTIONS') return done();
    const { origin } = request.headers;
    const asked = request.headers['access-control-request-method'];
    if (origin === undefined || asked === undefined || isAllowedOrigin(origin, corsOrigins)) return done();
    const { errors } = request.server.mock.ctx;
    // Sent here, not passed to done(): the grant's catch-all OPTIONS route was made before the mock's error
    // handler was set, and would answer in Fastify's own shape. Answered from a hook, done is not called.
    sendError(reply, errors.CORS_ORIGIN_REFUSED(origin, String(asked), parseOrigin(origin)));
  };
}

export default fp(
  async (app: FastifyInstance) => {
    const { corsOrigins } = app.mock.ctx;
    await app.register(cors, {
      // A request without Origin is not a CORS request: it gets no grant headers,
      // which keeps the headers of every answer to curl, tests and the bench short.
      origin: (origin, cb) => cb(null, isAllowedOrigin(origin, corsOrigins)),
      credentials: true,
      // No allowedHeaders: the preflight's Access-Control-Request-Headers is
      // reflected, so apps and their tracing libraries (traceparent, sentry-trace,
      // baggage, x-requested-with...) may add any header, for allowed origins only.
      maxAge: CORS_MAX_AGE,
      exposedHeaders: [
        'retry-after',
        'x-ratelimit-limit',
        'x-ratelimit-remaining',
        'x-ratelimit-reset',
        'allow',
        MOCK_ERROR_HEADER,
      ],
    });
    // After the grant's own hook: an allowed preflight is answered there (204) and never reaches this one.
    app.addHook('onRequest', refusedPreflight(corsOrigins));
  },
  { name: 'mcs-cors', decorators: { fastify: ['mock'] } },
);
