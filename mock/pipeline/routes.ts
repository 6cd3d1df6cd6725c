// One route per operation of the spec: URL, body and path validation, response
// serialization and the handler, all looked up from the operation table.
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { allowedHosts } from '../../lib/origins.js';
import type { JsonSchema, LoadedSpec, OperationEntry } from '../../spec/load.js';
import { crossSiteReason, otherMachine, thisMachineHosts } from '../controls/guard.js';
import { handlers as ownHandlers } from '../handlers/index.js';
import type { HandlerInput, HandlerTable, OperationId } from '../handlers/types.js';
import { worldEntry } from '../worlds/hook.js';
import { asSent } from './as-sent.js';
import { platformOf } from './platform.js';
import { cacheKey } from './response-cache.js';
import { validated } from './validated.js';

// Callback style, not async: an async hook costs every request a promise and a microtask.
const noBodyAsEmpty: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined || request.body === null) request.body = {};
  done();
};

function pathParams(op: OperationEntry): JsonSchema | undefined {
  const params = op.parameters.filter((p) => p.in === 'path');
  if (params.length === 0) return undefined;
  return {
    type: 'object',
    required: params.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
  };
}

function queryParams(op: OperationEntry): JsonSchema | undefined {
  const params = op.parameters.filter((p) => p.in === 'query');
  if (params.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema])) };
}

function responseSchemas(op: OperationEntry): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.values(op.responses)
      .filter((r) => r.schema)
      .map((r) => [r.status, r.schema!]),
  );
}

export function baseUrlOf(request: FastifyRequest, basePath: string): string {
  return `${request.protocol}://${request.host}${basePath}`;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * One route per operation, served by the mock's handlers or the ones the
 * options give instead (ctx.handlers). Declares what it needs: the mock runtime
 * on the instance (for the spec, the store, the facts and the answer cache) and
 * the errors plugin (whose handler turns a thrown MockError into the API's shape).
 */
export default fp(
  async (app) => {
    const { spec } = app.mock.ctx;
    const handlers: HandlerTable = { ...ownHandlers, ...app.mock.ctx.handlers };
    const { worlds, ctx } = app.mock;
    // A request from a page of another site uses a live world but makes none (the controls' rule). One
    // from another machine makes one only when the mock serves the network (--host beyond loopback): a
    // device then names its worlds through the API, as today, but never reaches the controls (guard.ts).
    const hosts = thisMachineHosts(allowedHosts(ctx.corsOrigins, ctx.controlHosts), ctx.interfaces);
    const enterWorld = worldEntry(worlds, ctx.errors, false, (request) => {
      const remote = ctx.onNetwork ? undefined : otherMachine(request, ctx.interfaces);
      if (remote) return `${remote}, and the mock does not serve the network (--host)`;
      return crossSiteReason(request, hosts, ctx.corsOrigins, ctx.anyAddress);
    });
    const missing = spec.operations.filter((op) => !(op.operationId in handlers)).map((op) => op.operationId);
    if (missing.length) throw new Error(`the mock has no handler for ${missing.join(', ')}`);
    app.decorateRequest('operation', undefined);
    for (const op of spec.operations) operationRoute(app, spec, op, handlers, enterWorld);
  },
  { name: 'mcs-routes', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors', 'mcs-json-body'] },
);

function operationRoute(
  app: FastifyInstance,
  spec: LoadedSpec,
  op: OperationEntry,
  handlers: HandlerTable,
  enterWorld: ReturnType<typeof worldEntry>,
): void {
  const answerOf = handlers[op.operationId as OperationId] as (input: HandlerInput<OperationId>) => unknown;
  const requestSchema = op.requestBody?.schema;
  const { facts, errors, lists } = app.mock.ctx;
  const platformHeader = facts.headers.platform;
  const platformFrom = platformOf(facts);
  app.route({
    method: op.method.toUpperCase() as 'GET' | 'POST',
    url: spec.basePath + op.url,
    config: { operation: op },
    // The route's own hook runs before those plugins add (they append): the journal, the rate limit's
    // allow list and the error handler read the operation here, not from routeOptions (an object per read).
    // Then the world the request names (mock/worlds/hook.ts): every later hook reads request.world.
    onRequest: (request, reply, done) => {
      request.operation = op;
      enterWorld(request, reply, done);
    },
    schema: {
      ...(op.requestBody ? { body: op.requestBody.schema } : {}),
      ...(pathParams(op) ? { params: pathParams(op) } : {}),
      ...(queryParams(op) ? { querystring: queryParams(op) } : {}),
      response: responseSchemas(op),
    },
    ...(op.requestBody && !op.requestBody.required ? { preValidation: noBodyAsEmpty } : {}),
    // Synchronous: an answer from the cache costs no promise. Fastify sends what
    // a handler returns, and awaits it if it is a promise.
    handler: (request, reply) => {
      const world = request.world!;
      const { cache } = world;
      const platform = platformFrom(request.headers[platformHeader]);
      const key = cacheKey(request, platform);
      const hit = cache.get(key);
      if (hit !== undefined) {
        reply.type(JSON_TYPE).send(asSent(reply, hit));
        return undefined;
      }
      const madeAt = cache.version;
      const answer = answerOf({
        // Only documented fields reach a handler (x-unknown-request-fields in the spec).
        body: validated(requestSchema, request.body) as never,
        params: (request.params ?? {}) as Record<string, string>,
        query: (request.query ?? {}) as Record<string, unknown>,
        user: request.user!,
        token: request.token ?? '',
        platform,
        store: world.store,
        baseUrl: baseUrlOf(request, spec.basePath),
        errors,
        lists,
      });
      const keep = (value: unknown) => {
        // Sent as is, undefined would leave the request hanging.
        if (value === undefined) throw errors.NO_ANSWER(op.operationId);
        const text = String(reply.serialize(value));
        return asSent(reply, cache.keep(key, text, madeAt) ?? text);
      };
      reply.type(JSON_TYPE);
      return answer instanceof Promise ? answer.then(keep) : keep(answer);
    },
  });
}
