// Section 5 rule 4: operations marked x-subscription-required answer 403
// `Subscription required.` to users without an active plan.
import fp from 'fastify-plugin';
import { onOperation } from './on-operation.js';

export default fp(
  async (app) => {
    onOperation(app, (op) => {
      if (!op.subscriptionRequired) return undefined;
      return (request, _reply, done) => {
        done(
          !request.user || !app.mock.store.activeSubscription(request.user.id)
            ? app.errors.SUBSCRIPTION_REQUIRED()
            : undefined,
        );
      };
    });
  },
  { name: 'mcs-subscription' },
);
