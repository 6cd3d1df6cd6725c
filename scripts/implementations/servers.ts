// Implementations of spec/openapi.yaml that nobody here wrote, started for the
// verdict table (scripts/implementations.ts) and its test
// (test/e2e/implementations.test.ts): Prism 5's static mock, and openapi-backend
// with the handlers its README shows. Both listen on 127.0.0.1 only.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Request as BackendRequest, type Context, OpenAPIBackend } from 'openapi-backend';
import { parse as parseYaml } from 'yaml';
import { SPEC_PATH } from '../../spec/load.js';
import { freePort, PRISM, startAndWait } from '../bench/processes.js';

export interface Implementation {
  name: string;
  /** The base URL and the base path the suite is pointed at (`--base-url`, `--base-path`). */
  url: string;
  basePath: string;
  stop: () => Promise<void>;
}

/** Prism serves every operation from its first example at its root, with no /api/v1 prefix. */
export async function prismStatic(): Promise<Implementation> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const prism = await startAndWait(
    process.execPath,
    [PRISM, 'mock', '-h', '127.0.0.1', '-p', String(port), SPEC_PATH],
    `${url}/`,
    {
      timeoutMs: 60_000,
    },
  );
  return { name: 'Prism 5 static mock', url, basePath: '', stop: prism.stop };
}

/** Bodies above this are refused before parsing: the server is a test's, but it must not be the weak point. */
const MAX_BODY = 1 << 20;

type Answer = { status: number; body: unknown };

/** openapi-backend as its README's mock example: every operation answered by mockResponseForOperation, a
 *  request that fails validation 400, an unknown route 404, a missing credential 401. `quick: true` skips
 *  its OpenAPI 3.0 meta-schema check (our spec is 3.1, whose `info.summary` and `type` lists it refuses,
 *  and a refused document is then not dereferenced at all). */
async function backend(): Promise<OpenAPIBackend> {
  const definition = parseYaml(readFileSync(SPEC_PATH, 'utf8'));
  const api = new OpenAPIBackend({ definition, apiRoot: '/api/v1', quick: true, ajvOpts: { logger: false } });
  const present = (name: string) => (c: Context) => Boolean(c.request.headers[name]);
  api.registerSecurityHandler('bearerAuth', present('authorization'));
  api.registerSecurityHandler('apiToken', present('x-api-token'));
  api.register({
    notImplemented: (c): Answer => {
      const { status, mock } = c.api.mockResponseForOperation(c.operation.operationId as string);
      return { status, body: mock };
    },
    validationFail: (c): Answer => ({ status: 400, body: { err: c.validation.errors } }),
    notFound: (): Answer => ({ status: 404, body: { err: 'not found' } }),
    methodNotAllowed: (): Answer => ({ status: 405, body: { err: 'method not allowed' } }),
    unauthorizedHandler: (): Answer => ({ status: 401, body: { err: 'unauthorized' } }),
  });
  await api.init();
  return api;
}

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function answer(api: OpenAPIBackend, req: IncomingMessage): Promise<Answer> {
  const text = await readBody(req);
  if (text === undefined) return { status: 413, body: { err: 'too large' } };
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return { status: 400, body: { err: 'malformed JSON' } };
  }
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const request: BackendRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: url.search.slice(1),
    headers: req.headers as BackendRequest['headers'],
    body,
  };
  return (await api.handleRequest(request)) as Answer;
}

export async function openapiBackend(): Promise<Implementation> {
  const api = await backend();
  const server = createServer((req, res) => {
    answer(api, req)
      .catch((err: Error): Answer => ({ status: 500, body: { err: err.message } }))
      .then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body ?? null));
      });
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stop = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return { name: 'openapi-backend 5 (README mock handlers)', url, basePath: '/api/v1', stop };
}

export const IMPLEMENTATIONS = { prism: prismStatic, 'openapi-backend': openapiBackend } as const;
export type ImplementationName = keyof typeof IMPLEMENTATIONS;
