// Latency and forced responses: fault rules from /__mock/faults, and Prism's
// `Prefer: code=NNN` header. A forced status answers with that status's example;
// a forced error says so in `x-mock-error: MCS_ERR_FORCED`.

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { OperationEntry } from '../../spec/load.js';
import { parsePrefer } from '../controls/fault-rules.js';
import { onOperation } from './on-operation.js';

function sendDocumented(reply: FastifyReply, op: OperationEntry, status: number, exampleName?: string) {
  const { errors } = reply.server.mock.ctx;
  const response = op.responses[String(status)];
  if (!response) {
    const documented = Object.keys(op.responses).join(', ');
    throw errors.MOCK_CONTROL(`${op.operationId} does not document status ${status}; it documents ${documented}.`);
  }
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

export default fp(
  async (app) => {
    const { errors } = app.mock.ctx;
    onOperation(app, (op) => (request, reply, done) => {
      // The common case costs one header read and one length check. The rules are the request's world's.
      const faults = (request.world ?? app.mock.worlds.default).faults;
      if (request.headers.prefer === undefined && faults.list().length === 0) return done();
      const prefer = parsePrefer(request.headers.prefer);
      if (Number.isNaN(prefer.code))
        return done(errors.MOCK_CONTROL('Prefer: code= takes a three-digit status, e.g. Prefer: code=404.'));
      const rule = faults.take(op.operationId, (status) => String(status) in op.responses);
      const answer = () => {
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
      if (rule?.latency_ms) void sleep(Math.min(rule.latency_ms, app.mock.ctx.maxLatencyMs)).then(answer);
      else answer();
    });
  },
  { name: 'mcs-faults', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
