// The mock console at /__mock/ui: one static page (no framework, no CDN) that
// drives the same controls a script would, plus the state it shows.
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS } from '../../fixtures/reference.js';
import { noFraming } from './no-framing.js';

const ASSETS = new URL('./console/', import.meta.url);
const TYPES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'journal-rows.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
  'worlds.js': 'text/javascript; charset=utf-8',
};

export async function mockConsole(app: FastifyInstance): Promise<void> {
  // Its buttons reset the world and change plans: no other site may frame it.
  noFraming(app);
  const files = new Map<string, string>();
  for (const name of Object.keys(TYPES)) files.set(name, await readFile(new URL(name, ASSETS), 'utf8'));
  const serve = (name: string) => async (_request: unknown, reply: import('fastify').FastifyReply) =>
    reply.type(TYPES[name]!).header('cache-control', 'no-store').send(files.get(name));

  app.get('/__mock/ui', serve('index.html'));
  app.get('/__mock/ui/console.js', serve('console.js'));
  app.get('/__mock/ui/journal-rows.js', serve('journal-rows.js'));
  app.get('/__mock/ui/console.css', serve('console.css'));
  app.get('/__mock/ui/worlds.js', serve('worlds.js'));

  // What the console shows beside the journal: the request's world (X-Mock-World or ?world=, as every
  // control: mock/worlds/hook.ts), its accounts with their live plan, the plans.
  app.get('/__mock/ui/state', async (request) => {
    const { ctx } = app.mock;
    const world = request.world ?? app.mock.worlds.default;
    const { store } = world;
    const demo = store.userByEmail(DEMO_ACCOUNTS[0]!.email);
    const emails = [
      ...new Set([
        ...DEMO_ACCOUNTS.map((a) => a.email),
        ...(demo ? store.companyMembers(demo.company_id).map((u) => u.email) : []),
      ]),
    ];
    const plans = store.reference().plans.map((p) => ({ id: p.id, name: p.name }));
    const accounts = emails.flatMap((email) => {
      const user = store.userByEmail(email);
      if (!user) return [];
      const sub = store.activeSubscription(user.id);
      return [
        {
          email,
          active: user.active,
          plan: sub
            ? (plans.find((p) => p.id === sub.plan_id) ?? { id: sub.plan_id, name: `plan ${sub.plan_id}` })
            : null,
        },
      ];
    });
    return {
      world: world.name,
      seed: store.seed,
      clients: store.size,
      rateLimit:
        ctx.rateLimit === false ? null : { max: ctx.rateLimit.max, windowSeconds: ctx.rateLimit.windowMs / 1000 },
      journal: { capacity: app.mock.journal.size },
      accounts,
      plans,
      operations: ctx.spec.operations.map((o) => ({
        operationId: o.operationId,
        method: o.method.toUpperCase(),
        path: o.path,
        statuses: Object.keys(o.responses),
      })),
    };
  });
}
