// Section 5: every protected operation refuses a call without credentials and
// a made-up token with the documented 401; the token works in X-API-Token too.
// Each call carries a body the operation takes as valid (validInput), so that
// a server that validates before it authenticates answers about credentials.
import { randomBytes } from 'node:crypto';
import { protectedReads } from '../../spec/operation-facts.js';
import type { Discovered } from '../discovered.js';
import type { Session } from '../session.js';
import { validInput } from './kit.js';

export async function authChecks(s: Session, found: Discovered): Promise<void> {
  const madeUp = `made-up-${randomBytes(16).toString('hex')}`;
  // Not a secret (it opens nothing): a reproduction writes it out, so that it sends what the check sent.
  s.showToken(madeUp);
  for (const op of s.spec.operations.filter((o) => !o.isPublic)) {
    const body = op.requestBody ? validInput(op, found) : undefined;
    await s.check(
      {
        id: `auth:${op.operationId}:none`,
        group: 'auth',
        operationId: op.operationId,
        title: 'refuses a call without credentials',
      },
      async (run) => run.conform(op.operationId, await run.call(op.operationId, { auth: 'none', body }), [401]),
    );
    await s.check(
      {
        id: `auth:${op.operationId}:made-up`,
        group: 'auth',
        operationId: op.operationId,
        title: 'refuses a made-up token',
      },
      async (run) =>
        run.conform(op.operationId, await run.call(op.operationId, { auth: { bearer: madeUp }, body }), [401]),
    );
  }
  for (const { operationId } of protectedReads(s.spec)) {
    const spec = {
      id: `auth:${operationId}:x-api-token`,
      group: 'auth' as const,
      operationId,
      title: 'accepts the token as X-API-Token',
    };
    const r = found.reads.find((x) => x.operationId === operationId);
    // Recorded either way: a read that did not succeed leaves nothing to replay, and says so.
    if (!r && s.selected(s.op(operationId)))
      s.skip(spec, 'its conformance read did not succeed (or had nothing to read), so there is no request to replay');
    else
      await s.check(spec, async (run) =>
        // That either header carries the token is the document's word (section 5), whatever the operation assumes.
        run.conform(operationId, await run.call(operationId, { auth: 'x-api-token', body: r?.body }), '2xx', {
          rests: null,
        }),
      );
  }
}
