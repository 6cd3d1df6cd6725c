// Deliberately broken deployments: a front server that forwards to a real
// mock (through inject) and breaks one thing on the way back.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Test } from 'tap';
import { runContracts } from '../../contracts/runner.js';
import type { RunOptions, RunReport } from '../../contracts/types.js';
import { buildMock } from '../../mock/build.js';
import { spec } from './mock.js';

export type Defect = (ctx: {
  mock: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  path: string;
  forward: (
    headers?: Record<string, string>,
  ) => Promise<{ status: number; headers: Record<string, unknown>; body: any }>;
}) => Promise<unknown> | unknown;

export async function brokenServer(t: Test, defect: Defect): Promise<string> {
  const mock = await buildMock({ spec: await spec(), rateLimit: false });
  // The mock judges a body's size (413), not the front: it lets larger ones through to it.
  const front = Fastify({ forceCloseConnections: true, bodyLimit: 8 * 2 ** 20 });
  front.removeAllContentTypeParsers();
  front.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  front.all('/*', async (request, reply) => {
    const path = request.url.replace(/^\/api\/v1/, '').split('?')[0]!;
    const forward = async (extra: Record<string, string> = {}) => {
      // A deployment, not the mock: no controls, so a run names no world and works where the defects act.
      if (request.url.startsWith('/__mock/'))
        return { status: 404, headers: { 'content-type': 'application/json' }, body: { message: 'Not found.' } };
      const r = await mock.inject({
        method: request.method as 'POST',
        url: request.url,
        headers: { ...(request.headers as Record<string, string>), ...extra },
        ...(typeof request.body === 'string' && request.body !== '' ? { payload: request.body } : {}),
      });
      let body: unknown = r.body;
      try {
        body = JSON.parse(r.body);
      } catch {
        /* raw */
      }
      return { status: r.statusCode, headers: r.headers as Record<string, unknown>, body };
    };
    const result = await defect({ mock, request, reply, path, forward });
    if (result === 'hang') return new Promise(() => undefined);
    if (result === 'drop') {
      request.raw.socket.destroy();
      return reply;
    }
    // A Fastify reply is thenable (awaiting it gives undefined): a defect that answered itself is done.
    if (reply.sent) return reply;
    if (result !== undefined) return result;
    return relay(reply, await forward());
  });
  const url = await front.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(async () => {
    await front.close();
    await mock.close();
  });
  return url;
}

/** Send a forwarded answer as it came. */
export function relay(reply: FastifyReply, r: { status: number; headers: Record<string, unknown>; body: unknown }) {
  for (const [k, v] of Object.entries(r.headers))
    if (!['content-length', 'transfer-encoding', 'connection'].includes(k)) reply.header(k, v as string);
  return reply.code(r.status).send(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
}

/** Forward once, then pass the JSON answer through `change` (status and body) when it matches. */
export function alter(
  match: (path: string, status: number) => boolean,
  change: (r: { status: number; body: any }) => { status: number; body: unknown; contentType?: string },
): Defect {
  return async ({ path, reply, forward }) => {
    const r = await forward();
    if (!match(path, r.status)) return relay(reply, r);
    const out = change({ status: r.status, body: structuredClone(r.body) });
    reply.code(out.status).header('content-type', out.contentType ?? 'application/json; charset=utf-8');
    return reply.send(typeof out.body === 'string' ? out.body : JSON.stringify(out.body));
  };
}

const DEMO = { email: 'demo@example.com', password: 'demo-password' };

/** The suite against a broken deployment, as the demo account, in the default world (the defects act there). */
export async function runBroken(t: Test, defect: Defect, options: Partial<RunOptions> = {}): Promise<RunReport> {
  const url = await brokenServer(t, defect);
  return runContracts({ baseUrl: url, world: 'default', credentials: DEMO, timeoutMs: 5000, ...options }, await spec());
}

/** A report with one failure (client/list without its page's total), for the reporters' browser tests. */
export function reportWithAFailure(t: Test): Promise<RunReport> {
  return runBroken(
    t,
    alter(
      (p, s) => p === '/client/list' && s === 200,
      (r) => (delete r.body.data.total, r),
    ),
    { world: undefined },
  );
}

/** Forward the request with another body (its content-length dropped) and relay the mock's answer. */
export async function forwardBody(
  ctx: Pick<Parameters<Defect>[0], 'mock' | 'request' | 'reply'>,
  payload: object,
): Promise<unknown> {
  const { 'content-length': _length, ...headers } = ctx.request.headers;
  const r = await ctx.mock.inject({
    method: 'POST',
    url: ctx.request.url,
    headers: headers as Record<string, string>,
    payload,
  });
  return relay(ctx.reply, { status: r.statusCode, headers: r.headers, body: r.body });
}
