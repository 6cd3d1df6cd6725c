// Cross-cutting plugins add a check to each route that serves an operation of
// the spec; a route's checks run in the order the plugins are registered.
// Checks registered one after another share one onRequest hook: Fastify's hook
// runner costs every request a call and a test per hook, and these run on every
// request. A hook another plugin adds in between (the rate limit's) keeps its place.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { OperationEntry } from '../../spec/load.js';

/** A check: calls `done()` to let the request on, `done(error)` to refuse it, or answers through `reply` itself. */
export type OperationCheck = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;

/** The checks behind each composed hook, so the next plugin can join the last one. */
const checksOf = new WeakMap<object, OperationCheck[]>();

function inTurn(checks: OperationCheck[]): onRequestHookHandler {
  return (request, reply, done) => {
    let i = 0;
    const next = (err?: Error) => {
      if (err || i === checks.length) return done(err);
      // As Fastify does between hooks: a check that answered ends the chain.
      if (reply.sent) return;
      try {
        checks[i++]!(request, reply, next);
      } catch (error) {
        done(error as Error);
      }
    };
    next();
  };
}

export function onOperation(app: FastifyInstance, make: (op: OperationEntry) => OperationCheck | undefined): void {
  app.addHook('onRoute', (route) => {
    const op = route.config?.operation;
    if (!op) return;
    const check = make(op);
    if (!check) return;
    const existing = route.onRequest;
    const hooks = Array.isArray(existing) ? existing : existing ? [existing] : [];
    const last = hooks[hooks.length - 1];
    const joined = last && checksOf.get(last);
    if (joined) {
      joined.push(check);
      return;
    }
    const checks = [check];
    const hook = inTurn(checks);
    checksOf.set(hook, checks);
    route.onRequest = [...hooks, hook];
  });
}
