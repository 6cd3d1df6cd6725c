// A Laravel + Sanctum staging of the Measurement Capture Service, written from
// the interface document (not from this project's mock or spec), for the
// verdict tests: node:http, in memory, on 127.0.0.1 and a free port.
// The pipeline is Laravel's: the router (404, 405 with Allow), the JSON body,
// the platform header check, throttle:api, auth:sanctum, the subscribed
// middleware, then the controller; an exception is a 500 "Server Error".
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Ctx, defect, deviation, send, unauthenticated } from './http.js';
import { match, type Route } from './routes.js';
import { plansUnauthorized } from './routes-account.js';
import { type Accounts, DEFAULT_ACCOUNTS, Store } from './store.js';
import type { DefectName, DeviationName, Switches } from './switches.js';

export interface StagingOptions {
  defects?: Iterable<DefectName>;
  deviations?: Iterable<DeviationName>;
  accounts?: Partial<Accounts>;
  seed?: number;
  /** throttle:api (60 a minute by default); off unless given. */
  rateLimit?: { limit?: number; windowMs?: number };
}

export interface Staging {
  url: string;
  store: Store;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

function depth(value: unknown, level = 0): number {
  if (value === null || typeof value !== 'object') return level;
  let max = level + 1;
  for (const v of Object.values(value)) max = Math.max(max, depth(v, level + 1));
  return max;
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A failure before the controller, in the route's own shape. */
function early(c: Ctx, route: Route | undefined, status: number, message: string) {
  send(c, status, route?.statusShaped ? { status: 'error', message } : { message, status });
}

export async function startStaging(options: StagingOptions = {}): Promise<Staging> {
  const accounts = { ...DEFAULT_ACCOUNTS, ...options.accounts };
  const store = new Store(accounts, options.seed ?? 1);
  const switches: Switches = { defects: new Set(options.defects ?? []), deviations: new Set(options.deviations ?? []) };
  const limiter = options.rateLimit && {
    limit: options.rateLimit.limit ?? 60,
    windowMs: options.rateLimit.windowMs ?? 60_000,
  };
  /** The times of each key's calls within the window (a sliding log, as a Redis-backed limiter keeps). */
  const hits = new Map<string, number[]>();
  let origin = '';

  /** throttle:api, by user when the token is good, else by address; false when it answered 429. The window
   *  slides, so a burst past the limit meets its 429 wherever in the window it starts. */
  function throttle(c: Ctx, key: string) {
    if (!limiter) return true;
    const now = Date.now();
    const recent = (hits.get(key) ?? []).filter((at) => now - at < limiter.windowMs);
    hits.set(key, recent);
    const over = recent.length >= limiter.limit;
    if (!over) recent.push(now);
    c.limitHeaders = {
      'X-RateLimit-Limit': String(limiter.limit),
      'X-RateLimit-Remaining': String(Math.max(0, limiter.limit - recent.length)),
    };
    if (!over) return true;
    const free = (recent[0] ?? now) + limiter.windowMs;
    const message = defect(c, 'throttle-default-message')
      ? 'Too Many Attempts.'
      : 'Too many requests. Please try again later.';
    const retry = String(Math.max(1, Math.ceil((free - now) / 1000)));
    send(
      c,
      429,
      { message, status: 429 },
      { 'Retry-After': retry, 'X-RateLimit-Reset': String(Math.ceil(free / 1000)) },
    );
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    const c: Ctx = { req, res, store, switches, origin, path: '', query: url.searchParams, body: {}, limitHeaders: {} };
    if (!url.pathname.startsWith('/api/v1/'))
      return send(c, 404, { message: `The route ${url.pathname.slice(1)} could not be found.` });
    c.path = url.pathname.slice('/api/v1'.length);
    const found = match(c.path);
    if (!found) return send(c, 404, { message: `The route ${url.pathname.slice(1)} could not be found.` });
    const { route, param } = found;
    const method = req.method === 'HEAD' && route.method === 'GET' ? 'GET' : req.method;
    if (method !== route.method) {
      const allow = route.method === 'GET' ? 'GET, HEAD' : 'POST';
      return send(
        c,
        405,
        {
          message: `The ${req.method} method is not supported for route ${url.pathname.slice(1)}. Supported methods: ${allow}.`,
        },
        { Allow: allow },
      );
    }
    const raw = await readBody(req);
    if (raw === 'too-large') return early(c, route, 413, `The request body is too large (limit ${MAX_BODY} bytes).`);
    if (raw.length) {
      const type = String(req.headers['content-type'] ?? '');
      if (!/^application\/(.+\+)?json\b/i.test(type))
        return early(c, route, 415, `Unsupported content type ${type || 'none'}; send application/json.`);
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return early(c, route, 400, 'The request body is not valid JSON.');
      }
      if (depth(parsed) > 32) return early(c, route, 400, 'The request body is nested too deeply.');
      c.body =
        parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : {};
    }
    const platform = req.headers.platform;
    if (!deviation(c, 'platform-ignored') && !['WEB', 'IOS', 'ANDROID'].includes(String(platform)))
      return early(c, route, 400, 'The platform header is required and must be one of WEB, IOS, ANDROID.');
    const bearer = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''))?.[1];
    const header = defect(c, 'x-api-token-refused') ? undefined : (req.headers['x-api-token'] as string | undefined);
    const token = bearer ?? header ?? '';
    const holder = route.protected ? store.userOfToken(token) : undefined;
    const ip = req.socket.remoteAddress ?? '';
    if (!throttle(c, holder ? `user:${holder.id}` : `ip:${ip}`)) return;
    if (route.protected && !holder) return c.path === '/plans/index' ? plansUnauthorized(c) : unauthenticated(c);
    c.user = holder;
    if (route.subscribed && !holder?.plan_id) {
      const message = defect(c, 'subscription-wrong-message')
        ? 'Your subscription has expired.'
        : 'Subscription required.';
      return send(c, 403, { message, status: 403 });
    }
    route.handle(c, token, param);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (res.headersSent) return void res.destroy();
      res.statusCode = 500;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ message: 'Server Error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    store,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
