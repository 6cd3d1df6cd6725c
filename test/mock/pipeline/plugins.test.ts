// Each plugin of the mock takes its settings from the mock's context
// (app.mock.ctx) and declares what it relies on, so registering one out of
// place fails at start with the name of what is missing, not at the first request.
import Fastify, { type FastifyPluginCallback } from 'fastify';
import t from 'tap';
import journal from '../../../mock/journal/plugin.js';
import { resolveOptions } from '../../../mock/options.js';
import auth from '../../../mock/pipeline/auth.js';
import errors from '../../../mock/pipeline/errors.js';
import faults from '../../../mock/pipeline/faults.js';
import jsonBody from '../../../mock/pipeline/json-body.js';
import platform from '../../../mock/pipeline/platform.js';
import rateLimit from '../../../mock/pipeline/rate-limit.js';
import routes from '../../../mock/pipeline/routes.js';
import subscription from '../../../mock/pipeline/subscription.js';
import type { MockRuntime } from '../../../mock/runtime.js';
import { spec } from '../../helpers/mock.js';

const PLUGINS = { errors, jsonBody, faults, rateLimit, platform, auth, subscription, journal, routes };

async function started(plugins: FastifyPluginCallback[], mock?: Partial<MockRuntime>): Promise<void> {
  const app = Fastify();
  try {
    if (mock) app.decorate('mock', mock as MockRuntime);
    for (const p of plugins) await app.register(p);
    await app.ready();
  } finally {
    await app.close();
  }
}

t.test('every plugin refuses to start without the mock runtime it reads its settings from', async (t) => {
  for (const [name, plugin] of Object.entries(PLUGINS))
    await t.rejects(started([plugin as FastifyPluginCallback]), /decorator 'mock'/, name);
});

t.test('a plugin that relies on another names it when that one is missing', async (t) => {
  const { ctx } = await resolveOptions({ spec: await spec() });
  const mock = { ctx, journal: { enabled: false } as MockRuntime['journal'] };
  await t.rejects(started([platform], mock), /mcs-errors/, 'platform raises through the errors plugin');
  await t.rejects(started([errors, subscription], mock), /mcs-auth/, 'subscription reads the user auth sets');
  await t.resolves(started([errors, auth, subscription], mock), 'in order, they start');
});
