// Section 5 rule 4: an account without a plan gets 403 `Subscription required.`
// on every gated operation. Which operations are gated is x-assumed, so a
// gated operation that answers anyway is an observation; a 403 in the wrong
// shape or words is a failure.
import type { OperationEntry } from '../../spec/load.js';
import type { Session } from '../session.js';
import { signIn } from './kit.js';

export async function subscriptionChecks(s: Session): Promise<void> {
  const nosub = s.ctx.nosub;
  const gated = s.spec.operations.filter((o) => o.subscriptionRequired);
  if (!nosub) {
    s.skip(
      { id: 'subscription', group: 'subscription', title: 'gated operations refuse an account without a plan' },
      'give --nosub-email and --nosub-password to check the subscription gate',
    );
    return;
  }
  let token: string | undefined;
  await s.check(
    {
      id: 'subscription:signin',
      group: 'subscription',
      operationId: 'signin',
      title: 'the account without a plan signs in',
    },
    async (run) => {
      const signedIn = await signIn(run, nosub.email, nosub.password);
      token = signedIn.token;
      return run.conform('signin', signedIn.out);
    },
  );
  if (!token) return;
  const refused = await gatedChecks(s, gated, token);
  // Which operations are gated is assumed; that most are is the document's word (section 5 rule 4).
  await s.check(
    { id: 'subscription:most-gated', group: 'subscription', title: 'most operations need an active subscription' },
    async () =>
      gated.length && refused * 2 < gated.length
        ? [
            {
              message: `only ${refused} of ${gated.length} gated operations refused the account without a plan; the document says most endpoints need a subscription`,
              expected: `at least ${Math.ceil(gated.length / 2)}`,
              actual: String(refused),
              severity: 'error',
            },
          ]
        : [],
  );
  await openChecks(s, token);
}

/** Each gated operation refuses the account without a plan; returns how many did. */
async function gatedChecks(s: Session, gated: OperationEntry[], token: string): Promise<number> {
  let refused = 0;
  for (const op of gated) {
    await s.check(
      {
        id: `subscription:${op.operationId}`,
        group: 'subscription',
        operationId: op.operationId,
        title: 'refuses an account without a plan with 403',
      },
      async (run) => {
        const out = await run.call(op.operationId, { auth: { bearer: token }, body: op.requestBody ? {} : undefined });
        if (out.status === 403) refused++;
        return run
          .conform(op.operationId, out, [403])
          .map((p) => (p.expected === '403' ? { ...p, severity: 'observation' } : p));
      },
    );
  }
  return refused;
}

/** Each protected operation not gated stays open to the account without a plan (which ones are gated is assumed). */
async function openChecks(s: Session, token: string): Promise<void> {
  for (const op of s.spec.operations.filter(
    (o) => !o.isPublic && !o.subscriptionRequired && o.operationId !== 'logout',
  )) {
    await s.check(
      {
        id: `subscription:${op.operationId}:open`,
        group: 'subscription',
        operationId: op.operationId,
        title: 'stays open to an account without a plan',
      },
      async (run) =>
        run
          .conform(
            op.operationId,
            await run.call(op.operationId, { auth: { bearer: token }, body: op.requestBody ? {} : undefined }),
          )
          .map((p) => ({ ...p, severity: 'observation' })),
    );
  }
}
