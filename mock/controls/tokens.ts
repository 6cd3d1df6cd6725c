// POST /__mock/tokens/invalidate: the token transitions of section 3 that the
// API has no operation for. A logout ends one token, as POST /user/logout ends
// the one it is sent with: the token named, else the user's most recent
// session. Every other reason ends all of the user's tokens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRecord } from '../../fixtures/types.js';
import { INVALIDATION_REASONS, type InvalidationReason, type Store } from '../store/store.js';
import type { World } from '../worlds/world.js';
import { controlBody, inWorldText } from './messages.js';

interface Body {
  email: string;
  reason: InvalidationReason;
  token?: string;
}

const text = { type: 'string', minLength: 1 } as const;

export function tokenInvalidation(
  app: FastifyInstance,
  worldOf: (request: FastifyRequest) => World,
  findUser: (store: Store, ref: { email: string }) => UserRecord,
): void {
  const { errors } = app.mock.ctx;
  app.post<{ Body: Body }>(
    '/__mock/tokens/invalidate',
    controlBody(errors, 'a token invalidation', {
      type: 'object',
      required: ['email', 'reason'],
      properties: { email: text, reason: { type: 'string', enum: [...INVALIDATION_REASONS] }, token: text },
      additionalProperties: false,
    }),
    async (request) => {
      const { reason, token } = request.body;
      const { store } = worldOf(request);
      const user = findUser(store, request.body);
      if (reason !== 'logout') {
        if (token !== undefined)
          throw errors.VALIDATION({
            token: [`A token is named only with reason logout; ${reason} ends every token of the user.`],
          });
        const revoked = store.revokeUserTokens(user.id, reason);
        return {
          message: `Invalidated ${revoked} token(s) of ${user.email}${inWorldText(worldOf(request))} (${reason}).`,
          revoked,
        };
      }
      if (token !== undefined && store.userByToken(token)?.id !== user.id)
        throw errors.VALIDATION({ token: [`The token is not a live session of ${user.email}.`] });
      const ended = token ?? store.latestToken(user.id);
      if (ended === undefined) return { message: `${user.email} has no session to log out.`, revoked: 0 };
      store.revokeToken(ended);
      const which = token === undefined ? 'the most recent session' : 'the session named';
      return {
        message: `Logged out ${which} of ${user.email} (logout ends one token, as POST /user/logout does; its other sessions stay).`,
        revoked: 1,
      };
    },
  );
}
