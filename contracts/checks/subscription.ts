// Section 5 rule 4: an account without a plan gets 403 `Subscription required.`
// on every gated operation. Which operations are gated is x-assumed
// (`/x-subscription`), so a gated operation that answers anyway is an
// observation; a 403 in the wrong shape or words is a failure. Every check
// works on the operations --only/--skip selected, and each one that cannot
// run (no sign-in for the account without a plan) is recorded as skipped with
// the reason, never dropped.
import type { OperationEntry } from '../../spec/load.js';
import type { Discovered } from '../discovered.js';
import type { CheckSpec, Session } from '../session.js';
import type { Want } from '../types.js';
import { endsSession } from './disposable.js';
import { signIn, validInput } from './kit.js';

/** The assumption of which operations are gated. */
export const GATING = '/x-subscription';

const gatedSpec = (op: OperationEntry): CheckSpec => ({
  id: `subscription:${op.operationId}`,
  group: 'subscription',
  operationId: op.operationId,
  title: 'refuses an account without a plan with 403',
  shows: [GATING],
});
const openSpec = (op: OperationEntry): CheckSpec => ({
  id: `subscription:${op.operationId}:open`,
  group: 'subscription',
  operationId: op.operationId,
  title: 'stays open to an account without a plan',
  shows: [GATING],
});
const MOST: CheckSpec = {
  id: 'subscription:most-gated',
  group: 'subscription',
  title: 'most of the selected operations need an active subscription',
};

/** The account without which the gate is not checked, and the flags that give it. */
const NOSUB: Want = { input: 'an account without a plan', flag: '--nosub-email/--nosub-password' };

export async function subscriptionChecks(s: Session, found: Discovered): Promise<void> {
  const nosub = s.ctx.nosub;
  if (!nosub) {
    s.skip(
      {
        id: 'subscription',
        group: 'subscription',
        title: 'gated operations refuse an account without a plan',
        shows: [GATING],
      },
      'the run has no account without a plan to check the subscription gate with',
      NOSUB,
    );
    return;
  }
  const gated = s.spec.operations.filter((o) => o.subscriptionRequired && s.selected(o));
  const open = s.spec.operations.filter(
    (o) => !o.isPublic && !o.subscriptionRequired && !endsSession(o) && s.selected(o),
  );
  const signinSpec: CheckSpec = {
    id: 'subscription:signin',
    group: 'subscription',
    title: 'the account without a plan signs in',
  };
  if (!gated.length && !open.length) {
    const why = 'no protected operation is selected by --only/--skip';
    for (const spec of [signinSpec, MOST]) s.skip(spec, why);
    return;
  }
  let token: string | undefined;
  // The sign-in is every check's precondition here: it runs whenever one of them is selected.
  await s.check(signinSpec, async (run) => {
    const signedIn = await signIn(run, nosub.email, nosub.password);
    token = signedIn.token;
    return run.conform('signin', signedIn.out);
  });
  if (!token) {
    const why = 'the account without a plan could not sign in (subscription:signin says why)';
    for (const spec of [...gated.map(gatedSpec), MOST, ...open.map(openSpec)]) s.skip(spec, why);
    return;
  }
  const refused = await gatedChecks(s, found, gated, token);
  // Which operations are gated is assumed; that most are is the document's word (section 5 rule 4).
  if (!gated.length) s.skip(MOST, 'no gated operation is selected by --only/--skip');
  else
    await s.check(MOST, async () =>
      refused * 2 < gated.length
        ? [
            {
              message: `only ${refused} of the ${gated.length} selected gated operations refused the account without a plan; the document says most endpoints need a subscription`,
              expected: `at least ${Math.ceil(gated.length / 2)}`,
              actual: String(refused),
              severity: 'error',
            },
          ]
        : [],
    );
  await openChecks(s, found, open, token);
}

/** Each gated operation refuses the account without a plan; returns how many did. */
async function gatedChecks(s: Session, found: Discovered, gated: OperationEntry[], token: string): Promise<number> {
  let refused = 0;
  for (const op of gated) {
    await s.check(gatedSpec(op), async (run) => {
      const body = op.requestBody ? validInput(op, found) : undefined;
      const out = await run.call(op.operationId, { auth: { bearer: token }, body });
      if (out.status === 403) refused++;
      // Only the status rests on the gating: what the body breaks keeps its own node (a fact, most often).
      return run.conform(op.operationId, out, [403], { rests: GATING });
    });
  }
  return refused;
}

/** Each protected operation not gated stays open to the account without a plan (which ones are gated is assumed). */
async function openChecks(s: Session, found: Discovered, open: OperationEntry[], token: string): Promise<void> {
  for (const op of open) {
    await s.check(openSpec(op), async (run) => {
      const body = op.requestBody ? validInput(op, found) : undefined;
      return run.conform(op.operationId, await run.call(op.operationId, { auth: { bearer: token }, body }), '2xx', {
        rests: GATING,
      });
    });
  }
}
