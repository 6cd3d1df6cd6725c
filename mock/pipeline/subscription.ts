// Section 5 rule 4: operations marked x-subscription-required answer 403
// `Subscription required.` to users without an active plan.
import fp from 'fastify-plugin';
import { onOperation } from './on-operation.js';

export default fp(
  async (app) => {
    const { errors } = app.mock.ctx;
    onOperation(app, (op) => {
      if (!op.subscriptionRequired) return undefined;
      return (request, _reply, done) => {
        done(
          !request.user || !(request.world ?? app.mock.worlds.default).store.activeSubscription(request.user.id)
            ? errors.SUBSCRIPTION_REQUIRED()
            : undefined,
        );
      };
    });
  },
  // It reads the user the auth plugin's hook sets, so that hook must come first.
  { name: 'mcs-subscription', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors', 'mcs-auth'] },
);
