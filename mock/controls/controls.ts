// Mock controls under /__mock, outside the API: demo accounts, reset, plans,
// token invalidation, fault injection and the password-reset outbox.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../fixtures/reference.js';
import type { Store } from '../store/store.js';
import { DEFAULT_WORLD } from '../worlds/names.js';
import { type FaultBody, faultRefusal } from './fault-checks.js';
import { FAULT_KINDS, MAX_FAULT_RULES } from './fault-rules.js';
import { controlBody, HOW_TO_NAME_A_WORLD, inWorldText, noOperation } from './messages.js';
import { tokenInvalidation } from './tokens.js';

const email = { type: 'string', minLength: 1 } as const;

export async function controls(app: FastifyInstance): Promise<void> {
  const { errors } = app.mock.ctx;
  // Each control acts on its request's world (mock/worlds/hook.ts puts it there).
  const worldOf = (request: FastifyRequest) => request.world ?? app.mock.worlds.default;
  const findUser = (store: Store, ref: { email: string }) => {
    const user = store.userByEmail(ref.email);
    if (!user) throw errors.MOCK_USER_NOT_FOUND(ref.email);
    return user;
  };

  // `active` is false once the account is deactivated (tokens/invalidate, reason deactivation): it cannot sign in.
  app.get('/__mock/accounts', async (request) => {
    const store = worldOf(request).store;
    const demo = store.userByEmail('demo@example.com');
    const accounts = DEMO_ACCOUNTS.map((a) => ({ ...a, active: store.userByEmail(a.email)?.active ?? false }));
    const members = demo
      ? store.companyMembers(demo.company_id).map((u) => ({
          email: u.email,
          password: DEMO_PASSWORD,
          plan: !!store.activeSubscription(u.id),
          active: u.active,
        }))
      : [];
    return { accounts, demo_company: { name: demo ? store.companyOf(demo).name : null, members } };
  });

  app.post('/__mock/reset', async (request) => {
    const body = request.body;
    // {"world":"w3"} would reset the default world: reset takes nothing, so a field is refused.
    if (
      body !== undefined &&
      body !== null &&
      (typeof body !== 'object' || Array.isArray(body) || Object.keys(body).length > 0)
    )
      throw errors.MOCK_CONTROL(
        `POST /__mock/reset takes no body (empty or {}); to reset another world, ${HOW_TO_NAME_A_WORLD}.`,
      );
    const world = worldOf(request);
    world.reset();
    const named = world.name === DEFAULT_WORLD ? 'World' : `World ${world.name}`;
    return { message: `${named} reset to seed ${world.store.seed} with ${world.store.size} clients.` };
  });

  app.post<{ Body: { email: string; plan_id: number | null } }>(
    '/__mock/subscription',
    controlBody(errors, 'a plan change', {
      type: 'object',
      required: ['email', 'plan_id'],
      properties: { email, plan_id: { type: ['integer', 'null'] } },
      additionalProperties: false,
    }),
    async (request) => {
      const { store } = worldOf(request);
      const user = findUser(store, request.body);
      const planId = request.body.plan_id;
      if (planId !== null && !store.plan(planId)) throw errors.MOCK_CONTROL(`No plan ${planId}.`);
      store.setSubscription(user.id, planId);
      const where = inWorldText(worldOf(request));
      return {
        message:
          planId === null ? `${user.email} has no active plan${where}.` : `${user.email} is on plan ${planId}${where}.`,
      };
    },
  );

  tokenInvalidation(app, worldOf, findUser);

  app.get('/__mock/faults', async (request) => ({ faults: worldOf(request).faults.list() }));
  app.delete('/__mock/faults', async (request) => {
    const world = worldOf(request);
    world.faults.clear();
    return { message: `All faults cleared${inWorldText(world)}.` };
  });
  app.post<{ Body: FaultBody }>(
    '/__mock/faults',
    controlBody(errors, 'a fault', {
      type: 'object',
      additionalProperties: false,
      properties: {
        operationId: { type: 'string' },
        status: { type: 'integer', minimum: 100, maximum: 599 },
        kind: { type: 'string', enum: [...FAULT_KINDS] },
        latency_ms: { type: 'integer', minimum: 0, maximum: app.mock.ctx.maxLatencyMs },
        count: { type: 'integer', minimum: 1 },
        retry_after: { type: 'integer', minimum: 0, maximum: 86_400 },
        bytes_per_second: { type: 'integer', minimum: 1, maximum: 1_048_576 },
      },
      minProperties: 1,
    }),
    async (request, reply) => {
      const { operationId, status, kind, latency_ms, count, retry_after, bytes_per_second } = request.body;
      const { spec } = app.mock.ctx;
      const op = operationId === undefined ? undefined : spec.byId.get(operationId);
      if (operationId !== undefined && !op) throw errors.MOCK_CONTROL(noOperation(operationId, [...spec.byId.keys()]));
      const refusal = faultRefusal(request.body, op, spec.operations);
      if (refusal) throw errors.MOCK_CONTROL(refusal);
      const { faults } = worldOf(request);
      if (faults.full)
        throw errors.MOCK_CONTROL(
          `At most ${MAX_FAULT_RULES} fault rules at once: clear them first (DELETE /__mock/faults), or give a count so that they end.`,
        );
      const rule = faults.add({
        operationId,
        status,
        kind,
        latency_ms,
        retry_after,
        bytes_per_second,
        remaining: count,
      });
      return reply.code(201).send({ fault: rule });
    },
  );

  app.get('/__mock/mail', async (request) => ({ mail: worldOf(request).store.outbox }));
}
