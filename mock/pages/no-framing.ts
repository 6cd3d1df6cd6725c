// Pages of the mock that a user clicks in (/docs, /__mock/ui) must not be
// framed by another site, which could lay their buttons under its own
// (clickjacking). Both headers: CSP frame-ancestors for current browsers,
// X-Frame-Options for those that predate it.
import type { FastifyInstance, onSendHookHandler } from 'fastify';

export const NO_FRAMING = {
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
} as const;

const refuseFraming: onSendHookHandler = (_request, reply, payload, done) => {
  reply.headers(NO_FRAMING);
  done(null, payload);
};

/** Every answer of the plugin context it is called in refuses framing (its errors too). */
export function noFraming(app: FastifyInstance): void {
  app.addHook('onSend', refuseFraming);
}
