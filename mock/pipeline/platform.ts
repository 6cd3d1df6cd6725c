// Section 5: the platform header is required on every request, with one of the
// values the spec's Platform enum lists. Whether a request without it (or with
// another value) is refused is the spec's choice (x-platform-refusal.refused):
// when it is not, the request is served as the spec's default platform
// (routes.ts reads the header the same way).
import fp from 'fastify-plugin';
import type { SpecFacts } from '../../spec/facts.js';
import { onOperation } from './on-operation.js';

/** The platform a request is served as: its header when it is one of the spec's values, else the default. */
export function platformOf(facts: SpecFacts): (value: unknown) => string {
  const known = new Set(facts.platforms);
  return (value) => (typeof value === 'string' && known.has(value) ? value : facts.defaultPlatform);
}

export default fp(
  async (app) => {
    const { facts, errors } = app.mock.ctx;
    if (!facts.platformRefused) return;
    const { headers, platforms } = facts;
    const known = new Set(platforms);
    onOperation(app, () => (request, _reply, done) => {
      const value = request.headers[headers.platform];
      done(typeof value !== 'string' || !known.has(value) ? errors.PLATFORM(platforms) : undefined);
    });
  },
  { name: 'mcs-platform', decorators: { fastify: ['mock'] }, dependencies: ['mcs-errors'] },
);
