// Section 5: the platform header is required on every request, with one of the
// values the spec's Platform enum lists.
import fp from 'fastify-plugin';
import { Errors } from '../errors.js';
import { onOperation } from './on-operation.js';

export default fp(
  async (app) => {
    const { headers, platforms } = app.mock.ctx.facts;
    const known = new Set(platforms);
    onOperation(app, () => (request, _reply, done) => {
      const value = request.headers[headers.platform];
      done(typeof value !== 'string' || !known.has(value) ? Errors.PLATFORM(platforms) : undefined);
    });
  },
  { name: 'mcs-platform' },
);
