// Section 5: the platform header is required on every request.
import fp from 'fastify-plugin';
import { Errors } from '../errors.js';
import { onOperation } from './on-operation.js';

export const PLATFORMS = new Set(['WEB', 'IOS', 'ANDROID']);

export default fp(
  async (app) => {
    onOperation(app, () => async (request) => {
      const value = request.headers.platform;
      if (typeof value !== 'string' || !PLATFORMS.has(value)) throw Errors.PLATFORM();
    });
  },
  { name: 'mcs-platform' },
);
