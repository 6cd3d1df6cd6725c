// Latency and forced responses: fault rules from /__mock/faults, and Prism's
// `Prefer: code=NNN` header. A forced documented status answers with that status's
// example; a forced error says so in `x-mock-error: MCS_ERR_FORCED`. A failure
// outside the spec (a rule's kind, an undocumented 500/502/503/504, `Prefer: fault=`)
// is outside-spec.ts's.

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { OperationEntry } from '../../spec/load.js';
import {
  FAULT_KINDS,
  type FaultKind,
  OUTSIDE_SPEC_STATUSES,
  type Preference,
  parsePrefer,
  type Taken,
  undocumentedStatus,
} from '../controls/fault-rules.js';
import { onOperation } from './on-operation.js';
import { forceOutside, onSendOutside } from './outside-spec.js';

function sendDocumented(reply: FastifyReply, op: OperationEntry, status: number, exampleName?: string) {
  const { errors } = reply.server.mock.ctx;
  const response = op.responses[String(status)];
  if (!response) throw errors.MOCK_CONTROL(undocumentedStatus(op.operationId, status, Object.keys(op.responses)));
  const examples = response.examples;
  let body = examples[0];
  if (exampleName !== undefined) {
    const names = response.exampleNames;
    const i = names.indexOf(exampleName);
    if (i < 0)
      throw errors.MOCK_CONTROL(
        `${op.operationId} ${status} has no example "${exampleName}"; it has ${names.join(', ') || 'one unnamed example'}.`,
      );
    body = examples[i];
  }
  if (status === 429) {
    const { requests, windowSeconds } = reply.server.mock.ctx.facts.rateLimit;
    reply.headers({
      'retry-after': String(windowSeconds),
      'x-ratelimit-limit': String(requests),
      'x-ratelimit-remaining': '0',
    });
  }
  // The example is the body (not the catalogue's text): the answer is the documented one, and only the header tells.
  if (status >= 400) reply.headers(errors.FORCED(status, op.operationId).answerHeaders());
  return reply.code(status).send(body);
}

/** The failure outside the spec this call is to meet, if any: the Prefer header's over the rules'. */
function outsideKind(op: OperationEntry, prefer: Preference, taken: Taken | undefined): FaultKind | undefined {
  const undocumented = (status: number | undefined) =>
    status === undefined || String(status) in op.responses ? undefined : OUTSIDE_SPEC_STATUSES[status];
  if (prefer.fault) return prefer.fault;
  if (prefer.code !== undefined) return undocumented(prefer.code);
  return taken?.kind ?? undocumented(taken?.status);
}

export default fp(
  async (app) => {
    const { errors, maxLatencyMs } = app.mock.ctx;
    // Declared up front, so every request object keeps one shape (Fastify's advice on decorators).
    app.decorateRequest('forcedFault', null);
    app.decorateRequest('faultRate', 0);
    // The kinds made of the operation's answer cut, spoil or slow it here; any other answer costs one read.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.forcedFault === null) return done(null, payload);
      done(null, onSendOutside(request, reply, payload));
    });
    onOperation(app, (op) => (request, reply, done) => {
      // The common case costs one header read and one length check. The rules are the request's world's.
      const faults = (request.world ?? app.mock.worlds.default).faults;
      if (request.headers.prefer === undefined && faults.list().length === 0) return done();
      const prefer = parsePrefer(request.headers.prefer);
      if (Number.isNaN(prefer.code))
        return done(errors.MOCK_CONTROL('Prefer: code= takes a three-digit status, e.g. Prefer: code=404.'));
      if (prefer.fault === '')
        return done(errors.MOCK_CONTROL(`Prefer: fault= takes one of ${FAULT_KINDS.join(', ')}.`));
      // A rule's status applies where the operation documents it, or where a server or proxy would send it.
      const rule = faults.take(
        op.operationId,
        (status) => String(status) in op.responses || status in OUTSIDE_SPEC_STATUSES,
      );
      const kind = outsideKind(op, prefer, rule);
      const answer = () => {
        if (kind) return forceOutside(request, reply, kind, rule ?? {}, () => done());
        const status = prefer.code ?? rule?.status;
        if (status === undefined && prefer.example === undefined) return done();
        try {
          sendDocumented(
            reply,
            op,
            status ?? Number(Object.keys(op.responses).find((s) => s.startsWith('2'))),
            prefer.example,
          );
        } catch (err) {
          done(err as Error);
        }
      };
      // `no-answer`'s wait is the latency itself (outside-spec.ts).
      if (!rule?.latency_ms || kind === 'no-answer') return answer();
      // Ended with the connection: a client that gave up, or the mock closing, leaves no timer behind.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      sleep(Math.min(rule.latency_ms, maxLatencyMs), undefined, { signal: gone.signal }).then(answer, () => undefined);
    });
  },
  { name: 'mcs-faults', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
