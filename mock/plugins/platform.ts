// Section 5: the platform header is required on every request.
import fp from 'fastify-plugin';
import { Errors } from '../errors.js';
import { onOperation } from './on-operation.js';

export const PLATFORMS = new Set(['WEB', 'IOS', 'ANDROID']);

export default fp(
  async (app) => {
    onOperation(app, () => (request, _reply, done) => {
      const value = request.headers.platform;
      done(typeof value !== 'string' || !PLATFORMS.has(value) ? Errors.PLATFORM() : undefined);
    });
  },
  { name: 'mcs-platform' },
);
