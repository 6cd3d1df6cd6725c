// Cross-cutting plugins add an onRequest hook to each route that serves an
// operation of the spec, in the order the plugins are registered.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { OperationEntry } from '../../spec/load.js';

export function onOperation(
  app: FastifyInstance,
  make: (op: OperationEntry) => onRequestHookHandler | undefined,
): void {
  app.addHook('onRoute', (route) => {
    const op = route.config?.operation;
    if (!op) return;
    const hook = make(op);
    if (!hook) return;
    const existing = route.onRequest;
    route.onRequest = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook];
  });
}
