// buildMock(options) returns the Fastify app, ready for inject() or listen();
// only the CLI listens.

import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { createAjv, withFiniteNumbers } from '../spec/ajv.js';
import { coercesAny, withCoercions } from '../spec/coercion.js';
import type { JsonSchema } from '../spec/load.js';
import { controls } from './controls/controls.js';
import { guardControlRoutes } from './controls/guard.js';
import journalPlugin, { createJournal } from './journal/plugin.js';
import { type MockContext, type MockOptions, resolveOptions } from './options.js';
import { mockConsole } from './pages/console.js';
import { docs } from './pages/docs.js';
import { favicon } from './pages/favicon.js';
import authPlugin from './pipeline/auth.js';
import { clientErrorHandler } from './pipeline/client-errors.js';
import corsPlugin from './pipeline/cors.js';
import errorsPlugin, { sendError } from './pipeline/errors.js';
import faultsPlugin from './pipeline/faults.js';
import { answerPlainHttp } from './pipeline/https-port.js';
import jsonBody from './pipeline/json-body.js';
import platformPlugin from './pipeline/platform.js';
import rateLimitPlugin from './pipeline/rate-limit.js';
import routes from './pipeline/routes.js';
import subscriptionPlugin from './pipeline/subscription.js';
import type { MockRuntime } from './runtime.js';
import { StateWriter } from './state/writer.js';
import usagePlugin from './usage/plugin.js';
import { worldControls } from './worlds/controls.js';
import { worldFiles } from './worlds/files.js';
import { worldControlRoutes, worldEntry } from './worlds/hook.js';
import { rewriteWorldUrl } from './worlds/names.js';
import { Worlds } from './worlds/registry.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The state writer's count of changes when the request arrived (see StateWriter.settle). */
    stateSeq: number;
  }
}

export { LOCAL_ORIGIN } from '../lib/origins.js';

export async function buildMock(options: MockOptions = {}): Promise<FastifyInstance> {
  const { ctx, store } = await resolveOptions(options);
  // With `https` the server is Node's https.Server (a tls.Server); the app is used through the same interface.
  const app = Fastify({
    ...(ctx.https ? { https: ctx.https } : {}),
    logger: ctx.logger,
    bodyLimit: ctx.bodyLimit,
    forceCloseConnections: true,
    clientErrorHandler: clientErrorHandler(ctx.errors),
    // Bounds on a slow or stalled client; above the longest injected latency.
    requestTimeout: ctx.maxLatencyMs + 30_000,
    routerOptions: { ignoreTrailingSlash: true },
    // The spec has no HEAD operation, so the mock answers HEAD as any other method it lacks: 405.
    exposeHeadRoutes: false,
    // `/worlds/NAME/...` is routed as `...`, in the world NAME (mock/worlds/names.ts).
    rewriteUrl: rewriteWorldUrl,
    frameworkErrors: (err, _request, reply) =>
      sendError(reply as FastifyReply, ctx.errors.BAD_REQUEST(`The request URL is not valid (${err.message}).`)),
  });
  // Before anything listens: plain http:// to the TLS port is told to use https, not given an empty reply.
  if (ctx.https) {
    const port = answerPlainHttp(app.server, (url) => ctx.errors.HTTPS_REQUIRED(url));
    app.addHook('preClose', (done) => {
      port.dropPending();
      done();
    });
  }
  const ajv = createAjv({ allErrors: true });
  // Query strings arrive as text: the same configuration, coercing to the schema's types.
  const coercing = createAjv({ allErrors: true, coerceTypes: true });
  // Numbers Ajv lets through (a coerced "Infinity", an integer beyond 2^53) are refused for every field.
  // A body's scalar of another type is taken as the spec says a backend takes it (x-numeric-strings: "10" for
  // an integer; x-type-coercion: 12345 for a string, 1.5 for an integer), and then judged as what it became.
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const validate = withFiniteNumbers(
      (httpPart === 'querystring' ? coercing : ajv).compile(schema),
      schema as JsonSchema,
    );
    return httpPart === 'body' && coercesAny(ctx.facts.coercions)
      ? withCoercions(validate, schema as JsonSchema, ctx.facts.coercions)
      : validate;
  });

  const worlds = new Worlds({
    max: ctx.maxWorlds,
    generated: ctx.world,
    store,
    storeOf: ctx.storeOf,
    errors: ctx.errors,
    persistence: ctx.stateLock ? worldFiles(ctx, (err) => stateError(app, ctx, err)) : undefined,
  });
  const main = worlds.default;
  ctx.storeBudget.total = () => worlds.storeBytes();
  const runtime: MockRuntime = {
    ctx,
    worlds,
    get store() {
      return main.store;
    },
    get faults() {
      return main.faults;
    },
    get cache() {
      return main.cache;
    },
    journal: createJournal(ctx.spec, ctx.journal, ctx.facts),
    routes: [],
    reset() {
      main.reset();
    },
  };
  app.decorate('mock', runtime);
  // Recorded from the first registration on, whoever adds the route: the drift gate compares it with the spec.
  app.addHook('onRoute', (route) => {
    for (const m of [route.method].flat())
      if (m !== 'HEAD' && m !== 'OPTIONS') runtime.routes.push(`${m} ${route.url}`);
  });
  // Every route under /__mock, whoever registers it, runs the control guard first (this machine, this site).
  app.addHook('onRoute', guardControlRoutes(ctx));
  // Then, on the controls of a world, the world it names (X-Mock-World, /worlds/NAME/, ?world=).
  app.addHook('onRoute', worldControlRoutes(worldEntry(worlds, ctx.errors, true)));
  app.decorateRequest('world', undefined);

  if (ctx.stateLock) await writeThrough(app, worlds, ctx);

  // The CORS grant, and a clear refusal of a preflight from an origin it does not allow.
  await app.register(corsPlugin);
  // Every plugin takes its settings and the error catalogue from app.mock.ctx, and declares what it relies on.
  await app.register(errorsPlugin);
  await app.register(jsonBody);
  // The order of these registrations is the order of their hooks on each operation.
  await app.register(faultsPlugin);
  await app.register(rateLimitPlugin);
  await app.register(platformPlugin);
  await app.register(authPlugin);
  await app.register(subscriptionPlugin);
  await app.register(controls);
  await app.register(worldControls);
  await app.register(journalPlugin);
  await app.register(usagePlugin);
  await app.register(docs);
  await app.register(mockConsole);
  await app.register(favicon);
  await app.register(routes);
  await app.ready();
  return app;
}

/**
 * Write-through: an answer is sent once every change made before it is on disk,
 * so a kill -9 never loses an acknowledged write; if a change made while the
 * request ran could not be written, it was undone and the answer is a 503.
 */
async function writeThrough(app: FastifyInstance, worlds: Worlds, ctx: MockContext): Promise<void> {
  const writer = new StateWriter({
    path: ctx.stateLock!.path,
    holder: worlds.default.holder,
    loaded: ctx.stateLoaded,
    limit: ctx.stateLimit,
    onError: (err) => stateError(app, ctx, err),
  });
  worlds.default.writer = writer;
  try {
    await writer.start();
  } catch (err) {
    ctx.stateLock!.release();
    throw err;
  }
  app.decorateRequest('stateSeq', 0);
  // Callback style: most answers settle at once, and a promise per request is measurable.
  // The world's entry (mock/worlds/hook.ts) takes its own writer's count instead.
  app.addHook('onRequest', (request, _reply, done) => {
    request.stateSeq = writer.seq;
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const answer = (kept: boolean) => {
      if (kept) return done(null, payload);
      const e = ctx.errors.STATE_NOT_SAVED();
      reply.code(e.statusCode).headers(e.answerHeaders()).header('content-type', 'application/json; charset=utf-8');
      done(null, JSON.stringify(e.body()));
    };
    const settled = (request.world?.writer ?? writer).settle(request.stateSeq);
    if (typeof settled === 'boolean') answer(settled);
    else settled.then(answer, (err: Error) => done(err));
  });
  app.addHook('onClose', async () => {
    await writer.close();
    await worlds.clear();
    ctx.stateLock!.release();
  });
}

/** Told when a state file cannot be written: the caller's callback, else the app's logger. */
function stateError(app: FastifyInstance, ctx: MockContext, err: Error): void {
  if (ctx.onStateError) ctx.onStateError(err);
  else app.log.error({ err }, 'the state file could not be written');
}
