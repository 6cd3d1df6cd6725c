// The per-operation checks: run in the order their plugins were registered, one
// hook for checks registered one after another, a foreign hook kept in its place,
// and a refusal, an answer or a throw each ending the chain.
import t from 'tap';
import Fastify, { type onRequestHookHandler } from 'fastify';
import type { OperationEntry } from '../../spec/load.js';
import { onOperation, type OperationCheck } from '../../mock/plugins/on-operation.js';
import '../../mock/runtime.js';

const op = { operationId: 'listThings' } as OperationEntry;

async function appWith(steps: Array<['check', string, OperationCheck?] | ['hook', string]>, seen: string[]) {
  const app = Fastify();
  t.teardown(() => app.close());
  let hooksOnRoute = 0;
  for (const [kind, name, check] of steps) {
    if (kind === 'check') onOperation(app, () => check ?? ((_request, _reply, done) => (seen.push(name), done())));
    else {
      const foreign: onRequestHookHandler = (_request, _reply, done) => (seen.push(name), done());
      app.addHook('onRoute', (route) => {
        route.onRequest = [...[route.onRequest ?? []].flat(), foreign];
      });
    }
  }
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET' && route.url === '/thing') hooksOnRoute = [route.onRequest ?? []].flat().length;
  });
  app.get('/thing', { config: { operation: op } }, async () => (seen.push('handler'), { ok: true }));
  app.get('/other', async () => (seen.push('other'), { ok: true }));
  await app.ready();
  return { app, hooks: () => hooksOnRoute };
}

t.test('checks run in registration order; those registered in a row share one hook, a foreign hook keeps its place', async (t) => {
  const cases: Array<{ name: string; steps: Parameters<typeof appWith>[0]; order: string[]; hooks: number }> = [
    { name: 'three in a row', steps: [['check', 'a'], ['check', 'b'], ['check', 'c']], order: ['a', 'b', 'c', 'handler'], hooks: 1 },
    { name: 'a foreign hook between', steps: [['check', 'a'], ['hook', 'rate'], ['check', 'b'], ['check', 'c']], order: ['a', 'rate', 'b', 'c', 'handler'], hooks: 3 },
    { name: 'a foreign hook first', steps: [['hook', 'rate'], ['check', 'a'], ['check', 'b']], order: ['rate', 'a', 'b', 'handler'], hooks: 2 },
  ];
  for (const c of cases) {
    const seen: string[] = [];
    const { app, hooks } = await appWith(c.steps, seen);
    const r = await app.inject({ method: 'GET', url: '/thing' });
    t.equal(r.statusCode, 200, c.name);
    t.same(seen, c.order, `${c.name}: order`);
    t.equal(hooks(), c.hooks, `${c.name}: hooks on the route`);
  }
});

t.test('a route that serves no operation gets no checks', async (t) => {
  const seen: string[] = [];
  const { app } = await appWith([['check', 'a']], seen);
  await app.inject({ method: 'GET', url: '/other' });
  t.same(seen, ['other']);
});

t.test('the HEAD route Fastify adds for a GET runs each check once', async (t) => {
  const seen: string[] = [];
  const { app } = await appWith([['check', 'a'], ['check', 'b']], seen);
  const head = await app.inject({ method: 'HEAD', url: '/thing' });
  t.equal(head.statusCode, 200);
  t.same(seen, ['a', 'b', 'handler']);
  seen.length = 0;
  await app.inject({ method: 'GET', url: '/thing' });
  t.same(seen, ['a', 'b', 'handler'], 'the GET route did not take the HEAD route’s checks as well');
});

t.test('a refusal, an answer or a throw ends the chain without a hang', async (t) => {
  const cases: Array<{ name: string; check: OperationCheck; status: number }> = [
    { name: 'refuses', check: (_request, _reply, done) => done(Object.assign(new Error('no'), { statusCode: 403 })), status: 403 },
    { name: 'answers', check: (_request, reply) => void reply.code(429).send({ status: 'error' }), status: 429 },
    { name: 'answers and calls done', check: (_request, reply, done) => (reply.code(418).send({}), done()), status: 418 },
    { name: 'throws', check: () => { throw Object.assign(new Error('broken'), { statusCode: 400 }); }, status: 400 },
  ];
  for (const c of cases) {
    const seen: string[] = [];
    const { app } = await appWith([['check', 'first'], ['check', c.name, c.check], ['check', 'after']], seen);
    const r = await app.inject({ method: 'GET', url: '/thing' });
    t.equal(r.statusCode, c.status, c.name);
    t.same(seen, ['first'], `${c.name}: neither the later check nor the handler ran`);
  }
});
