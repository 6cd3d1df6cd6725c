// Usage: what apps sent and were answered, per operation, aggregated in each
// world since its reset and in all worlds since start (spec/usage/format.ts).
// GET /__mock/usage answers it (one world, or all), DELETE forgets it; the
// CLI's --usage-out writes the all-worlds view. spec:diff --usage reads it.
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { listedPlatform, noteExchange } from '../../spec/usage/record.js';
import { requestedWorld } from '../worlds/hook.js';

const query = { type: 'object', properties: { world: {} } } as const;

export default fp(
  async (app) => {
    const { ctx, worlds } = app.mock;
    const note = (request: FastifyRequest, status: number) => {
      const op = request.operation;
      const world = request.world;
      if (!op || !world) return;
      noteExchange(world.usage, op, {
        operationId: op.operationId,
        status,
        platform: listedPlatform(ctx.facts, request.headers),
        world: world.name,
        body: request.body ?? undefined,
        bodyText: request.bodyText,
        query: request.query as Record<string, unknown> | undefined,
        headers: request.headers,
      });
    };
    // Callback style, after the answer is sent: nothing is added to a request's time.
    app.addHook('onResponse', (request, reply, done) => {
      done();
      note(request, reply.statusCode);
    });

    app.get('/__mock/usage', { schema: { querystring: query } }, async (request) =>
      worlds.usage(requestedWorld(request, ctx.errors, true)),
    );
    app.delete('/__mock/usage', { schema: { querystring: query } }, async (request) => {
      const world = requestedWorld(request, ctx.errors, true);
      worlds.clearUsage(world);
      return { message: `Usage cleared${world ? ` for world ${world}` : ' for every world'}.` };
    });
  },
  { name: 'mcs-usage', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
