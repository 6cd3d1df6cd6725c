// Records every exchange with the API in the journal, and serves it under
// /__mock/requests (GET with filters, DELETE to clear) for frontend tests that
// check what their app sent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { secretPathsOf } from '../../lib/secret-paths.js';
import { createExchangeValidator, type ExchangeValidator } from '../../spec/exchange.js';
import type { SpecFacts } from '../../spec/facts.js';
import { ignoredFieldsOf } from '../../spec/ignored-fields.js';
import type { LoadedSpec } from '../../spec/load.js';
import { noOperation } from '../controls/messages.js';
import { type ErrorCatalogue, MOCK_ERROR_HEADER } from '../errors.js';
import { tokenUser } from '../pipeline/auth.js';
import { requestedWorld } from '../worlds/hook.js';
import { DEFAULT_WORLD } from '../worlds/names.js';
import { Journal, type StatusFilter, secretHeaders } from './journal.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer as sent, held for the journal (set by its onSend hook). */
    journalText: string | Buffer | null;
  }
  interface FastifyInstance {
    /**
     * Records an exchange whose answer never finished (a connection a fault dropped or left unanswered):
     * Fastify's onResponse runs only for a finished one. A no-op when the journal is off.
     */
    journalUnfinished(request: FastifyRequest, reply: FastifyReply): void;
  }
}

export function createJournal(spec: LoadedSpec, size: number, { headers }: SpecFacts): Journal {
  let validator: ExchangeValidator | undefined;
  const ignored = ignoredFieldsOf(spec);
  // Compiled on first read, so a mock nobody inspects starts as fast as before.
  return new Journal(
    size,
    ({ operationId, status, contentType, body }) => {
      validator ??= createExchangeValidator(spec);
      return validator
        .validate({ operationId, status, headers: { 'content-type': contentType ?? undefined }, body })
        .map(({ at, expected, actual, message, severity }) => ({ at, expected, actual, message, severity }));
    },
    secretHeaders([headers.token, headers.apiKey]),
    {
      secretPaths: secretPathsOf(spec.operations, spec.basePath),
      // What the handler's body left out (mock/pipeline/validated.ts), said: a typo such as `zipcode` shows.
      ignored: (operationId, body) =>
        ignored(operationId, body).map(({ at, expected, actual, message, severity }) => ({
          at,
          expected,
          actual,
          message,
          severity,
        })),
    },
  );
}

function rateLimitOf(limit: unknown, remaining: unknown, reset: unknown) {
  if (limit === undefined || remaining === undefined) return null;
  return { limit: Number(limit), remaining: Number(remaining), resetSeconds: Number(reset ?? 0) };
}

const STATUS_FORMS = /^(?:([1-5])xx|([1-5]\d\d))$/i;

/** `4xx` (a class) or `404` (one status); undefined when the text is neither. */
export function statusFilter(text: string): StatusFilter | undefined {
  const m = STATUS_FORMS.exec(text.trim());
  if (!m) return undefined;
  return m[1] ? { class: Number(m[1]) } : { status: Number(m[2]) };
}

const query = {
  type: 'object',
  properties: {
    operationId: { type: 'string', minLength: 1 },
    // Read by statusFilter(), which names the forms it takes.
    status: { type: 'string' },
    after: { type: 'integer', minimum: 0 },
    // Read by requestedWorld(), which names the form it takes.
    world: {},
    since: { type: 'string', format: 'date-time' },
    limit: { type: 'integer', minimum: 1, maximum: 10_000 },
  },
} as const;

export default fp(
  async (app) => {
    const { journal, ctx } = app.mock;
    // Asked when the journal is read, of the store of that moment (a reset swaps it), never on a request's path.
    journal.liveTokens = () => app.mock.worlds.liveTokens();
    const prefix = `${ctx.spec.basePath}/`;
    if (journal.enabled) {
      // Declared up front, so every request object keeps one shape (Fastify's advice on decorators).
      app.decorateRequest('journalText', null);
      // Only where the rate limit is on, or on a forced 429 (pipeline/faults.ts), are there headers to read.
      const limited = ctx.rateLimit !== false;
      // Callback style, not async: on every request, a promise and a microtask each are measurable.
      app.addHook('onSend', (request, _reply, payload, done) => {
        if (request.url.startsWith(prefix))
          // A reference: bytes are decoded when the journal is read, not on every answer.
          request.journalText = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
        done(null, payload);
      });
      const record = (request: FastifyRequest, reply: FastifyReply, status: number) => {
        const type = reply.getHeader('content-type');
        const code = reply.getHeader(MOCK_ERROR_HEADER);
        journal.record({
          method: request.method,
          url: request.url,
          operationId: request.operation?.operationId ?? null,
          status,
          error: code === undefined ? null : String(code),
          ms: reply.elapsedTime,
          // The token's account even when a fault, the rate limit or the platform check answered before auth.
          account: tokenUser(request)?.email ?? null,
          fault: request.forcedFault,
          world: journalWorld(request, ctx.errors),
          headers: request.headers,
          requestBody: request.bodyText ?? request.body,
          contentType: type === undefined ? null : String(type),
          responseText: request.journalText,
          rateLimit:
            limited || status === 429
              ? rateLimitOf(
                  reply.getHeader('x-ratelimit-limit'),
                  reply.getHeader('x-ratelimit-remaining'),
                  reply.getHeader('x-ratelimit-reset'),
                )
              : null,
        });
      };
      app.addHook('onResponse', (request, reply, done) => {
        done();
        if (request.url.startsWith(prefix)) record(request, reply, reply.statusCode);
      });
      // No status line sent: 0, which no status filter takes but the entry's `fault` explains.
      app.decorate('journalUnfinished', (request: FastifyRequest, reply: FastifyReply) =>
        record(request, reply, reply.raw.headersSent ? reply.statusCode : 0),
      );
    } else app.decorate('journalUnfinished', () => undefined);

    app.get<{ Querystring: { operationId?: string; status?: string; after?: number; since?: string; limit?: number } }>(
      '/__mock/requests',
      { schema: { querystring: query } },
      async (request) => {
        const { operationId, status, after, since, limit } = request.query;
        // Every world's exchanges, or the one X-Mock-World, /worlds/NAME/ or ?world= names.
        const world = requestedWorld(request, ctx.errors, true);
        if (operationId !== undefined && !ctx.spec.byId.has(operationId))
          throw ctx.errors.MOCK_CONTROL(noOperation(operationId, [...ctx.spec.byId.keys()]));
        const byStatus = status === undefined ? undefined : statusFilter(status);
        if (status !== undefined && !byStatus)
          throw ctx.errors.MOCK_CONTROL(
            `The status filter takes a class (1xx to 5xx, such as 4xx) or a status from 100 to 599 (such as 404), not ${JSON.stringify(status)}.`,
          );
        const requests = journal.list({
          operationId,
          world,
          status: byStatus,
          after,
          since: since === undefined ? undefined : new Date(since),
          limit,
        });
        return { requests, kept: journal.count, capacity: journal.size };
      },
    );
    app.delete('/__mock/requests', async (request) => {
      const world = requestedWorld(request, ctx.errors, true);
      return { message: `Journal cleared (${journal.clear(world)} exchanges${world ? ` of world ${world}` : ''}).` };
    });
  },
  // It records the user the auth plugin's hook sets.
  { name: 'mcs-journal', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors', 'mcs-auth'] },
);

/**
 * The world an exchange is tagged with: the one it was answered in, else (a path the spec lacks, a method
 * it lacks: no world was entered) the world it named, or `default` when it named none; null for a bad name,
 * and for a CORS preflight that names none (it cannot carry the header: any world's app may have sent it).
 */
function journalWorld(request: FastifyRequest, errors: ErrorCatalogue): string | null {
  if (request.world) return request.world.name;
  try {
    const named = requestedWorld(request, errors, false);
    if (named !== undefined) return named;
    return request.method === 'OPTIONS' ? null : DEFAULT_WORLD;
  } catch {
    return null;
  }
}
