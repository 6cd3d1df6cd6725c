// /favicon.ico: browsers ask for it on every page of the mock (the console has
// no <link rel="icon">), and a 404 for it is an error in the console of the
// developer whose app is under test. A tiny inline SVG answers instead.
import type { FastifyInstance } from 'fastify';

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">' +
  '<rect width="16" height="16" rx="3" fill="#2f6f4f"/>' +
  '<path d="M4 12V4l4 5 4-5v8" fill="none" stroke="#fff" stroke-width="1.6"/></svg>';

export async function favicon(app: FastifyInstance): Promise<void> {
  app.get('/favicon.ico', async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(FAVICON_SVG),
  );
}
