// The validating proxy: forwards the app's traffic to a deployment and checks
// each exchange against the spec with the contract suite's own validator. It
// never follows a redirect (the app gets the 3xx untouched, so no credential or
// body goes to another host), bounds the upstream's time and size (a silent or
// endless upstream is a 504/502 in the API's error shape), and grants CORS only
// to this machine's origins and those given with --cors-origin: the upstream's
// own CORS headers never reach the browser (proxy-headers.ts decides which of
// the upstream's headers pass, so an unsendable one cannot cost its body).
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { readBounded } from '../lib/limits.js';
import { CORS_MAX_AGE, isAllowedOrigin } from '../lib/origins.js';
import { createExchangeValidator } from '../spec/exchange.js';
import { answerHeaders, ascii, connectionNamed, mergeVary } from './headers.js';
import { PROXY_DEFAULTS, type ProxyOptions, resolveProxyOptions } from './options.js';
import { requestChecker } from './requests.js';

export { PROXY_DEFAULTS, type ProxyOptions, ProxyOptionsError } from './options.js';

/** Request headers that stay between the app and the proxy. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

function fail(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ message, status });
}

/** The proxy's app, ready to listen; options it cannot take are a ProxyOptionsError. */
export async function buildProxy(options: ProxyOptions): Promise<FastifyInstance> {
  const o = resolveProxyOptions(options);
  const { timeoutMs, maxBodyBytes } = o;
  const doFetch = o.fetch;
  const validator = createExchangeValidator(o.spec);
  const checkRequest = requestChecker(o.spec);
  const extra = o.corsOrigins;

  // Bounds on a slow app too: a request that does not arrive is not waited for.
  const app = Fastify({
    requestTimeout: timeoutMs + 10_000,
    bodyLimit: PROXY_DEFAULTS.requestBodyLimit,
    forceCloseConnections: true,
  });
  // The library never prints: unless told where, a violation goes to the app's logger (silent unless enabled).
  const log = o.log ?? ((line: string) => app.log.warn(line));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(cors, {
    origin: (origin, cb) => cb(null, isAllowedOrigin(origin, extra)),
    credentials: true,
    maxAge: CORS_MAX_AGE,
    exposedHeaders: [
      'sl-violations',
      'retry-after',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
      'location',
    ],
  });

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const op = validator.resolve({ method: request.method, path });
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const violations = op
        ? checkRequest(op, request.headers, body)
        : [`${request.method} ${path} is not an operation of the spec`];
      if (o.errors && violations.length) {
        log(`✗ ${request.method} ${request.url} not forwarded: ${violations.join('; ')}`);
        return reply
          .header('sl-violations', ascii(JSON.stringify(violations)))
          .code(422)
          .send({ message: `The request breaks the spec: ${violations.join('; ')}`, status: 422 });
      }
      const headers: Record<string, string> = {};
      const named = connectionNamed(request.headers.connection);
      for (const [k, v] of Object.entries(request.headers))
        if (v !== undefined && !HOP_BY_HOP.has(k) && !named.has(k)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      let res: Response;
      let text: string;
      const started = performance.now();
      try {
        res = await doFetch(`${o.upstream}${request.url}`, {
          method: request.method,
          headers,
          body: body?.length ? body : undefined,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        const read = await readBounded(res, maxBodyBytes);
        if (read.tooLarge) {
          log(`✗ ${request.method} ${request.url}: the upstream answer was larger than ${maxBodyBytes} bytes`);
          return fail(
            reply,
            502,
            `The upstream answer was larger than ${maxBodyBytes} bytes (after decompression); it was not passed on.`,
          );
        }
        text = read.text;
      } catch (err) {
        const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
        if (e.name === 'TimeoutError' || e.name === 'AbortError') {
          log(`✗ ${request.method} ${request.url}: no complete upstream answer within ${timeoutMs} ms`);
          return fail(reply, 504, `The upstream did not answer completely within ${timeoutMs} ms.`);
        }
        const why = e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error';
        log(`✗ ${request.method} ${request.url}: the upstream could not be reached (${why})`);
        return fail(reply, 502, `The upstream could not be reached (${why}).`);
      }
      const ms = Math.round(performance.now() - started);
      const passed = answerHeaders(res.headers);
      for (const [k, v] of passed.pass) reply.header(k, v);
      const vary = mergeVary(reply.getHeader('vary'), passed.vary);
      if (vary) reply.header('vary', vary);
      violations.push(...passed.dropped);
      if (op) {
        let parsed: unknown;
        try {
          parsed = text === '' ? undefined : JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const findings =
          parsed === undefined && res.status < 300
            ? [`${op.operationId} ${res.status}: the body is not JSON`]
            : validator
                .validate({
                  operationId: op.operationId,
                  status: res.status,
                  headers: Object.fromEntries(res.headers),
                  body: parsed,
                })
                .map((f) => f.message);
        violations.push(...findings.slice(0, 50));
      }
      if (violations.length) {
        log(`✗ ${request.method} ${request.url} ${res.status} (${ms} ms): ${violations.join('; ')}`);
        reply.header('sl-violations', ascii(JSON.stringify(violations)));
        if (o.errors)
          return fail(
            reply.removeHeader('content-type'),
            502,
            `The upstream's answer breaks the spec: ${violations.join('; ')}`,
          );
      }
      return reply.code(res.status).send(text);
    },
  });
  return app;
}
