// Section 5: the platform header is required on every request, with one of the
// values the spec's Platform enum lists.
import fp from 'fastify-plugin';
import { onOperation } from './on-operation.js';

export default fp(
  async (app) => {
    const { facts, errors } = app.mock.ctx;
    const { headers, platforms } = facts;
    const known = new Set(platforms);
    onOperation(app, () => (request, _reply, done) => {
      const value = request.headers[headers.platform];
      done(typeof value !== 'string' || !known.has(value) ? errors.PLATFORM(platforms) : undefined);
    });
  },
  { name: 'mcs-platform', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
