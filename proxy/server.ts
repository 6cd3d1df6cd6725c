// The validating proxy: forwards the app's traffic to a deployment and checks
// each exchange against the spec with the contract suite's own validator. It
// never follows a redirect (the app gets the 3xx untouched, so no credential or
// body goes to another host), bounds the upstream's time and size (a silent or
// endless upstream is a 504/502 in the API's error shape), and grants CORS only
// to this machine's origins and those given with --cors-origin: the upstream's
// own CORS headers never reach the browser (proxy-headers.ts decides which of
// the upstream's headers pass, so an unsendable one cannot cost its body).
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { readBounded } from '../lib/limits.js';
import { allowedHosts, CORS_MAX_AGE, foreignHost, isAllowedOrigin } from '../lib/origins.js';
import { type SecretPath, secretPathsOf } from '../lib/secret-paths.js';
import { tlsFailure } from '../lib/tls-failure.js';
import { createExchangeValidator, type ExchangeValidator } from '../spec/exchange.js';
import { type SpecFacts, specFacts } from '../spec/facts.js';
import type { OperationEntry } from '../spec/load.js';
import { emptyUsage, type UsageFile } from '../spec/usage/format.js';
import { listedPlatform, noteExchange } from '../spec/usage/record.js';
import { proxyClientErrors, refuseTunnel } from './client-errors.js';
import { answerHeaders, ascii, connectionNamed, mergeVary } from './headers.js';
import { PROXY_DEFAULTS, type ProxyOptions, type ProxySettings, resolveProxyOptions } from './options.js';
import { type Exchange, exchangeReporter } from './report.js';
import { type RequestFindings, requestChecker } from './requests.js';
import { exchangeRedaction } from './secrets.js';
import { type ProxySummary, Tally } from './tally.js';
import { upstreamUrl } from './upstream-url.js';

export { PROXY_DEFAULTS, type ProxyOptions, ProxyOptionsError } from './options.js';
export { NO_OPERATION, type OperationCounts, type ProxySummary, summaryLines } from './tally.js';

/** Where the proxy serves its summary (outside the API's prefix, like the mock's /__mock). */
export const SUMMARY_PATH = '/__proxy/summary';
/** Where it serves the usage of the traffic it relayed (spec/usage/format.ts). */
export const USAGE_PATH = '/__proxy/usage';

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

const tallies = new WeakMap<FastifyInstance, Tally>();
const usages = new WeakMap<FastifyInstance, UsageFile>();

/** What apps sent through a proxy built by buildProxy, and what it answered, since it started (GET /__proxy/usage). */
export function proxyUsage(app: FastifyInstance): UsageFile {
  const usage = usages.get(app);
  if (!usage) throw new Error('not an app of buildProxy');
  return { ...usage, until: new Date().toISOString() };
}

/** What a proxy built by buildProxy has counted since it started (GET /__proxy/summary serves the same). */
export function proxySummary(app: FastifyInstance): ProxySummary {
  const tally = tallies.get(app);
  if (!tally) throw new Error('not an app of buildProxy');
  return tally.summary();
}

interface Context {
  o: ProxySettings;
  validator: ExchangeValidator;
  checkRequest: ReturnType<typeof requestChecker>;
  report: ReturnType<typeof exchangeReporter>;
  /** The spec's paths with a secret parameter, masked in the log whatever the exchange's operation. */
  secretPaths: readonly SecretPath[];
  /** The usage of the traffic relayed. */
  usage: UsageFile;
  facts: SpecFacts;
}

/** The proxy's app, ready to listen; options it cannot take are a ProxyOptionsError. */
export async function buildProxy(options: ProxyOptions): Promise<FastifyInstance> {
  const o = resolveProxyOptions(options);
  // Bounds on a slow app too: a request that does not arrive is not waited for.
  const app = Fastify({
    requestTimeout: o.timeoutMs + 10_000,
    bodyLimit: PROXY_DEFAULTS.requestBodyLimit,
    forceCloseConnections: true,
    // `//__proxy/summary` is the summary too (the forwarded path is the request's own: proxy/upstream-url.ts).
    routerOptions: { ignoreDuplicateSlashes: true },
    // What Node's parser or Fastify's router refuse is answered in the API's shape too, as the proxy's own errors.
    clientErrorHandler: proxyClientErrors,
    frameworkErrors: (err, _request, reply) =>
      fail(reply, 400, `The request URL is not valid (${err.message}); it was not forwarded.`),
  });
  app.server.on('connect', refuseTunnel);
  // The library never prints: unless told where, a line goes to the app's logger (silent unless enabled).
  const log = o.log ?? ((line: string) => app.log.warn(line));
  const tally = new Tally();
  tallies.set(app, tally);
  const facts = specFacts(o.spec);
  const c: Context = {
    o,
    validator: createExchangeValidator(o.spec),
    checkRequest: requestChecker(o.spec),
    report: exchangeReporter(log, tally),
    secretPaths: secretPathsOf(o.spec.operations, o.spec.basePath),
    usage: emptyUsage('proxy'),
    facts,
  };
  usages.set(app, c.usage);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(cors, {
    origin: (origin, cb) => cb(null, isAllowedOrigin(origin, o.corsOrigins)),
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
  // Served here, never forwarded, with or without a trailing slash (the router decodes `%5F_proxy` too); to
  // this machine's names and IP literals only, so a page on a rebound name cannot read the counts.
  const hosts = allowedHosts(o.corsOrigins, o.hosts);
  const summary = (request: FastifyRequest, reply: FastifyReply) => {
    const foreign = foreignHost(hosts, request.headers.host, request.raw.url, true);
    if (foreign) return fail(reply, 403, `The summary is served to this machine only: ${foreign} (DNS rebinding).`);
    return reply.send(tally.summary());
  };
  app.get(SUMMARY_PATH, summary);
  app.get(`${SUMMARY_PATH}/`, summary);
  const usage = (request: FastifyRequest, reply: FastifyReply) => {
    const foreign = foreignHost(hosts, request.headers.host, request.raw.url, true);
    if (foreign) return fail(reply, 403, `The usage is served to this machine only: ${foreign} (DNS rebinding).`);
    return reply.send(proxyUsage(app));
  };
  app.get(USAGE_PATH, usage);
  app.get(`${USAGE_PATH}/`, usage);
  // What no route takes (`OPTIONS *`, a method the proxy does not forward) answers in the API's shape too.
  app.setNotFoundHandler((request, reply) => {
    const target = upstreamUrl(o.upstream, request.raw.url ?? request.url);
    if ('refused' in target) return fail(reply, 400, `The request was not forwarded: ${target.refused}.`);
    return fail(
      reply,
      404,
      `${request.method} is not a method the proxy forwards (GET, POST, PUT, PATCH, DELETE, HEAD).`,
    );
  });
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'],
    url: '/*',
    handler: (request, reply) => proxied(c, request, reply),
  });
  return app;
}

/** One exchange: the request checked, forwarded (or refused with --errors), the answer checked and passed on. */
async function proxied(c: Context, request: FastifyRequest, reply: FastifyReply) {
  // The target as the request line sent it: where it goes is decided before anything else is.
  const target = upstreamUrl(c.o.upstream, request.raw.url ?? request.url);
  if ('refused' in target) {
    const refused: Exchange = {
      method: request.method,
      operationId: null,
      redaction: exchangeRedaction(request.url, c.secretPaths, request.headers, undefined),
    };
    c.report(refused, { status: 400, note: 'not forwarded', violations: [target.refused] });
    return fail(reply, 400, `The request was not forwarded: ${target.refused}.`);
  }
  const path = request.url.split('?')[0]!;
  const op = c.validator.resolve({ method: request.method, path });
  const body = Buffer.isBuffer(request.body) ? request.body : undefined;
  const checked: RequestFindings = op
    ? c.checkRequest(op, request.headers, body)
    : { violations: [`${request.method} ${path} is not an operation of the spec`], observations: [] };
  const x: Exchange = {
    method: request.method,
    operationId: op?.operationId ?? null,
    redaction: exchangeRedaction(request.url, c.secretPaths, request.headers, checked.body),
  };
  const { violations, observations } = checked;
  if (c.o.errors && violations.length) {
    c.report(x, { status: 422, note: 'not forwarded', violations, observations });
    return reply
      .header('sl-violations', ascii(JSON.stringify(violations)))
      .code(422)
      .send({ message: `The request breaks the spec: ${violations.join('; ')}`, status: 422 });
  }
  const got = await upstream(c, target.url, request, body);
  if (op) noteUsage(c, op, request, checked.body, 'failure' in got ? 0 : got.res.status);
  if ('failure' in got) {
    c.report(x, { status: got.status, violations: [got.failure], observations });
    return fail(reply, got.status, got.message);
  }
  const { res, text, ms } = got;
  const passed = answerHeaders(res.headers);
  for (const [k, v] of passed.pass) reply.header(k, v);
  const vary = mergeVary(reply.getHeader('vary'), passed.vary);
  if (vary) reply.header('vary', vary);
  const all = [...violations, ...passed.dropped, ...(op ? answerFindings(c.validator, op, res, text) : [])];
  const refused = c.o.errors && all.length > 0;
  c.report(x, {
    status: res.status,
    note: `${ms} ms${refused ? ', answered 502' : ''}`,
    violations: all,
    observations,
  });
  if (all.length) reply.header('sl-violations', ascii(JSON.stringify(all)));
  if (refused)
    return fail(reply.removeHeader('content-type'), 502, `The upstream's answer breaks the spec: ${all.join('; ')}`);
  return reply.code(res.status).send(text);
}

type Upstream = { res: Response; text: string; ms: number } | { failure: string; status: number; message: string };

/** The upstream's answer, read whole within the bounds; or why there is none, for the log and for the app. */
async function upstream(c: Context, url: string, request: FastifyRequest, body: Buffer | undefined): Promise<Upstream> {
  const { timeoutMs, maxBodyBytes } = c.o;
  const headers: Record<string, string> = {};
  const named = connectionNamed(request.headers.connection);
  for (const [k, v] of Object.entries(request.headers))
    if (v !== undefined && !HOP_BY_HOP.has(k) && !named.has(k)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const started = performance.now();
  try {
    const res = await c.o.fetch(url, {
      method: request.method,
      headers,
      body: body?.length ? body : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const read = await readBounded(res, maxBodyBytes);
    if (read.tooLarge)
      return {
        failure: `the upstream answer was larger than ${maxBodyBytes} bytes`,
        status: 502,
        message: `The upstream answer was larger than ${maxBodyBytes} bytes (after decompression); it was not passed on.`,
      };
    return { res, text: read.text, ms: Math.round(performance.now() - started) };
  } catch (err) {
    const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      return {
        failure: `no complete upstream answer within ${timeoutMs} ms`,
        status: 504,
        message: `The upstream did not answer completely within ${timeoutMs} ms.`,
      };
    const why = e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error';
    // The log, which the proxy's operator reads, says what a refused certificate means and what to do.
    const tls = tlsFailure(err);
    return {
      failure: tls ? `the upstream could not be reached: ${tls}` : `the upstream could not be reached (${why})`,
      status: 502,
      message: `The upstream could not be reached (${why}).`,
    };
  }
}

/** The answer against the spec: its status, content type and body (at most 50 findings). */
function answerFindings(validator: ExchangeValidator, op: OperationEntry, res: Response, text: string): string[] {
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined && res.status < 300) return [`${op.operationId} ${res.status}: the body is not JSON`];
  return validator
    .validate({
      operationId: op.operationId,
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: parsed,
    })
    .slice(0, 50)
    .map((f) => f.message);
}

/** The exchange in the proxy's usage: what the app sent and what the upstream answered (0: no answer). */
function noteUsage(c: Context, op: OperationEntry, request: FastifyRequest, body: unknown, status: number): void {
  noteExchange(c.usage, op, {
    operationId: op.operationId,
    status,
    platform: listedPlatform(c.facts, request.headers),
    body,
    query: request.query as Record<string, unknown> | undefined,
    headers: request.headers,
  });
}
