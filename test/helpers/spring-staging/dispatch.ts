// The request pipeline in Spring's order: Tomcat reads the body, StrictHttpFirewall
// screens the URL, the rate-limit filter, the security filter chain (401), then
// DispatcherServlet: handler lookup (404/405, automatic OPTIONS and HEAD), the
// platform and subscription interceptors, the controller, and the advice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, BASE_PATH, baseHeaders, type Ctx, renderError, sendEmpty } from './http.js';
import type { App, Route } from './route.js';
import { clientRoutes } from './routes-client.js';
import { measureRoutes } from './routes-measure.js';
import { PLATFORMS, resetRoute, userRoutes } from './routes-user.js';
import { type RateLimiter, readCredential } from './security.js';

const MAX_BODY = 1024 * 1024;
const ROUTES = new Map<string, Route>([...userRoutes, ...clientRoutes, ...measureRoutes].map((r) => [r.path, r]));
const RESET_PREFIX = '/user/reset_password/';
/** StrictHttpFirewall's refusals (encoded slash/percent/dot segments, semicolons, doubled slashes). */
const MALICIOUS = /%2f|%5c|%25|%2e|;|\/\/|\/\.\.?(\/|$)|\\/i;

function lookup(route: string): Route | undefined {
  if (
    route.startsWith(RESET_PREFIX) &&
    route.length > RESET_PREFIX.length &&
    !route.slice(RESET_PREFIX.length).includes('/')
  ) {
    return resetRoute;
  }
  return ROUTES.get(route);
}

/** Whether an Accept header admits application/json (absent: anything goes). */
function acceptsJson(accept: string | undefined): boolean {
  if (accept === undefined || accept.trim() === '') return true;
  return accept.split(',').some((range) => {
    const [media = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    if (params.some((p) => /^q=0(\.0*)?$/.test(p))) return false;
    return (
      ['*/*', 'application/*', 'application/json'].includes(media) || /^application\/[a-z0-9.+-]*\+json$/.test(media)
    );
  });
}

function allowed(route: Route): string[] {
  return route.methods.includes('GET') ? [...route.methods, 'HEAD'] : route.methods;
}

export function readBody(req: IncomingMessage): Promise<{ body: Buffer; tooLarge: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve({ body: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge }));
    req.on('error', () => resolve({ body: Buffer.alloc(0), tooLarge }));
    // A client that goes away mid-body must not leave the handler waiting forever.
    req.on('close', () => resolve({ body: Buffer.alloc(0), tooLarge }));
  });
}

function rateLimit(ctx: Ctx, limiter: RateLimiter | undefined): void {
  if (!limiter) return;
  const r = limiter.take(ctx.req.socket.remoteAddress ?? 'unknown');
  ctx.res.setHeader('X-Rate-Limit-Remaining', String(r.remaining));
  if (r.allowed) return;
  ctx.res.setHeader('X-Rate-Limit-Retry-After-Seconds', String(r.retryAfter));
  ctx.res.setHeader('Retry-After', String(r.retryAfter));
  // The switched filter only calls sendError(429): Spring's error page then has no message.
  if (ctx.sw.has('rate-limit-spring-body')) throw new ApiError(429, '', {}, true);
  throw new ApiError(429, 'Too many requests. Please try again later.');
}

const CHALLENGE =
  'Bearer error="invalid_token", error_description="An error occurred while attempting to decode the Jwt: Malformed token", error_uri="https://tools.ietf.org/html/rfc6750#section-3.1"';

/** The platform header (a @RequestHeader) and the subscription HandlerInterceptor. */
function interceptors(ctx: Ctx, route: Route): void {
  const platform = ctx.req.headers.platform;
  if (typeof platform !== 'string' || platform.trim() === '') {
    throw new ApiError(400, "Required request header 'platform' for method parameter type String is not present");
  }
  if (!ctx.sw.has('platform-any-value') && !PLATFORMS.includes(platform.trim())) {
    throw new ApiError(400, `Invalid platform header: must be one of ${PLATFORMS.join(', ')}`);
  }
  if (route.subscription(ctx.sw) && ctx.user && ctx.store.company(ctx.user.companyId)?.planId == null) {
    if (ctx.sw.has('subscription-access-denied')) throw new ApiError(403, 'Access Denied', {}, true);
    throw new ApiError(403, 'Subscription required.');
  }
}

function pipeline(ctx: Ctx, app: App, limiter: RateLimiter | undefined): void {
  rateLimit(ctx, limiter);
  const route = ctx.route === '' ? undefined : lookup(ctx.route);
  const credential = readCredential(ctx, app.tokens);
  if (credential.kind === 'valid') {
    ctx.user = credential.user;
    ctx.tokenId = credential.jti;
  }
  if (!route) {
    if (ctx.sw.has('unknown-route-401') && credential.kind !== 'valid')
      throw new ApiError(401, 'Unauthorized', {}, true);
    throw new ApiError(404, `No static resource ${ctx.path.slice(1)}.`, {}, true);
  }
  if (ctx.method === 'OPTIONS') {
    sendEmpty(ctx, 200, { Allow: [...allowed(route), 'OPTIONS'].join(',') });
    return;
  }
  if (route.auth && credential.kind !== 'valid') {
    if (credential.kind === 'invalid' && ctx.sw.has('invalid-token-empty-401')) {
      sendEmpty(ctx, 401, { 'WWW-Authenticate': CHALLENGE });
      return;
    }
    throw new ApiError(401, ctx.route === '/plans/index' ? 'Unauthorized' : 'Unauthenticated.');
  }
  if (!allowed(route).includes(ctx.method)) {
    ctx.res.setHeader('Allow', allowed(route).join(','));
    throw new ApiError(405, `Request method '${ctx.method}' is not supported`, {}, true);
  }
  if (!acceptsJson(ctx.req.headers.accept)) {
    // HttpMediaTypeNotAcceptableException: nothing the controller produces may be written, not even an error body.
    sendEmpty(ctx, 406);
    return;
  }
  interceptors(ctx, route);
  route.handle(ctx, app);
}

export function handler(app: App, limiter: RateLimiter | undefined) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    baseHeaders(res);
    const { body, tooLarge } = await readBody(req);
    const raw = (req.url ?? '/').split('?')[0]!;
    const ctx: Ctx = {
      req,
      res,
      method: (req.method ?? 'GET').toUpperCase(),
      route: '',
      path: raw,
      query: new URLSearchParams((req.url ?? '').split('?').slice(1).join('?')),
      base: `http://${req.headers.host ?? `127.0.0.1:${req.socket.localPort}`}${BASE_PATH}`,
      body,
      tooLarge,
      sw: app.sw,
      store: app.store,
    };
    try {
      if (MALICIOUS.test(raw)) {
        throw new ApiError(
          400,
          'The request was rejected because the URL contained a potentially malicious String',
          {},
          true,
        );
      }
      let path: string;
      try {
        path = decodeURIComponent(raw);
      } catch {
        throw new ApiError(400, 'The request was rejected because the URL was not normalized.', {}, true);
      }
      ctx.path = path;
      if (path.startsWith(`${BASE_PATH}/`)) ctx.route = path.slice(BASE_PATH.length);
      pipeline(ctx, app, limiter);
    } catch (err) {
      if (err instanceof ApiError) renderError(ctx, err);
      else renderError(ctx, new ApiError(500, 'Internal Server Error', {}, true));
    }
  };
}
