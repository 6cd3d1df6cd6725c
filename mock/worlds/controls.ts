// The worlds' own controls: GET /__mock/worlds lists the live ones, POST makes
// one with its own seed and size, DELETE /__mock/worlds/NAME drops one.
import type { FastifyInstance } from 'fastify';
import { controlBody } from '../controls/messages.js';
import { MOCK_LIMITS } from '../options.js';
import { DEFAULT_WORLD, isWorldName, shownName } from './names.js';

/** At most this many resting names in GET /__mock/worlds (restingCount says how many there are). */
export const RESTING_SHOWN = 1000;

export async function worldControls(app: FastifyInstance): Promise<void> {
  const { errors } = app.mock.ctx;
  const { worlds } = app.mock;
  const checkName = (name: unknown) => {
    if (!isWorldName(name))
      throw errors.MOCK_WORLD_NAME(
        `The path names the world ${shownName(name)}; a world's name is letters, digits and -, 1 to 40 characters.`,
      );
    return name;
  };

  app.get('/__mock/worlds', async () => {
    // With --state-file: worlds on disk but not in memory (they come back on their next use), the first
    // RESTING_SHOWN by name and how many in all, so the answer stays small whatever the disk holds.
    const resting = worlds.persistent ? await worlds.resting() : undefined;
    return {
      worlds: worlds.list(),
      max: worlds.max,
      persistent: worlds.persistent,
      ...(resting ? { resting: resting.slice(0, RESTING_SHOWN), restingCount: resting.length } : {}),
    };
  });

  app.post<{ Body: { name: string; seed?: number; clients?: number } }>(
    '/__mock/worlds',
    controlBody(errors, 'a world', {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', pattern: '^[A-Za-z0-9-]{1,40}$' },
        seed: { type: 'integer', minimum: MOCK_LIMITS.seed[0], maximum: MOCK_LIMITS.seed[1] },
        clients: { type: 'integer', minimum: 1, maximum: worlds.maxClients },
      },
      additionalProperties: false,
    }),
    async (request, reply) => {
      const { name, seed, clients } = request.body;
      const world = await worlds.create(name, { seed, clients });
      return reply.code(201).send({ world: world.info() });
    },
  );

  app.delete<{ Params: { name: string } }>('/__mock/worlds/:name', async (request) => {
    const name = checkName(request.params.name);
    if (name === DEFAULT_WORLD)
      throw errors.MOCK_CONTROL(
        'The default world cannot be dropped; POST /__mock/reset puts it back as the seed makes it.',
      );
    if (!(await worlds.drop(name))) throw errors.MOCK_WORLD_NOT_FOUND(name);
    return { message: `World ${name} dropped.` };
  });
}
