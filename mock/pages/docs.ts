// The API reference at /docs (Swagger UI served by the mock itself, from the
// copy the build vendors or, from source, the installed swagger-ui-dist:
// swagger-assets.ts; no CDN, so it works offline) and the spec itself at /openapi.yaml and
// /openapi.json. The JSON copy points its server at the mock that serves it,
// so "Try it out" calls this mock whatever port it runs on.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RawNode, SPEC_PATH } from '../../spec/load.js';
import { noFraming } from './no-framing.js';
import { SWAGGER_UI_SERVED, swaggerUiDir } from './swagger-assets.js';

/** Only the files the page loads, whichever folder they come from. */
const SERVED = new Set(SWAGGER_UI_SERVED.map((name) => `/${name}`));
const PAGE_DIR = fileURLToPath(new URL('./docs/', import.meta.url));

/** A license that grants nothing and links nowhere (`UNLICENSED`, a bare name): Swagger UI would show it as a line that says nothing. */
function saysNothing(license: RawNode | undefined): boolean {
  if (!license || license.url) return false;
  const name = String(license.name ?? '').trim();
  return name === '' || /^unlicen[sc]ed$/i.test(name) || /^unlicen[sc]ed$/i.test(String(license.identifier ?? ''));
}

/** The spec with its server variable defaulting to the address the request came to, and no license line that says nothing. */
export function specFor(raw: RawNode, origin: string): RawNode {
  const doc = structuredClone(raw);
  const server = doc.servers?.[0];
  if (server?.variables?.base_url) server.variables.base_url.default = origin;
  if (saysNothing(doc.info?.license)) delete doc.info.license;
  return doc;
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export async function docs(app: FastifyInstance): Promise<void> {
  const { spec } = app.mock.ctx;
  const yamlText = await readFile(SPEC_PATH, 'utf8');
  const page = await readFile(new URL('index.html', `file://${PAGE_DIR}`), 'utf8');
  const script = await readFile(new URL('docs.js', `file://${PAGE_DIR}`), 'utf8');
  // "Try it out" sends calls with the user's token: no other site may frame the page.
  noFraming(app);

  await app.register(fastifyStatic, {
    root: swaggerUiDir(),
    allowedPath: (path) => SERVED.has(path),
    prefix: '/docs/assets/',
    decorateReply: false,
    index: false,
    list: false,
  });
  app.get('/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page),
  );
  app.get('/docs/docs.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(script));
  app.get('/openapi.yaml', async (_request, reply) => reply.type('application/yaml; charset=utf-8').send(yamlText));
  app.get('/openapi.json', async (request) => specFor(spec.raw, originOf(request)));
}
