// Mock controls under /__mock, outside the API: demo accounts, reset, plans,
// token invalidation, fault injection and the password-reset outbox.
import type { FastifyInstance } from 'fastify';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../fixtures/reference.js';
import { MAX_FAULT_RULES } from './fault-rules.js';
import { controlBody, noOperation } from './messages.js';
import { tokenInvalidation } from './tokens.js';

const email = { type: 'string', minLength: 1 } as const;

export async function controls(app: FastifyInstance): Promise<void> {
  const { errors } = app.mock.ctx;
  const findUser = (ref: { email: string }) => {
    const user = app.mock.store.userByEmail(ref.email);
    if (!user) throw errors.MOCK_USER_NOT_FOUND(ref.email);
    return user;
  };

  // `active` is false once the account is deactivated (tokens/invalidate, reason deactivation): it cannot sign in.
  app.get('/__mock/accounts', async () => {
    const store = app.mock.store;
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

  app.post('/__mock/reset', async () => {
    app.mock.reset();
    return { message: `World reset to seed ${app.mock.ctx.seed} with ${app.mock.ctx.clients} clients.` };
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
      const user = findUser(request.body);
      const planId = request.body.plan_id;
      if (planId !== null && !app.mock.store.plan(planId)) throw errors.MOCK_CONTROL(`No plan ${planId}.`);
      app.mock.store.setSubscription(user.id, planId);
      return { message: planId === null ? `${user.email} has no active plan.` : `${user.email} is on plan ${planId}.` };
    },
  );

  tokenInvalidation(app, findUser);

  app.get('/__mock/faults', async () => ({ faults: app.mock.faults.list() }));
  app.delete('/__mock/faults', async () => {
    app.mock.faults.clear();
    return { message: 'All faults cleared.' };
  });
  app.post<{ Body: { operationId?: string; status?: number; latency_ms?: number; count?: number } }>(
    '/__mock/faults',
    controlBody(errors, 'a fault', {
      type: 'object',
      additionalProperties: false,
      properties: {
        operationId: { type: 'string' },
        status: { type: 'integer', minimum: 100, maximum: 599 },
        latency_ms: { type: 'integer', minimum: 0, maximum: app.mock.ctx.maxLatencyMs },
        count: { type: 'integer', minimum: 1 },
      },
      minProperties: 1,
    }),
    async (request, reply) => {
      const { operationId, status, latency_ms, count } = request.body;
      const op = operationId === undefined ? undefined : app.mock.ctx.spec.byId.get(operationId);
      if (operationId !== undefined && !op)
        throw errors.MOCK_CONTROL(noOperation(operationId, [...app.mock.ctx.spec.byId.keys()]));
      if (op && status !== undefined && !op.responses[String(status)]) {
        throw errors.MOCK_CONTROL(
          `${operationId} does not document status ${status}; it documents ${Object.keys(op.responses).join(', ')}.`,
        );
      }
      if (app.mock.faults.full)
        throw errors.MOCK_CONTROL(
          `At most ${MAX_FAULT_RULES} fault rules at once: clear them first (DELETE /__mock/faults), or give a count so that they end.`,
        );
      const rule = app.mock.faults.add({ operationId, status, latency_ms, remaining: count });
      return reply.code(201).send({ fault: rule });
    },
  );

  app.get('/__mock/mail', async () => ({ mail: app.mock.store.outbox }));
}
